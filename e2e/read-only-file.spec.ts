// A memory file that is read-only on disk (mode 0444), in the window (issue 29, hole 4): the editor
// says so and why, a plain save (Ctrl+S, or Save on a file made read-only while open) is refused
// with the engine's READ_ONLY reason in words and the typed text stays, and only "Save anyway"
// writes it, keeping the mode. The engine reads the mode bits, so this holds when run as root too
// (where access(W_OK) always succeeds).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/serve-fixture.js';
import { editorText, mod, openApp, openFile, snap, typeAtEnd } from './support/ui-helpers.js';

const REL = 'memory/travel.md';
const TYPED = ' Typed while it was locked.';
const REFUSAL = `Not saved: ${REL} is read-only (file mode 0444); nothing was written. "Save anyway" writes it and keeps the mode.`;

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
/** CodeMirror draws only the lines in view: compare the end of the document, where the text was typed. */
const lastLinesOf = (text: string) => text.split('\n').slice(-2);
const lastLines = async (page: Page) => lastLinesOf(await editorText(page));

test('a 0444 file opens read-only with the reason; Ctrl+S is refused in words, keeps the typed text; Save anyway writes it and keeps 0444', async ({
  page,
  served,
}, testInfo) => {
  const file = path.join(served.workspace, REL);
  fs.chmodSync(file, 0o444);
  const before = fs.readFileSync(file, 'utf8');
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page, served.url);
  await openFile(page, REL);

  const notice = page.getByTestId('readonly-notice');
  await expect(notice).toHaveAttribute('data-value', 'file-mode');
  await expect(notice).toContainText('This file is read-only on disk (its file mode has no write permission)');
  await expect(page.getByTestId('save-button')).toHaveCount(0);
  await expect(page.getByTestId('save-anyway-button')).toBeDisabled();

  await typeAtEnd(page, TYPED);
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'dirty');
  await page.keyboard.press(`${mod}+s`);
  await expect(page.getByTestId('editor-error')).toHaveText(REFUSAL);
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'dirty');
  // Nothing lost: the typed text is still in the editor (Save anyway below writes all of it), and
  // nothing reached the disk.
  expect(await lastLines(page)).toEqual(lastLinesOf(`${before}${TYPED}`));
  expect(fs.readFileSync(file, 'utf8')).toBe(before);
  expect(modeOf(file)).toBe(0o444);
  await snap(page, testInfo.outputPath('read-only-refused-1024.png'));

  await page.getByTestId('save-anyway-button').click();
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
  expect(fs.readFileSync(file, 'utf8')).toBe(`${before}${TYPED}`);
  expect(modeOf(file)).toBe(0o444);
  await expect(page.getByTestId('editor-error')).toHaveCount(0);
  // Still read-only on disk, so still shown as such.
  await expect(notice).toHaveAttribute('data-value', 'file-mode');
  await page.setViewportSize({ width: 1440, height: 900 });
  await snap(page, testInfo.outputPath('read-only-saved-anyway-1440.png'));
});

test('a file made read-only while open: Save is refused in words and the typed text stays; Save anyway appears and writes it', async ({
  page,
  served,
}, testInfo) => {
  const file = path.join(served.workspace, REL);
  const before = fs.readFileSync(file, 'utf8');
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page, served.url);
  await openFile(page, REL);
  await expect(page.getByTestId('readonly-notice')).toHaveCount(0);

  await typeAtEnd(page, TYPED);
  fs.chmodSync(file, 0o444);
  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('editor-error')).toHaveText(REFUSAL);
  await expect(page.getByTestId('readonly-notice')).toHaveAttribute('data-value', 'file-mode');
  await expect(page.getByTestId('save-button')).toHaveCount(0);
  expect(await lastLines(page)).toEqual(lastLinesOf(`${before}${TYPED}`));
  expect(fs.readFileSync(file, 'utf8')).toBe(before);
  await snap(page, testInfo.outputPath('made-read-only-refused-1024.png'));

  await page.getByTestId('save-anyway-button').click();
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
  expect(fs.readFileSync(file, 'utf8')).toBe(`${before}${TYPED}`);
  expect(modeOf(file)).toBe(0o444);
});

test('a file made writable again saves with a plain Ctrl+S, and stops being shown read-only', async ({
  page,
  served,
}) => {
  const file = path.join(served.workspace, REL);
  fs.chmodSync(file, 0o444);
  const before = fs.readFileSync(file, 'utf8');
  await openApp(page, served.url);
  await openFile(page, REL);
  await expect(page.getByTestId('readonly-notice')).toHaveAttribute('data-value', 'file-mode');
  await typeAtEnd(page, TYPED);
  fs.chmodSync(file, 0o644);
  await page.keyboard.press(`${mod}+s`);
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
  expect(fs.readFileSync(file, 'utf8')).toBe(`${before}${TYPED}`);
  expect(modeOf(file)).toBe(0o644);
  await expect(page.getByTestId('readonly-notice')).toHaveCount(0);
  await expect(page.getByTestId('save-button')).toBeVisible();
});

test('in a Chinese interface the refusal reads in Chinese, and switching to English rewords it in place', async ({
  page,
  served,
}, testInfo) => {
  const file = path.join(served.workspace, REL);
  const before = fs.readFileSync(file, 'utf8');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, served.url);
  await page.getByTestId('view-settings').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  await expect(page.getByTestId('view-editor')).toHaveText('编辑器');
  await page.getByTestId('view-editor').click();
  await openFile(page, REL);

  await typeAtEnd(page, TYPED);
  fs.chmodSync(file, 0o444);
  await page.getByTestId('save-button').click();
  const error = page.getByTestId('editor-error');
  await expect(error).toHaveText(
    `未保存：${REL} 是只读的（文件权限 0444），没有写入任何内容。“仍然保存”会写入它并保留原有权限。`,
  );
  expect(fs.readFileSync(file, 'utf8')).toBe(before);
  await snap(page, testInfo.outputPath('read-only-refused-zh-1440.png'));
  await page.setViewportSize({ width: 1024, height: 700 });
  await snap(page, testInfo.outputPath('read-only-refused-zh-1024.png'));

  // The store kept the error, not its words: English comes back without saving again or reloading.
  await page.getByTestId('view-settings').click();
  await page.getByTestId('language-select').selectOption('en');
  await page.getByTestId('view-editor').click();
  await expect(error).toHaveText(REFUSAL);
});
