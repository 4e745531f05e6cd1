// A big workspace opened for the first time: the status bar says the index is being built and how
// far it got ("Indexing 1,200 of 6,000 files"), never a bare "0 files" with nothing moving.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { generateSyntheticWorkspace } from '../bench/synthetic-workspace.js';
import { startServe } from './support/serve-fixture.js';

test('a cold index of a big workspace shows its progress in files', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cold-')), 'big');
  generateSyntheticWorkspace({ dir, files: 3000, seed: 7, meanTokens: 300 });
  const served = await startServe([], { moveFrom: dir });
  try {
    await page.goto(served.url);
    const seen: string[] = [];
    let sawProgress = false;
    // Watch the status bar until the first index is done (the file count shows).
    for (let i = 0; i < 1200; i++) {
      const text =
        `${await page.getByTestId('file-count').innerText()} | ${await page.getByTestId('status-bar').innerText()}`.replace(
          /\s+/g,
          ' ',
        );
      seen.push(text);
      if (/Indexing [\d,]+ of [\d,]+ files|Scanning files…/.test(text)) {
        if (!sawProgress) await page.screenshot({ path: testInfo.outputPath('cold-index.png') });
        sawProgress = true;
      }
      if (
        (await page.getByTestId('status-files').count()) &&
        (await page.getByTestId('status-progress').count()) === 0 &&
        sawProgress
      )
        break;
      await page.waitForTimeout(100);
    }
    expect(sawProgress, seen.slice(0, 20).join('\n')).toBe(true);
    // Progress counted files out of the real total, and it moved.
    const counts = seen
      .map((t) => /Indexing ([\d,]+) of ([\d,]+) files/.exec(t))
      .filter(Boolean)
      .map((m) => [Number(m![1]!.replace(/,/g, '')), Number(m![2]!.replace(/,/g, ''))]);
    expect(counts.length).toBeGreaterThan(1);
    expect(counts.at(-1)![1]).toBeGreaterThanOrEqual(3000);
    expect(new Set(counts.map(([done]) => done)).size).toBeGreaterThan(1);
    // Never a bare "0 files" while the first index runs (the file list says it is still indexing).
    expect(seen.filter((t) => /(^| )0 files(?! so far)/.test(t))).toEqual([]);
    expect(seen.some((t) => /files so far — indexing…/.test(t))).toBe(true);
    await expect(page.getByTestId('status-files')).not.toHaveAttribute('data-value', '0');
  } finally {
    await served.stop();
  }
});
