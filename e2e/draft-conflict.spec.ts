// A draft restored over a file that changed on disk keeps the base it was written on until the
// user picks Compare, Overwrite or Reload — across its own re-saves, a page reload and a restart of
// the window — so Ctrl+S can never save over a line written by someone else meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/serve-fixture.js';
import { editorText, mod, openApp, openFile, typeAtEnd } from './support/ui-helpers.js';

const FILE = 'memory/2026-07-03-gym-reminder.md';

interface DraftOnDisk {
  path: string;
  baseHash: string | null;
  savedAt: number;
}

function readDraft(dataDir: string): DraftOnDisk | null {
  const dir = path.join(dataDir, 'drafts');
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'));
  if (files.length !== 1) return null;
  return JSON.parse(fs.readFileSync(path.join(files[0]!.parentPath, files[0]!.name), 'utf8')) as DraftOnDisk;
}

test('a restored draft keeps its base over an external change, across a reload, and Ctrl+S goes through the conflict', async ({
  browser,
  served,
}) => {
  const file = path.join(served.workspace, FILE);
  const page = await browser.newPage();
  await openApp(page, served.url);
  await openFile(page, FILE);
  await typeAtEnd(page, ' typed in the browser');
  await expect.poll(() => readDraft(served.dataDir)?.path, { timeout: 10_000 }).toBe(FILE);
  const written = readDraft(served.dataDir)!;
  expect(written.baseHash).toMatch(/^[0-9a-f]{64}$/);
  // Close the tab (the draft is already in the data dir), then a shell appends to the file.
  await page.close();
  fs.appendFileSync(file, 'external line A\n');

  const again = await browser.newPage();
  await openApp(again, served.url);
  await again.getByTestId('recovered-restore').click();
  await expect(again.getByTestId('conflict-banner')).toBeVisible();
  expect(await editorText(again)).toContain('typed in the browser');
  // The restored text is written back to the data dir shortly (a real re-save: savedAt moves on);
  // it must still name the base it was typed on, not the file as it is now.
  await expect
    .poll(() => readDraft(served.dataDir)?.savedAt ?? 0, { timeout: 15_000 })
    .toBeGreaterThan(written.savedAt);
  expect(readDraft(served.dataDir)?.baseHash).toBe(written.baseHash);

  // Reload the page (it asks first: unsaved text) and restore again: still a conflict.
  again.on('dialog', (dialog) => void dialog.accept());
  await again.reload();
  await expect(again.getByTestId('file-item').first()).toBeVisible({ timeout: 30_000 });
  await again.getByTestId('recovered-restore').click();
  await expect(again.getByTestId('conflict-banner')).toBeVisible();
  await expect(again.getByTestId('editor-phase')).toHaveAttribute('data-value', 'conflict');
  // Ctrl+S does not save over the external line: the banner decides.
  const saves: string[] = [];
  again.on('request', (request) => {
    if (request.url().includes('/api/saveFile')) saves.push(request.url());
  });
  await again.keyboard.press(`${mod}+s`);
  await expect(again.getByTestId('conflict-banner')).toBeVisible();
  await expect(again.getByTestId('editor-phase')).toHaveAttribute('data-value', 'conflict');
  expect(saves).toEqual([]);
  expect(fs.readFileSync(file, 'utf8')).toContain('external line A');
  expect(readDraft(served.dataDir)?.baseHash).toBe(written.baseHash);
  await again.close();
});
