// File names that would draw as something else (issue 17 item 11): an old file whose name holds
// U+202E (RIGHT-TO-LEFT OVERRIDE) is listed and opened with the control spelled out, in the
// sidebar, its tooltip and the editor's header — never drawn raw.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, startServe } from './support/serve-fixture.js';
import { openApp } from './support/ui-helpers.js';

const NAME = 'memory/rtl\u202Edm.exe.md';

test('a name with a bidi override is shown with the control spelled out, not drawn raw', async ({ page }) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-bidi-'));
  fs.mkdirSync(path.join(folder, 'memory'));
  fs.writeFileSync(path.join(folder, 'MEMORY.md'), '# Memory\n');
  fs.writeFileSync(path.join(folder, NAME), '# Odd name\n\nA pelican.\n');
  const served = await startServe([], { moveFrom: folder });
  try {
    await openApp(page, served.url);
    const item = page.locator(`[data-testid="file-item"][data-path="${NAME}"]`);
    const name = item.getByTestId('file-name');
    await expect(name).toHaveText('rtl⟨U+202E⟩dm.exe.md');
    expect(await name.textContent()).not.toContain('\u202E');
    await expect(item.locator('.file-item__open')).toHaveAttribute('title', 'memory/rtl⟨U+202E⟩dm.exe.md');
    await item.locator('.file-item__open').click();
    await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', NAME);
    await expect(page.getByTestId('editor-path')).toContainText('memory/rtl⟨U+202E⟩dm.exe.md');
  } finally {
    await served.stop();
  }
});
