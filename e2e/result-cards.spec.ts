// A result list you can scan (issue 34): compact cards — title, path, date, score and a few lines
// of snippet around the best match — so at least 6 results fit at 1440×900 and 4 at 1024×700 with
// the notices a first search shows; the full passage opens in place.
import { expect, test, type Page } from '@playwright/test';
import { buildAutomatedWorkspace } from './support/automated-workspace.js';
import { serveForFile } from './support/serve-fixture.js';
import { openApp, searchFor } from './support/ui-helpers.js';

const served = serveForFile(() => ({ moveFrom: buildAutomatedWorkspace() }));

/** Result cards wholly on screen: inside the window and inside the search panel's visible box. */
async function cardsOnScreen(page: Page): Promise<number> {
  return page.evaluate(() => {
    const panel = document.querySelector('[data-testid="search-panel"]')!.getBoundingClientRect();
    const bottom = Math.min(window.innerHeight, panel.bottom);
    const lists = '[data-testid="search-results"], [data-testid="search-results-automated"]';
    return Array.from(document.querySelectorAll(`:is(${lists}) [data-testid="search-result"]`)).filter((card) => {
      const r = card.getBoundingClientRect();
      return r.height > 0 && r.top >= panel.top && r.bottom <= bottom + 0.5;
    }).length;
  });
}

for (const { width, height, atLeast } of [
  { width: 1440, height: 900, atLeast: 6 },
  { width: 1024, height: 700, atLeast: 4 },
]) {
  test(`${width}×${height}: at least ${atLeast} result cards are on screen, the first above y=200`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await openApp(page, served().url);
    await searchFor(page, 'gateway');
    const count = await cardsOnScreen(page);
    testInfo.annotations.push({ type: 'cards on screen', description: String(count) });
    await page.screenshot({ path: testInfo.outputPath(`cards-${width}x${height}.png`) });
    expect(Number(await page.getByTestId('search-summary').getAttribute('data-count'))).toBeGreaterThanOrEqual(atLeast);
    expect(count).toBeGreaterThanOrEqual(atLeast);
    const first = await page.getByTestId('search-result').first().boundingBox();
    testInfo.annotations.push({ type: 'first card y', description: String(Math.round(first!.y)) });
    console.log(`${width}×${height}: ${count} cards on screen, the first at y=${Math.round(first!.y)}`);
    expect(first!.y).toBeLessThanOrEqual(200);
    // The ranking switch is one row, and the search box shows its whole placeholder.
    const rows = await page
      .getByTestId('ranking-profile')
      .locator('button, label')
      .evaluateAll((els) => {
        const boxes = els.map((el) => el.getBoundingClientRect());
        return { top: Math.max(...boxes.map((b) => b.top)), bottom: Math.min(...boxes.map((b) => b.bottom)) };
      });
    expect(rows.top, 'every option of the ranking switch on one row').toBeLessThan(rows.bottom);
    const fits = await page.getByTestId('search-input').evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return ctx.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);
  });
}

test('a card shows a few lines around its best match, at most ~300 characters, and the whole passage in place on request', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, served().url);
  await searchFor(page, '3月5日');
  const card = page.getByTestId('search-result').first();
  const snippet = card.getByTestId('search-snippet');
  const shown = (await snippet.innerText()).replace(/\s+/g, '');
  expect(shown.length).toBeLessThanOrEqual(320);
  await expect(snippet.locator('mark').first()).toBeVisible();
  const lines = await snippet.evaluate((el) =>
    Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
  );
  expect(lines).toBeGreaterThanOrEqual(1);
  expect(lines).toBeLessThanOrEqual(5);
  // Title, path, date and score are on the card.
  await expect(card.getByTestId('search-result-open')).toBeVisible();
  await expect(card.getByTestId('result-path')).toBeVisible();
  await expect(card.getByTestId('result-score')).toBeVisible();
  await card.getByTestId('snippet-more').click();
  const full = (await snippet.innerText()).replace(/\s+/g, '');
  expect(full.length).toBeGreaterThan(shown.length);
  await expect(card.getByTestId('snippet-more')).toHaveText(/less/i);
});
