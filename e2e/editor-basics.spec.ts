// Editor and window basics a new user expects: typing in a new file lands after its frontmatter,
// the open file is open again after a reload, and "in results" and "unsaved" look different.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/serve-fixture.js';
import { mod, openApp, openFile, typeAtEnd } from './support/ui-helpers.js';

test('a new file takes the first words typed after its frontmatter, and keeps the frontmatter intact on disk', async ({
  page,
  served,
}) => {
  await openApp(page, served.url);
  await page.getByTestId('new-file').click();
  await page.getByTestId('new-file-title').fill('Walkthrough');
  await page.getByTestId('new-file-create').click();
  const rel = (await page.getByTestId('editor-pane').getAttribute('data-path'))!;
  expect(rel).toMatch(/^memory\/.*walkthrough\.md$/);
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
  // No click first: where the editor put the cursor is where the words go.
  await page.keyboard.type('hello from walkthrough');
  await page.keyboard.press(`${mod}+s`);
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
  const onDisk = fs.readFileSync(path.join(served.workspace, rel), 'utf8');
  expect(onDisk).toMatch(/^---\n[\s\S]*\n---\n\n# Walkthrough\n\nhello from walkthrough$/);
});

test('the open file is open again after a reload', async ({ page, served }) => {
  await openApp(page, served.url);
  await openFile(page, 'memory/travel.md');
  await page.reload();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'memory/travel.md', { timeout: 30_000 });
});

test('the "in results" dot and the unsaved ● are different colours', async ({ page, served }) => {
  await openApp(page, served.url);
  await openFile(page, 'memory/travel.md');
  await typeAtEnd(page, ' edited');
  await page.getByTestId('search-input').fill('travel');
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
  const row = page.locator('[data-testid="file-item"][data-path="memory/travel.md"]');
  const hit = await row.locator('.hit-dot').evaluate((el) => getComputedStyle(el).backgroundColor);
  const unsaved = await row.getByTestId('unsaved-marker').evaluate((el) => getComputedStyle(el).color);
  expect(hit).not.toBe(unsaved);
});

test("Ctrl/Cmd+K lists the app's commands and runs the one picked; quick open finds a session by its title and a note by its date", async ({
  page,
  served,
}) => {
  await openApp(page, served.url);
  await page.keyboard.press(`${mod}+k`);
  await expect(page.getByTestId('command-palette')).toBeVisible();
  expect(await page.getByTestId('command-item').count()).toBeGreaterThanOrEqual(8);
  await page.keyboard.type('timeline');
  await expect(page.getByTestId('command-item').first()).toHaveAttribute('data-id', 'view-timeline');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command-palette')).toHaveCount(0);
  await expect(page.getByTestId('main-view')).toHaveAttribute('data-view', 'timeline');

  await page.keyboard.press(`${mod}+p`);
  await page.keyboard.type('Priya');
  await expect(page.getByTestId('quick-open-item').first()).toHaveAttribute('data-path', /^sessions\/.*\.jsonl$/);
  await expect(page.getByTestId('quick-open-item').first()).toContainText('Priya');
  await page.getByTestId('quick-open-input').fill('2026-09-16');
  await expect(page.getByTestId('quick-open-item').first()).toContainText('2026-09-16');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', /2026-09-16/);
});

test('Reindex says what it did', async ({ page, served }) => {
  await openApp(page, served.url);
  await page.getByTestId('reindex').click();
  await expect(page.getByTestId('reindex-result')).toHaveText(/^Reindex: up to date \(\d+ files checked\)$/);
});

test('the find panel is styled as the app, and Compare marks folded lines with a glyph every font has (no tofu for ⦚)', async ({
  page,
  served,
}) => {
  const file = path.join(served.workspace, 'memory', 'long-note.md');
  const lines = Array.from({ length: 40 }, (_, i) => `- line ${i + 1} of a long note`);
  fs.writeFileSync(file, `# Long note\n\n${lines.join('\n')}\n`);
  await openApp(page, served.url);
  await openFile(page, 'memory/long-note.md');
  await page.locator('.cm-content').click();
  await page.keyboard.press(`${mod}+f`);
  const field = page.locator('.cm-panel.cm-search input.cm-textfield').first();
  await expect(field).toBeVisible();
  expect(await field.evaluate((el) => getComputedStyle(el).borderRadius)).toBe('6px');
  expect(
    await page
      .locator('.cm-panel.cm-search .cm-button')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundImage),
  ).toBe('none');
  await page.keyboard.press('Escape');

  // A conflict: my line at the end, theirs at the top, 40 unchanged lines folded between.
  await typeAtEnd(page, 'MY LINE');
  fs.writeFileSync(file, `# Long note (THEIRS)\n\n${lines.join('\n')}\n`);
  await expect(page.getByTestId('conflict-banner')).toBeVisible({ timeout: 10_000 });
  await page.getByTestId('conflict-compare').click();
  const folded = page.getByTestId('compare-view').locator('.cm-collapsedLines').first();
  await expect(folded).toBeVisible();
  const marks = await folded.evaluate((el) => [
    getComputedStyle(el, '::before').content,
    getComputedStyle(el, '::after').content,
  ]);
  expect(marks).toEqual(['"···"', '"···"']);
});

test('the header shows the size of the text as typed, not as last saved, and the budget meter moves with it', async ({
  page,
  served,
}) => {
  await openApp(page, served.url);
  await openFile(page, 'MEMORY.md');
  const file = path.join(served.workspace, 'MEMORY.md');
  const original = fs.readFileSync(file, 'utf8');
  const onDisk = fs.statSync(file).size;
  const size = page.getByTestId('editor-size');
  await expect(size).toHaveAttribute('data-value', String(onDisk));
  const meter = page.getByTestId('budget-meter');
  const charsBefore = Number(await meter.getAttribute('aria-valuenow'));
  // A space and three CJK characters: ten bytes in UTF-8, four characters more for the agent
  // (one more: the file's last line break is no longer trailing, and OpenClaw trims only those).
  await typeAtEnd(page, ' 记忆库');
  expect(original.endsWith('\n') && original.trimEnd().length === original.length - 1).toBe(true);
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'dirty');
  await expect(size).toHaveAttribute('data-value', String(onDisk + 10));
  await expect(meter).toHaveAttribute('aria-valuenow', String(charsBefore + 5));
  await page.keyboard.press(`${mod}+s`);
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
  expect(fs.statSync(file).size).toBe(onDisk + 10);
  await expect(size).toHaveAttribute('data-value', String(onDisk + 10));
});
