// The Doctor view on the state folder OpenClaw's own code made (e2e/fixtures/openclaw-2026.9), in
// real Chromium against serve mode: the note the agent changed after its last index run and the
// note it never indexed are index findings, each saying OpenClaw re-indexes them itself, in English
// and in Chinese, and the agent's database is left byte for byte as it was. Pictures at 1440×900
// and 1024×700.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/serve-fixture.js';
import { openApp, snap } from './support/ui-helpers.js';

test.use({ serveStateFolder: 'openclaw-2026.9' });

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

async function shots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.locator('[data-testid="doctor-group"][data-kind="index"]').scrollIntoViewIfNeeded();
    await snap(page, testInfo.outputPath(`${name}-${size.width}.png`));
  }
  await page.setViewportSize(SIZES[0]!);
}

test("the Doctor lists the files the agent's own index lacks or holds stale, in both languages", async ({
  page,
  served,
}, testInfo) => {
  test.setTimeout(120_000);
  const db = path.join(served.home, '.openclaw', 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
  const hash = () => createHash('sha256').update(fs.readFileSync(db)).digest('hex');
  const before = hash();
  await page.setViewportSize(SIZES[0]!);
  await openApp(page, served.url);
  await page.getByTestId('status-doctor').click();
  await expect(page.getByTestId('doctor-view')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });

  const agentIndex = page.locator(
    '[data-testid="doctor-finding"][data-kind="index"][data-subkind^="agent-"] [data-testid="doctor-finding-title"]',
  );
  await expect(agentIndex).toHaveText([
    "The agent's index holds an older memory/2026-09-01.md (indexed 2026-12-01, changed since)",
    "The agent's index lacks memory/2026-09-02.md",
  ]);
  await expect(page.getByTestId('doctor-agent-index-nofix').first()).toContainText(
    "Memory Lens never writes the agent's index",
  );
  await expect(page.getByText('No OpenClaw agent index')).toHaveCount(0);
  await shots(page, testInfo, 'doctor-agent-index');

  await page.getByTestId('view-settings').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  await expect(page.getByTestId('view-settings')).toHaveText('设置');
  await page.getByTestId('view-doctor').click();
  await expect(agentIndex).toHaveText([
    '智能体的索引中的 memory/2026-09-01.md 是旧版本（2026-12-01 建立索引，之后已修改）',
    '智能体的索引中没有 memory/2026-09-02.md',
  ]);
  await expect(page.getByTestId('doctor-agent-index-nofix').first()).toContainText('Memory Lens 从不写入智能体的索引');
  await shots(page, testInfo, 'doctor-agent-index-zh');

  expect(hash()).toBe(before);
});
