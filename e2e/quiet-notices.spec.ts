// Notices that leave room for results (issue 34): one line each, opened by a chevron, dismissed
// for the session by ×; keyword-only is said once in the panel and then by the status bar; at
// 1024×700 the first result starts above y=200 even with the notices a dated query brings.
import { expect, test } from '@playwright/test';
import { buildAutomatedWorkspace } from './support/automated-workspace.js';
import { serveForFile } from './support/serve-fixture.js';
import { openApp } from './support/ui-helpers.js';

const served = serveForFile(() => ({ moveFrom: buildAutomatedWorkspace() }));

test('1024×700: each notice is one line, opens in place, is dismissed for the session; keyword-only moves to the status bar', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page, served().url);
  await page.getByTestId('search-input').fill('Wise support inbox February');
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
  // "No memory is from Feb 2026 …": the notice a dated query with no memory then brings.
  const dates = page.getByTestId('notice-no-memory-then');
  const keywordOnly = page.getByTestId('notice-keyword-only');
  await expect(dates).toBeVisible();
  await expect(keywordOnly).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('notices-1024x700.png') });
  for (const notice of [dates, keywordOnly]) {
    const text = notice.getByTestId('notice-text');
    const lineHeight = await text.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 16);
    expect((await text.boundingBox())!.height).toBeLessThanOrEqual(lineHeight + 1);
  }
  expect((await page.getByTestId('search-result').first().boundingBox())!.y).toBeLessThanOrEqual(200);

  // The chevron shows the whole sentence; × dismisses it, and it stays dismissed after a reload.
  const oneLine = (await dates.boundingBox())!.height;
  await dates.getByTestId('notice-toggle').click();
  expect((await dates.boundingBox())!.height).toBeGreaterThan(oneLine);
  await expect(dates.getByTestId('notice-text')).toContainText('nearest dated memories');
  await dates.getByTestId('notice-dismiss').click();
  await expect(dates).toHaveCount(0);

  await page.reload();
  await openApp(page, served().url);
  await page.getByTestId('search-input').fill('Wise support inbox February');
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
  await expect(page.getByTestId('search-summary')).toBeVisible();
  await expect(page.getByTestId('notice-no-memory-then')).toHaveCount(0);
  // Seen once: now the status bar says it, with the way to set a model up.
  await expect(page.getByTestId('notice-keyword-only')).toHaveCount(0);
  await expect(page.getByTestId('status-mode')).toHaveText('keyword-only');
  await page.getByTestId('status-model').click();
  await expect(page.getByTestId('settings-view')).toBeVisible();
});
