// The timeline's "go to a date" box reads the date words quick open and search read: typed 7月3日
// (or "July 3rd") the list scrolls to that day's memories; words without a date say so. In both
// languages of the interface, screenshots at 1440×900 and 1024×700.
import { expect, test } from './support/serve-fixture.js';
import { openApp, snap } from './support/ui-helpers.js';

const july3 = '[data-testid="timeline-item"][data-path="memory/summaries/daily/2026-07-03.md"]';

test('the date jump scrolls to the day its words name, and says when they name none', async ({
  page,
  served,
}, testInfo) => {
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openApp(page, served.url);
    await page.getByTestId('view-timeline').click();
    await expect(page.getByTestId('timeline-item').first()).toBeVisible();
    await expect(page.locator(july3)).toHaveCount(0);
    for (const words of ['7月3日', 'July 3rd']) {
      await page.getByTestId('timeline-scroll').evaluate((el) => el.scrollTo(0, 0));
      await page.getByTestId('timeline-jump').fill(words);
      await page.getByTestId('timeline-jump').press('Enter');
      await expect(page.getByTestId('timeline-jump-note')).toHaveText(`“${words}” → 2026-07-03`);
      await expect(page.locator(july3)).toBeInViewport();
    }
    await snap(page, testInfo.outputPath(`timeline-jump-${width}x${height}.png`));
    await page.getByTestId('timeline-jump').fill('router firmware');
    await page.getByTestId('timeline-jump').press('Enter');
    await expect(page.getByTestId('timeline-jump-note')).toHaveText('No date in “router firmware”');
  }
});
