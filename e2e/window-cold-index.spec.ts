// A big workspace opened for the first time: the status bar says the index is being built and how
// far it got ("Indexing 600 of 1,500 files"), never a bare "0 files" with nothing moving.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { generateSyntheticWorkspace } from '../bench/synthetic-workspace.js';
import { startServe } from './support/serve-fixture.js';

test('a cold index of a big workspace shows its progress in files', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cold-')), 'big');
  generateSyntheticWorkspace({ dir, files: 1500, seed: 7, meanTokens: 300 });
  const served = await startServe([], { moveFrom: dir });
  try {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    // The page's first status answer is held until the index has sent progress: an answer that a
    // progress event overtook was dropped whole, and the status bar said "Connecting…" to the end.
    let releaseStatus: () => void = () => undefined;
    const statusHeld = new Promise<void>((resolve) => (releaseStatus = resolve));
    let firstStatus = true;
    await page.route('**/api/status', async (route) => {
      if (firstStatus) {
        firstStatus = false;
        await statusHeld;
      }
      await route.continue();
    });
    await page.goto(served.url);
    const seen: string[] = [];
    let sawProgress = false;
    let finished = false;
    // Watch the status bar until the first index is done: the file count shows and no progress does.
    // A deadline, not a count of polls, bounds it, so a slow machine fails with what it saw.
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      // Read without waiting: a window that lost its status bar is recorded as such, not waited on.
      const shown = async (testId: string) =>
        (await page.getByTestId(testId).count())
          ? (await page.getByTestId(testId).innerText({ timeout: 5_000 })).replace(/\s+/g, ' ')
          : `(no ${testId})`;
      const text = await shown('status-bar');
      const count = await shown('file-count');
      seen.push(`${count} | ${text}`);
      // Released once files are being written, or after 10 s at the latest.
      if (/[1-9][\d,]* files so far/.test(count) || Date.now() > deadline - 140_000) releaseStatus();
      if (/Indexing [\d,]+ of [\d,]+ files|Scanning files…/.test(text)) {
        if (!sawProgress) await page.screenshot({ path: testInfo.outputPath('cold-index.png') });
        sawProgress = true;
      }
      if (
        (await page.getByTestId('status-files').count()) &&
        (await page.getByTestId('status-progress').count()) === 0
      ) {
        finished = true;
        break;
      }
      await page.waitForTimeout(100);
    }
    const story =
      [...new Set(seen)].slice(-30).join('\n') + (pageErrors.length ? `\npage errors:\n${pageErrors.join('\n')}` : '');
    expect(pageErrors, story).toEqual([]);
    expect(finished, `the first index did not end within 150 s; the status bar went:\n${story}`).toBe(true);
    expect(sawProgress, story).toBe(true);
    // Progress counted files out of the real total, and it moved.
    const counts = seen
      .map((t) => /Indexing ([\d,]+) of ([\d,]+) files/.exec(t))
      .filter(Boolean)
      .map((m) => [Number(m![1]!.replace(/,/g, '')), Number(m![2]!.replace(/,/g, ''))]);
    expect(counts.length).toBeGreaterThan(1);
    expect(counts.at(-1)![1]).toBeGreaterThanOrEqual(1500);
    expect(new Set(counts.map(([done]) => done)).size).toBeGreaterThan(1);
    // Never a bare "0 files" while the first index runs (the file list says it is still indexing).
    expect(seen.filter((t) => /(^| )0 files(?! so far)/.test(t))).toEqual([]);
    expect(seen.some((t) => /files so far — indexing…/.test(t))).toBe(true);
    await expect(page.getByTestId('status-files')).not.toHaveAttribute('data-value', '0');
  } finally {
    await served.stop();
  }
});
