// Secrets stay off the screen, in real Chromium against serve mode on the committed fixture of
// fake keys: the editor draws each value as its mask label, "show" reveals it in place until the
// editor loses focus, "copy" puts it on the clipboard, a save after an edit writes the raw text byte for byte; the Secrets view
// lists the planted secrets, opens one at its line, refuses a fix on a file changed since the list
// (nothing written), and "replace" writes the placeholder to disk and the entry goes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startServe } from './support/serve-fixture.js';
import { mod, openApp, openFile, root, snap, typeAtEnd } from './support/ui-helpers.js';

const FIXTURE = path.join(root, 'shared', 'fixtures', 'secrets-workspace');
const TAVILY = 'tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS';

test('the editor masks keys and saves them raw; the Secrets view lists them and replaces one with a placeholder', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ml-e2e-secrets-')), 'workspace');
  fs.cpSync(FIXTURE, copy, { recursive: true });
  const served = await startServe([], { moveFrom: copy });
  try {
    const memory = path.join(served.workspace, 'MEMORY.md');
    const original = fs.readFileSync(memory);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, served.url);
    await openFile(page, 'MEMORY.md');

    // 1. Masked by default: the lines show labels, never the values.
    const content = page.locator('.cm-content');
    await expect(content).toContainText('tvly-…3HCS');
    await expect(content).toContainText('password •••••• (7)');
    for (const raw of [TAVILY, 'hunter2', 'abc123', 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv'])
      await expect(content).not.toContainText(raw);
    await expect(content).toContainText('3f2504e0-4f89-11d3-9a0c-0305e82c3301');
    await snap(page, testInfo.outputPath('secrets-editor-1440.png'));

    // 2. "show" reveals the value in place; leaving the editor masks it again.
    const tavily = page.locator('[data-testid="secret-mask"][data-kind="tavily"]');
    await tavily.getByTestId('secret-reveal').click();
    await expect(content).toContainText(TAVILY);
    await expect(page.getByTestId('secret-revealed')).toHaveText(TAVILY);
    await snap(page, testInfo.outputPath('secrets-editor-revealed-1440.png'));
    await content.click();
    await page.getByTestId('file-filter').click();
    await expect(content).not.toContainText(TAVILY);
    await expect(tavily).toBeVisible();
    // "copy" puts the raw value on the clipboard without showing it.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.origin });
    await tavily.getByTestId('secret-copy').click();
    await expect(tavily.getByTestId('secret-copy')).toHaveAttribute('data-text', 'copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TAVILY);
    await expect(content).not.toContainText(TAVILY);

    // 3. An edit and a save write the raw text, byte for byte.
    await typeAtEnd(page, '- Rotate the Tavily key next month.');
    await page.keyboard.press(`${mod}+s`);
    await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
    const saved = Buffer.concat([original, Buffer.from('- Rotate the Tavily key next month.')]);
    expect(fs.readFileSync(memory).equals(saved)).toBe(true);
    await expect(content).not.toContainText(TAVILY);

    // 4. The Secrets view lists the planted secrets, with the git notice; a row opens its line.
    await page.getByTestId('view-secrets').click();
    const rows = page.getByTestId('secret-row');
    const row = (label: string) =>
      page.locator(`[data-testid="secret-row"][data-path="MEMORY.md"][data-label="${label}"]`);
    await expect(row('tvly-…3HCS')).toHaveAttribute('data-line', '3');
    await expect(row('password •••••• (7)')).toHaveAttribute('data-line', '11');
    // 密码：abc123 and 口令: Zx9#Qw, the Chinese password lines.
    await expect(row('password •••••• (6)')).toHaveCount(2);
    expect(await rows.count()).toBeGreaterThanOrEqual(12);
    await expect(page.getByTestId('secrets-view')).not.toContainText(TAVILY);
    await expect(page.getByTestId('secrets-notice')).toContainText('git');
    await snap(page, testInfo.outputPath('secrets-view-1440.png'));
    await page.setViewportSize({ width: 1024, height: 700 });
    await snap(page, testInfo.outputPath('secrets-view-1024.png'));
    await page.setViewportSize({ width: 1440, height: 900 });

    await row('tvly-…3HCS').getByTestId('secret-open').click();
    await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'MEMORY.md');
    await expect(page.locator('.cm-activeLine')).toContainText('Roger provided API key');

    // 5. A file changed since the list was made: the fix is refused and nothing is written.
    await page.getByTestId('view-secrets').click();
    await expect(row('password •••••• (7)')).toBeVisible();
    const outside = `${fs.readFileSync(memory, 'utf8')}\n- Edited in another editor.\n`;
    fs.writeFileSync(memory, outside);
    await row('password •••••• (7)').getByTestId('secret-replace').click();
    await expect(page.getByTestId('secrets-message')).toHaveAttribute('data-kind', 'error');
    await expect(page.getByTestId('secrets-message')).toContainText('nothing was written');
    expect(fs.readFileSync(memory, 'utf8')).toBe(outside);

    // 6. Replace (the list is fresh again): the placeholder is on disk and the entry is gone.
    await row('password •••••• (7)').getByTestId('secret-replace').click();
    await expect(page.getByTestId('secrets-message')).toHaveAttribute('data-kind', 'info');
    await expect(row('password •••••• (7)')).toHaveCount(0);
    // The placeholder is not taken for a new password on that line.
    await expect(page.locator('[data-testid="secret-row"][data-path="MEMORY.md"][data-line="11"]')).toHaveCount(0);
    const fixed = fs.readFileSync(memory, 'utf8');
    expect(fixed).toContain('- sudo password: <in password manager>\n');
    expect(fixed).not.toContain('hunter2');
    expect(fixed).toBe(outside.replace('hunter2', '<in password manager>'));
    await expect(row('tvly-…3HCS')).toBeVisible();
    await snap(page, testInfo.outputPath('secrets-view-fixed-1440.png'));
  } finally {
    await served.stop();
  }
});
