// OpenClaw 2026.9's agent database in real Chromium against serve mode, on the state folder
// OpenClaw's own code made (e2e/fixtures/openclaw-2026.9): database transcripts in the sidebar and
// transcript viewer, the Agent view (the agent's own index beside the files) with its stale-index
// banner, the agent's importance/project/triggers in the editor gutter, and the agent switcher
// opening the other agent's workspace without a restart. Screenshots at 1440×900 and 1024×700.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test, type ServedWorkspace } from './support/serve-fixture.js';
import { fileItem, openApp, openFile, snap } from './support/ui-helpers.js';

test.use({ serveStateFolder: 'openclaw-2026.9' });

const MAIN = '7c1d2e4a-0b9f-4c55-9a1e-2f1d3c4b5a69';
const dbOf = (served: ServedWorkspace, agent: string) =>
  path.join(served.home, '.openclaw', 'agents', agent, 'agent', 'openclaw-agent.sqlite');
const hash = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

/** The page as it is now at both window sizes (the steps run once, at the first). */
async function shots(page: Page, testInfo: TestInfo, name: string, copyAs: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await snap(page, testInfo.outputPath(`${name}-${size.width}.png`));
    fs.copyFileSync(
      testInfo.outputPath(`${name}-${size.width}.png`),
      path.join('test-results', `${copyAs}-${size.width}x${size.height}.png`),
    );
  }
  await page.setViewportSize(SIZES[0]!);
}

test(`agent database: transcripts, the agent's index, the gutter, the switcher (pictures at 1440×900 and 1024×700)`, async ({
  page,
  served,
}, testInfo) => {
  const before = { main: hash(dbOf(served, 'main')), research: hash(dbOf(served, 'research')) };
  await page.setViewportSize(SIZES[0]!);
  await openApp(page, served.url);

  // A transcript that lives only in the database: listed, and opened as a chat.
  await expect(fileItem(page, `sessions/main/${MAIN}.jsonl`)).toBeVisible();
  await fileItem(page, `sessions/main/${MAIN}.jsonl`).locator('.file-item__open').click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', `sessions/main/${MAIN}.jsonl`);
  await expect(page.getByText('历年合同金额如下').first()).toBeVisible();

  // The agent's index is behind the files: the banner says so and leads to the Agent view.
  const banner = page.getByTestId('stale-index-banner');
  await expect(banner).toContainText('1 changed since it indexed them, 1 not in it, 1 deleted but still in it');
  await banner.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('main-view')).toHaveAttribute('data-view', 'agent');
  const row = (p: string) => page.locator(`[data-testid="agent-index-row"][data-path="${p}"]`);
  await expect(row('memory/2026-09-01.md')).toHaveAttribute('data-status', 'stale');
  await expect(row('memory/2026-09-02.md')).toHaveAttribute('data-status', 'missing');
  await expect(row('memory/old-notes.md')).toHaveAttribute('data-status', 'extra');
  await expect(row('MEMORY.md')).toHaveAttribute('data-status', 'current');
  await expect(page.getByTestId('agent-session')).toHaveCount(4);
  await shots(page, testInfo, 'agent-index', 'agent-index');

  // MEMORY.md in the editor: the agent's importance, project and triggers beside its lines.
  await openFile(page, 'MEMORY.md');
  const notes = page.getByTestId('agent-gutter-note');
  await expect(notes.filter({ hasText: '★9 atlas' })).toHaveCount(1);
  await expect(notes.filter({ hasText: '⚑2' })).toHaveAttribute('title', /triggers: contract, 合同/);
  await shots(page, testInfo, 'agent-gutter', 'agent-gutter');

  // The switcher: the research agent's workspace, transcripts and index, without a restart.
  const switcher = page.getByTestId('agent-switcher');
  await expect(switcher.locator('option')).toHaveText(['main (default)', 'research']);
  await switcher.focus();
  await shots(page, testInfo, 'agent-switcher', 'agent-switcher');
  await switcher.selectOption({ label: 'research' });
  await expect(page.getByTestId('workspace-name')).toContainText('workspace-research');
  await expect(fileItem(page, 'memory/reading-list.md')).toBeVisible();
  await expect(fileItem(page, 'sessions/research/5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d.jsonl')).toBeVisible();
  await expect(fileItem(page, `sessions/main/${MAIN}.jsonl`)).toHaveCount(0);
  await page.getByTestId('view-agent').click();
  await expect(page.locator('[data-testid="agent-db"]')).toHaveAttribute('data-agent', 'research');
  await expect(page.getByTestId('stale-index-banner')).toHaveCount(0);
  await shots(page, testInfo, 'agent-research', 'agent-switched');

  expect({ main: hash(dbOf(served, 'main')), research: hash(dbOf(served, 'research')) }).toEqual(before);
});
