// The memory doctor in real Chromium against serve mode, on the planted workspace
// (shared/fixtures/doctor-workspace): the planted duplicates and conflicts are listed with the
// places they cite, a "keep newer, mark superseded" fix rewrites exactly that line on disk, the
// file's History shows the change with the doctor's reason and undoes it, and the status bar's
// summary counts what the view lists — without starting the doctor by being shown.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/serve-fixture.js';
import { expectSwitcherOnOneLine, openApp, root, snap } from './support/ui-helpers.js';

test.use({ serveCopyFrom: path.join(root, 'shared', 'fixtures', 'doctor-workspace') });

/** Each listed finding of a kind as "title @ path:line, path:line". */
function listed(page: Page, kind: string): Promise<string[]> {
  return page.locator(`[data-testid="doctor-finding"][data-kind="${kind}"]`).evaluateAll((cards) =>
    cards.map(
      (c) =>
        `${c.getAttribute('data-subkind')} @ ${Array.from(c.querySelectorAll('[data-testid="doctor-evidence"]'))
          .map((e) => `${e.getAttribute('data-path')}:${e.getAttribute('data-line')}`)
          .join(', ')}`,
    ),
  );
}

/** The view's count per kind, as its groups say them. */
function groupCounts(page: Page): Promise<Record<string, number>> {
  return page
    .getByTestId('doctor-group')
    .evaluateAll((groups) =>
      Object.fromEntries(groups.map((g) => [g.getAttribute('data-kind'), Number(g.getAttribute('data-count'))])),
    );
}

/** The status bar's counts (kinds with none left out, as the view leaves out empty groups). */
async function summaryCounts(page: Page): Promise<Record<string, number>> {
  const counts = JSON.parse((await page.getByTestId('status-doctor').getAttribute('data-counts')) ?? '{}') as Record<
    string,
    number
  >;
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
}

test('the doctor lists the planted findings with their places; a fix rewrites the line, shows in History and is undone there', async ({
  page,
  served,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const memoryPath = path.join(served.workspace, 'MEMORY.md');
  const original = fs.readFileSync(memoryPath, 'utf8');
  await openApp(page, served.url);

  // Shown, the summary starts nothing: the doctor runs once someone asks for its findings.
  const summary = page.getByTestId('status-doctor');
  await expect(summary).toHaveAttribute('data-state', 'idle');
  await expect(summary).toHaveText('Doctor');
  await summary.click();
  await expect(page.getByTestId('main-view')).toHaveAttribute('data-view', 'doctor');
  await expect(page.getByTestId('doctor-view')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });

  expect(await groupCounts(page)).toEqual({
    duplicate: 3,
    conflict: 5,
    'never-used': 6,
    dreaming: 2,
    secret: 1,
    index: 1,
  });
  expect((await listed(page, 'duplicate')).sort()).toEqual([
    'copy @ memory/projects/atlas.md:1, memory/archive/projects/atlas.md:1',
    'dreaming-repeat @ MEMORY.md:11, MEMORY.md:25',
    'near @ memory/topics/release-lessons.md:3, memory/2026-03-02-retro.md:3',
  ]);
  const conflicts = page.locator('[data-testid="doctor-finding"][data-kind="conflict"]');
  await expect(conflicts.getByTestId('doctor-finding-title')).toHaveText([
    'Gateway port: "18790" vs "18789"',
    'staging server (Node): "Node 22" vs "Node 20"',
    'Dashboard URL: "https://dash.example.com/v2" vs "https://dash.example.com/v1"',
    'Ali\'s phone: "555-0199" vs "555-0101"',
    '小王的邮箱: "wang@new.example.cn" vs "wang@old.example.cn"',
  ]);
  const port = conflicts.filter({ hasText: 'Gateway port' });
  await expect(port.getByTestId('doctor-evidence-link')).toHaveText(['memory/2026-05-10-gateway.md:5', 'MEMORY.md:7']);
  await expect(port.getByTestId('doctor-evidence-note')).toHaveText(['newer', 'older']);
  await expect(port.getByTestId('doctor-evidence-date')).toHaveText(['May 10, 2026', 'April 1, 2026']);
  // Who wrote each line, from the history: the planted files were there before it began.
  await expect(port.getByTestId('doctor-evidence-authors')).toHaveText([
    'written by outside the app',
    'written by outside the app',
  ]);
  // Nothing planted as fine is flagged: two servers' ports, the corrected deploy day.
  await expect(page.getByTestId('doctor-view')).not.toContainText('8080');
  await expect(page.getByTestId('doctor-view')).not.toContainText('Deploy day');

  // The summary counts what the view lists.
  await expect(summary).toHaveAttribute('data-state', 'ready');
  expect(await summaryCounts(page)).toEqual(await groupCounts(page));
  await expect(summary).toHaveText('Doctor: 5 conflicts, 3 duplicates, 1 secret');

  await snap(page, testInfo.outputPath('doctor-1440.png'));
  await page.setViewportSize({ width: 1024, height: 700 });
  await expectSwitcherOnOneLine(page);
  await snap(page, testInfo.outputPath('doctor-1024.png'));
  await page.setViewportSize({ width: 1440, height: 900 });

  // A cited place opens the editor at that line.
  await port.getByTestId('doctor-evidence-link').nth(1).click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'MEMORY.md');
  await expect(page.locator('.cm-hit-line')).toHaveText('- Gateway port: 18789');
  await page.getByTestId('view-doctor').click();

  // Keep the newer value, mark the older superseded: that one line changes, nothing else.
  await port.locator('[data-testid="doctor-fix"][data-fix="keep-newer-mark"]').click();
  await expect(page.getByTestId('doctor-fix-result')).toHaveAttribute('data-kind', 'fixed');
  await expect(page.getByTestId('doctor-fix-result')).toHaveText(
    'Fixed: wrote MEMORY.md. Undo it from the file’s History.',
  );
  const marked = original.replace('- Gateway port: 18789\n', '- ~~Gateway port: 18789~~ (superseded 2026-05-10)\n');
  expect(fs.readFileSync(memoryPath, 'utf8')).toBe(marked);
  // The next pass drops it from the list and the summary.
  await expect(conflicts.filter({ hasText: 'Gateway port' })).toHaveCount(0);
  await expect(page.locator('[data-testid="doctor-group"][data-kind="conflict"]')).toHaveAttribute('data-count', '4');
  await expect(summary).toHaveText('Doctor: 4 conflicts, 3 duplicates, 1 secret');
  expect(await summaryCounts(page)).toEqual(await groupCounts(page));
  await snap(page, testInfo.outputPath('doctor-fixed-1440.png'));

  // The file's History: the fix is yours, with the doctor's reason, and restoring the version before undoes it.
  await page
    .locator('[data-testid="doctor-finding"][data-kind="conflict"]')
    .first()
    .getByTestId('doctor-evidence-link')
    .nth(1)
    .click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'MEMORY.md');
  await page.getByTestId('view-history').click();
  const top = page.getByTestId('version-row').first();
  await expect(top).toHaveAttribute('data-kind', 'save');
  await expect(top.getByTestId('author')).toHaveAttribute('data-kind', 'you');
  await expect(top.getByTestId('version-reason')).toHaveText(
    'doctor: Gateway port superseded by memory/2026-05-10-gateway.md:5',
  );
  await snap(page, testInfo.outputPath('doctor-history-1440.png'));
  await page.getByTestId('version-row').nth(1).click();
  await page.getByTestId('restore-version').click();
  await page.getByTestId('restore-confirm-yes').click();
  await expect(page.getByTestId('history-message')).toHaveText(/^Restored v\d+\./);
  expect(fs.readFileSync(memoryPath, 'utf8')).toBe(original);

  // Undone, the conflict is back in the doctor's list and summary.
  await page.getByTestId('view-doctor').click();
  await expect(page.locator('[data-testid="doctor-group"][data-kind="conflict"]')).toHaveAttribute('data-count', '5');
  await expect(summary).toHaveText('Doctor: 5 conflicts, 3 duplicates, 1 secret');
});
