// "Rank as my agent" and line annotations in real Chromium against a real `memlens serve`: the
// ranking switch, both breakdowns, the side-by-side "your agent gets / Memory Lens finds" (the
// agent's column equals `memlens search --profile openclaw`), annotation chips in the editor,
// and a save through the editor that keeps every annotation byte for byte.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { WORKSPACES } from '../scripts/openclaw-search-vectors/search-workspaces.mjs';
import { cliSearch, openApp, openFile, searchFor, snap, typeAtEnd } from './support/ui-helpers.js';
import { startServe, test } from './support/serve-fixture.js';

const english = WORKSPACES.find((w) => w.name === 'english')!;
const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

function writeWorkspace(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-e2e-agent-rank-'));
  for (const [rel, text] of Object.entries(english.files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

// The steps run once, at 1440×900; the pictures and the side-by-side's fit are taken at both sizes.
test('ranking switch, both breakdowns and the side-by-side (at 1440×900 and 1024×700)', async ({ page }, testInfo) => {
  const served = await startServe([], { moveFrom: writeWorkspace() });
  try {
    await page.setViewportSize(SIZES[0]!);
    await openApp(page, served.url);
    await searchFor(page, 'deploy');
    await expect(page.getByTestId('ranking-profile')).toHaveAttribute('data-value', 'memory-lens');
    const lensFirst = page.getByTestId('search-result').first();
    await lensFirst.getByTestId('breakdown-toggle').click();
    await expect(lensFirst.getByTestId('bd-openclaw')).toHaveCount(0);

    await page.getByTestId('profile-openclaw').click();
    await expect(page.getByTestId('ranking-profile')).toHaveAttribute('data-value', 'openclaw');
    await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
    const agent = cliSearch(served.workspace, 'deploy', ['--profile', 'openclaw']);
    await expect(page.getByTestId('search-result')).toHaveCount(agent.results.length);
    const rows = page.getByTestId('search-result');
    for (let i = 0; i < agent.results.length; i++) {
      const r = agent.results[i]!;
      await expect(rows.nth(i)).toHaveAttribute('data-path', r.path);
    }
    const top = rows.first();
    await top.getByTestId('breakdown-toggle').click();
    await expect(top.getByTestId('bd-openclaw')).toBeVisible();
    await expect(top.getByTestId('bd-importance')).toHaveAttribute(
      'data-value',
      String(agent.results[0]!.breakdown.importance?.importance ?? ''),
    );
    await expect(top.getByTestId('bd-final')).toHaveAttribute('data-value', String(agent.results[0]!.score));
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect(top.getByTestId('bd-openclaw')).toBeVisible();
      await snap(page, testInfo.outputPath(`agent-ranking-${size.width}.png`));
    }
    await page.setViewportSize(SIZES[0]!);

    await page.getByTestId('compare-toggle').check();
    await expect(page.getByTestId('profile-compare-dialog')).toBeVisible();
    const agentColumn = page.getByTestId('compare-agent-result');
    await expect(agentColumn).toHaveCount(agent.results.length);
    for (let i = 0; i < agent.results.length; i++) {
      await expect(agentColumn.nth(i)).toHaveAttribute('data-path', agent.results[i]!.path);
    }
    const lens = cliSearch(served.workspace, 'deploy');
    await expect(page.getByTestId('compare-lens-result')).toHaveCount(lens.results.length);
    await expect(page.getByTestId('compare-lens-result').first()).toHaveAttribute('data-path', lens.results[0]!.path);
    await agentColumn.first().locator('summary').click();
    await expect(agentColumn.first().getByTestId('compare-agent-bd-openclaw')).toBeVisible();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // The columns sit side by side inside the window.
      await expect(page.getByTestId('compare-agent-bd-openclaw').first()).toBeVisible();
      const [a, b] = [
        await page.getByTestId('compare-agent').boundingBox(),
        await page.getByTestId('compare-lens').boundingBox(),
      ];
      expect(a && b && a.x + a.width <= b.x + 1).toBe(true);
      expect(b!.x + b!.width).toBeLessThanOrEqual(size.width);
      await snap(page, testInfo.outputPath(`side-by-side-${size.width}.png`));
    }
    // Opening a result from the comparison closes it and opens the file at those lines.
    await agentColumn.first().locator('.profile-compare__path').click();
    await expect(page.getByTestId('profile-compare-dialog')).toHaveCount(0);
    await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', agent.results[0]!.path);
  } finally {
    await served.stop();
  }
});

test('annotations show as chips and a save through the editor keeps them byte for byte', async ({ page }, testInfo) => {
  const served = await startServe([], { moveFrom: writeWorkspace() });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, served.url);
    await openFile(page, 'MEMORY.md');
    const chips = page.getByTestId('annotation-chip');
    await expect(chips.first()).toBeVisible();
    const kinds = await chips.evaluateAll((els) =>
      els.map((el) => `${el.getAttribute('data-kind')}:${el.getAttribute('data-value')}`),
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        'importance:9',
        'trigger:tea, morning drink',
        'project:alpha',
        'importance:0',
        'importance:x',
      ]),
    );
    await expect(page.locator('.cm-annotation-ignored[data-value="0"]')).toHaveAttribute('title', /1 to 10/);
    await snap(page, testInfo.outputPath('annotation-chips.png'));

    const file = path.join(served.workspace, 'MEMORY.md');
    const before = fs.readFileSync(file);
    await typeAtEnd(page, 'Saved from the editor.');
    await page.keyboard.press(`${mod}+s`);
    await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
    const after = fs.readFileSync(file);
    expect(after.equals(Buffer.concat([before, Buffer.from('Saved from the editor.')]))).toBe(true);
  } finally {
    await served.stop();
  }
});
