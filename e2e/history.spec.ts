// Memory history in real Chromium against serve mode: a save from the window, an edit outside it
// and the agent's own write (a transcript in OpenClaw's shape) each show with the right author in
// the file's History; a whole version and a single hunk are restored as normal saves; "What
// changed" groups the changes by author and opens the conversation that led to the agent's; the
// editor says where each line came from; the timeline and Settings show the history.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { test, expect } from './support/serve-fixture.js';
import { mod, openApp, openFile, root, snap } from './support/ui-helpers.js';

const FIXTURE = path.join(root, 'electron', 'app', 'history', 'fixtures', 'agent-writes-memory.jsonl');
const AGENT_TEXT =
  '# Memory\n\n- Prefers totals in 万元.\n- Trip to Hakone booked for 2026-04-12.\n- Contract totals: 2022 10,120 万元.\n';
const sha = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** The fixture's records moved in time so its write call happened `agoMs` before now. */
function transcriptNow(workspace: string, agoMs: number): string {
  const lines = fs.readFileSync(FIXTURE, 'utf8').replaceAll('{{WORKSPACE}}', workspace).trim().split('\n');
  const callAt = Date.parse('2026-03-30T09:52:09.903Z');
  const shift = Date.now() - agoMs - callAt;
  return `${lines
    .map((line) => {
      const record = JSON.parse(line) as { timestamp?: string; message?: { timestamp?: number } };
      if (record.timestamp) record.timestamp = new Date(Date.parse(record.timestamp) + shift).toISOString();
      if (typeof record.message?.timestamp === 'number') record.message.timestamp += shift;
      return JSON.stringify(record);
    })
    .join('\n')}\n`;
}

/** As editors and the agent's write tool do: the file is replaced whole, never seen half-written. */
function replaceFile(abs: string, text: string): void {
  const temp = path.join(path.dirname(abs), `.${path.basename(abs)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, abs);
}

test.use({ serveFixture: 'history-workspace' });

async function versionKinds(page: Page): Promise<string[]> {
  return page
    .getByTestId('version-row')
    .evaluateAll((rows) =>
      rows.map(
        (r) => `${r.getAttribute('data-kind')}:${r.querySelector('[data-testid=author]')?.getAttribute('data-kind')}`,
      ),
    );
}

test('each change to MEMORY.md shows who made it; versions and hunks restore as saves; What changed, line origins, timeline and settings', async ({
  page,
  served,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const memory = path.join(served.workspace, 'MEMORY.md');
  await openApp(page, served.url);

  // 1. A save from the window.
  await openFile(page, 'MEMORY.md');
  await page.locator('.cm-content').click();
  await page.keyboard.press(`${mod}+End`);
  await page.keyboard.type('- Trip to Hakone booked.');
  await page.keyboard.press(`${mod}+s`);
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
  const saved = fs.readFileSync(memory, 'utf8');
  expect(saved).toContain('- Trip to Hakone booked.');

  // 2. An edit in another editor. 3. The agent's write (its transcript names the call a moment before).
  replaceFile(memory, '# Memory\n\n- Prefers totals in 万元.\n- Trip to Hakone booked for 2026-04-12.\n');
  await page.getByTestId('view-history').click();
  await expect
    .poll(() => versionKinds(page), { timeout: 20_000 })
    .toEqual(['external:outside', 'save:you', 'baseline:outside']);
  fs.writeFileSync(path.join(served.workspace, 'sessions', '5e0c9a41.jsonl'), transcriptNow(served.workspace, 0));
  replaceFile(memory, AGENT_TEXT);
  await expect
    .poll(() => versionKinds(page), { timeout: 30_000 })
    .toEqual(['external:agent', 'external:outside', 'save:you', 'baseline:outside']);
  const top = page.getByTestId('version-row').first();
  await expect(top).toContainText('your agent, in “Also add 2022 — and remember I prefer totals in 万元.”');
  await top.click();
  await expect(page.getByTestId('agent-turn')).toContainText('Also add 2022 — and remember I prefer totals in 万元.');
  await expect(page.getByTestId('version-diff')).toContainText('Contract totals: 2022');
  await snap(page, testInfo.outputPath('history-1440.png'));
  await page.setViewportSize({ width: 1024, height: 700 });
  await snap(page, testInfo.outputPath('history-1024.png'));
  await page.setViewportSize({ width: 1440, height: 900 });

  // Restore one hunk: the first version against the file now; its arrow copies the old block back.
  const firstRow = page.getByTestId('version-row').last();
  await firstRow.click();
  // While the file now is still being read, the diff on screen is the one before: none of its hunks
  // can be copied back (a block restored there was lost when the file now replaced it).
  const held: Route[] = [];
  let holding = true;
  await page.route('**/api/readFile', (route) => (holding ? void held.push(route) : route.continue()));
  await page.getByTestId('compare-now').click();
  await expect(page.getByTestId('diff-to')).toHaveValue('now');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.locator('.cm-merge-revert button')).toHaveCount(0);
  await expect(page.getByTestId('save-hunks')).toBeDisabled();
  holding = false;
  for (const route of held) await route.continue();
  await page.unroute('**/api/readFile');
  const revert = page.locator('.cm-merge-revert button').first();
  await expect(revert).toBeVisible();
  await revert.click();
  await page.getByTestId('save-hunks').click();
  await expect(page.getByTestId('history-message')).toHaveText('Saved with the restored lines.');
  expect(fs.readFileSync(memory, 'utf8')).toBe('# Memory\n\n- Prefers totals in 万元.\n');
  await expect
    .poll(() => versionKinds(page))
    .toEqual(['save:you', 'external:agent', 'external:outside', 'save:you', 'baseline:outside']);

  // Versions are numbered by their place in the list, v1 the oldest, whatever the app-wide ids.
  const numbers = () =>
    page
      .getByTestId('version-row')
      .evaluateAll((rows) => rows.map((r) => r.querySelector('.version-row__id')!.textContent));
  expect(await numbers()).toEqual(['v5', 'v4', 'v3', 'v2', 'v1']);

  // Restore a whole version (the agent's, v4) as a save from the window — only once confirmed.
  await page.getByTestId('version-row').nth(1).click();
  await page.getByTestId('restore-version').click();
  await expect(page.getByTestId('restore-confirm')).toContainText('with v4');
  await page.getByTestId('restore-confirm-no').click();
  await expect(page.getByTestId('restore-confirm')).toHaveCount(0);
  expect(fs.readFileSync(memory, 'utf8')).toBe('# Memory\n\n- Prefers totals in 万元.\n');
  await page.getByTestId('restore-version').click();
  await page.getByTestId('restore-confirm-yes').click();
  await expect(page.getByTestId('history-message')).toHaveText(/^Restored v4\./);
  expect(sha(fs.readFileSync(memory))).toBe(sha(AGENT_TEXT));
  await expect
    .poll(() => versionKinds(page))
    .toEqual(['save:you', 'save:you', 'external:agent', 'external:outside', 'save:you', 'baseline:outside']);
  expect(await numbers()).toEqual(['v6', 'v5', 'v4', 'v3', 'v2', 'v1']);
  await expect(page.getByTestId('version-kind').first()).toHaveText('restored v4');

  // The diff's chrome draws in glyphs every font has: no ⦚ or ⇜/⇝ on screen.
  await page.getByTestId('version-row').last().click();
  await page.getByTestId('compare-now').click();
  const chrome = await page.evaluate(() =>
    Array.from(document.querySelectorAll('.cm-collapsedLines, .cm-merge-revert button'))
      .map(
        (el) =>
          `${getComputedStyle(el, '::before').content}${getComputedStyle(el, '::after').content}${getComputedStyle(el).fontSize === '0px' ? '' : el.textContent}`,
      )
      .join(' '),
  );
  expect(chrome).not.toMatch(/[⦚⇜⇝]/);

  // What changed: by author, each with its diff; the agent's opens the conversation that led to it.
  await page.getByTestId('view-changes').click();
  await page.getByTestId('changes-range').selectOption('day');
  await expect(page.getByTestId('change-group').first()).toHaveAttribute('data-kind', 'agent');
  await expect(page.getByTestId('change-group').locator('h3')).toHaveText([
    /your agent/i,
    /outside the app/i,
    /you, in memory lens/i,
  ]);
  await expect(page.getByTestId('change-group').first().getByTestId('change-diff').first()).toContainText(
    '+ - Contract totals: 2022 10,120 万元.',
  );
  await snap(page, testInfo.outputPath('changes-1440.png'));
  await page.setViewportSize({ width: 1024, height: 700 });
  await snap(page, testInfo.outputPath('changes-1024.png'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('change-group').first().getByTestId('open-turn').first().click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'sessions/5e0c9a41.jsonl');

  // Where each line of MEMORY.md came from: the agent's line names its turn.
  await openFile(page, 'MEMORY.md');
  await page.getByTestId('line-origins-toggle').click();
  const agentLine = page
    .getByTestId('line-origin')
    .filter({ has: page.locator('[data-kind=agent]') })
    .first();
  await expect(agentLine).toContainText('Also add 2022');
  await snap(page, testInfo.outputPath('line-origins-1440.png'));
  await page.setViewportSize({ width: 1024, height: 700 });
  await snap(page, testInfo.outputPath('line-origins-1024.png'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await agentLine.getByTestId('open-turn').click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'sessions/5e0c9a41.jsonl');

  // The timeline lists the changes beside the dated memories; Settings shows what is kept.
  await page.getByTestId('view-timeline').click();
  await expect(page.getByTestId('timeline-change').first()).toContainText('MEMORY.md');
  await snap(page, testInfo.outputPath('timeline-changes-1440.png'));
  await page.setViewportSize({ width: 1024, height: 700 });
  await snap(page, testInfo.outputPath('timeline-changes-1024.png'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('view-settings').click();
  await expect(page.getByTestId('history-usage')).toContainText(/\d+ versions/);
  await expect(page.getByTestId('history-keep-days')).toHaveValue('30');
  await page.getByTestId('history-settings').scrollIntoViewIfNeeded();
  await snap(page, testInfo.outputPath('settings-history-1440.png'));

  // One click reverts a change: the newest (the restore) goes back to the version before it.
  await page.getByTestId('view-changes').click();
  await page.getByTestId('changes-range').selectOption('day');
  const yours = page
    .getByTestId('change-group')
    .filter({ has: page.locator('h3', { hasText: /you, in memory lens/i }) });
  await yours.getByTestId('revert-change').last().click();
  await expect(page.getByTestId('changes-message')).toHaveText(/^Reverted MEMORY\.md to v\d+\.$/);
  expect(fs.readFileSync(memory, 'utf8')).toBe('# Memory\n\n- Prefers totals in 万元.\n');
});
