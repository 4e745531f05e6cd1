// What the data-safety promises look like in the window (Chromium against serve mode): the
// frontmatter checksum kept true by saves, the banner and "accept as intended" for an external
// edit that broke it, a 50 MB file as a read-only window with paging, and a watcher that says why
// it cannot watch. (External edits with a clean or dirty buffer and a file deleted while open:
// e2e/ui.spec.ts "editing".)
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test as plainTest } from '@playwright/test';
import { test, expect, startServe } from './support/serve-fixture.js';
import { editorText, openApp, openFile, snap, typeAtEnd, mod } from './support/ui-helpers.js';
import { parseFrontmatter } from '../electron/memory/parse/frontmatter.js';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const PREFERENCES = 'memory/facts/preferences.md';

test.describe('the integrity contract (frontmatter checksum)', () => {
  test('an app save keeps the checksum true and sets updated; the editor shows what was written', async ({
    page,
    served,
  }) => {
    const file = path.join(served.workspace, PREFERENCES);
    const before = fs.readFileSync(file, 'utf8');
    expect(parseFrontmatter(before).checksum?.ok).toBe(true);
    await openApp(page, served.url);
    await openFile(page, PREFERENCES);
    await expect(page.getByTestId('checksum-banner')).toHaveCount(0);
    await typeAtEnd(page, 'Edited in the app.');
    await page.keyboard.press(`${mod}+s`);
    await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');

    const after = fs.readFileSync(file, 'utf8');
    const parsed = parseFrontmatter(after);
    expect(parsed.body.endsWith('Edited in the app.')).toBe(true);
    expect(parsed.checksum).toMatchObject({ ok: true, actual: sha256(parsed.body) });
    const changed = after.split('\n').filter((line, i) => line !== `${before}Edited in the app.`.split('\n')[i]);
    expect(changed.map((line) => line.split(':')[0])).toEqual(['updated', 'checksum']);
    await expect.poll(() => editorText(page)).toBe(after);
    await expect(page.getByTestId('checksum-banner')).toHaveCount(0);
  });

  test('an external edit that breaks it shows a banner; "accept as intended" rewrites only checksum and updated', async ({
    page,
    served,
  }, testInfo) => {
    const file = path.join(served.workspace, PREFERENCES);
    await openApp(page, served.url);
    await openFile(page, PREFERENCES);
    const edited = fs.readFileSync(file, 'utf8').replace(/\n$/, '\nAdded by hand in another editor.\n');
    fs.writeFileSync(file, edited);
    await expect(page.getByTestId('checksum-banner')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('checksum-banner')).toContainText('does not match');
    await snap(page, testInfo.outputPath('checksum-banner.png'));

    await page.getByTestId('checksum-accept').click();
    await expect(page.getByTestId('checksum-banner')).toHaveCount(0);
    const accepted = fs.readFileSync(file, 'utf8');
    expect(parseFrontmatter(accepted).checksum?.ok).toBe(true);
    const changed = accepted.split('\n').filter((line, i) => line !== edited.split('\n')[i]);
    expect(changed.map((line) => line.split(':')[0])).toEqual(['updated', 'checksum']);
    await expect.poll(() => editorText(page)).toBe(accepted);
    await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
  });
});

test('a 50 MB file opens as a read-only window of numbered lines, and pages', async ({ page, served }, testInfo) => {
  const rel = 'memory/huge-log.md';
  const line = (i: number) => `Line ${i}: the router rebooted again.`;
  const fd = fs.openSync(path.join(served.workspace, rel), 'w');
  for (let i = 1, size = 0; size < 50 * 1024 * 1024;) {
    const piece: string[] = [];
    for (let n = 0; n < 20_000; n++, i++) piece.push(line(i));
    const text = `${piece.join('\n')}\n`;
    fs.writeSync(fd, text);
    size += text.length;
  }
  fs.closeSync(fd);
  await openApp(page, served.url);
  await expect(page.locator(`[data-testid="file-item"][data-path="${rel}"]`)).toHaveCount(1, { timeout: 15_000 });
  await openFile(page, rel);
  const bar = page.getByTestId('file-window');
  await expect(bar).toContainText(
    /This file is 5\d\.\d MB, too large to open whole: showing lines 1–[\d,]+ of [\d,]+, read-only\./,
  );
  await expect(page.getByTestId('save-button')).toHaveCount(0);
  await expect(page.locator('.cm-content')).toHaveAttribute('contenteditable', 'false');
  const endLine = Number(await bar.getAttribute('data-end-line'));
  await snap(page, testInfo.outputPath('file-window.png'));

  await page.getByTestId('file-window-next').click();
  await expect(bar).toHaveAttribute('data-start-line', String(endLine + 1));
  await expect(
    page.locator('.cm-lineNumbers .cm-gutterElement').filter({ hasText: new RegExp(`^${endLine + 1}$`) }),
  ).toHaveCount(1);
  await expect(page.locator('.cm-line').first()).toHaveText(line(endLine + 1));
  await page.getByTestId('file-window-previous').click();
  await expect(bar).toHaveAttribute('data-start-line', '1');
  await page.setViewportSize({ width: 700, height: 500 });
  await snap(page, testInfo.outputPath('file-window-small.png'));
});

// The watcher in a user namespace whose inotify watch limit is 3 (the machine's limit is untouched).
const namespaceProbe = spawnSync(
  'unshare',
  ['-U', '-r', 'sh', '-c', 'echo 3 > /proc/sys/user/max_inotify_watches && echo ok'],
  { encoding: 'utf8' },
);
const noNamespace = namespaceProbe.stdout?.includes('ok')
  ? null
  : `unshare -U -r is not available here (${namespaceProbe.error?.message ?? namespaceProbe.stderr?.trim()})`;

plainTest(
  'a watcher that runs out of watches says so in the status bar, with the reason',
  async ({ page }, testInfo) => {
    plainTest.skip(noNamespace !== null, noNamespace ?? '');
    const served = await startServe([], {
      launcher: [
        'unshare',
        '-U',
        '-r',
        'sh',
        '-c',
        'echo 3 > /proc/sys/user/max_inotify_watches; exec "$@"',
        'memlens-limited',
      ],
    });
    try {
      await openApp(page, served.url);
      const watcher = page.getByTestId('status-watcher');
      await expect(watcher).toHaveAttribute('data-value', 'error');
      await expect(page.getByTestId('status-watcher-reason')).toContainText('limit on watched files is reached');
      await expect(watcher).toHaveAttribute('title', /rescan every 10 s/);
      await snap(page, testInfo.outputPath('watcher-error.png'));
      // On a narrow window the reason is cut short in the bar; the error list has it whole.
      await page.setViewportSize({ width: 640, height: 480 });
      await expect(page.getByTestId('status-errors')).toHaveAttribute('data-value', '1');
      await page.getByTestId('status-errors').click();
      await expect(page.getByTestId('status-error-watcher')).toContainText(
        'Raise it, e.g. `sudo sysctl fs.inotify.max_user_watches=524288`, and restart.',
      );
      await snap(page, testInfo.outputPath('watcher-error-small.png'));
    } finally {
      await served.stop();
    }
  },
);
