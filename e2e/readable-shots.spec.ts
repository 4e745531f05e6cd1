// Pictures of the app on a workspace with cron and heartbeat sessions, at the two window sizes
// people use most: search results, the sidebar and timeline, and a Feishu transcript (the
// README's search, timeline and transcript pictures come from here; docs/screenshots/issue-34 too).
// MEMLENS_SHOTS_DIR puts them in a folder of your choice (the "before" pictures of a change);
// otherwise they are test artifacts, and MEMLENS_UPDATE_SCREENSHOTS=1 refreshes the README's.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { buildAutomatedWorkspace } from './support/automated-workspace.js';
import { startServe } from './support/serve-fixture.js';
import { openApp, snap, type ReadmeScreenshot } from './support/ui-helpers.js';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

for (const size of SIZES) {
  test(`readable results and sessions at ${size.width}×${size.height}`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const served = await startServe([], { moveFrom: buildAutomatedWorkspace() });
    const out = (name: string) => {
      const dir = process.env.MEMLENS_SHOTS_DIR;
      if (!dir) return testInfo.outputPath(`${name}-${size.width}x${size.height}.png`);
      fs.mkdirSync(dir, { recursive: true });
      return path.join(dir, `${name}-${size.width}x${size.height}.png`);
    };
    const readme = (name: ReadmeScreenshot) => (size.width === 1440 ? name : undefined);
    const searchShot: ReadmeScreenshot = size.width === 1440 ? 'search' : 'search-1024';
    try {
      await page.setViewportSize(size);
      await openApp(page, served.url);
      await page.getByTestId('search-input').fill('3月5日');
      await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
      await snap(page, out('search-3-5'), searchShot);
      await page.getByTestId('search-input').fill('February 5th wise support');
      await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
      await snap(page, out('search-cron'));
      // The job's runs, folded into one card, opened to their list.
      const runs = page.getByTestId('result-runs').first();
      await runs.getByRole('button').first().click();
      await runs.scrollIntoViewIfNeeded();
      await snap(page, out('search-cron-runs'));
      await page.getByTestId('search-input').fill('轻笔记项目定稿');
      await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
      await snap(page, out('search-snippet'));
      await page.getByTestId('view-timeline').click();
      await expect(page.getByTestId('timeline-view')).toBeVisible();
      await snap(page, out('timeline'), readme('timeline'));
      await page
        .getByTestId('view-editor')
        .click()
        .catch(() => undefined);
      const feishu = page.locator('[data-testid="file-item"]', { hasText: /sunny|用户248287/ }).first();
      await page.getByTestId('file-filter').fill('');
      await feishu.locator('.file-item__open').click();
      await expect(page.getByTestId('transcript')).toBeVisible();
      await snap(page, out('transcript'), readme('transcript'));
    } finally {
      await served.stop();
    }
  });
}
