// Rank numbers count the cards a person sees (issue 34): from 1, consecutive, with automated runs
// after the conversations, hidden or mixed in; and "why" compares the two cards it names.
import { expect, test, type Page } from '@playwright/test';
import { buildAutomatedWorkspace } from './support/automated-workspace.js';
import { serveForFile } from './support/serve-fixture.js';
import { openApp } from './support/ui-helpers.js';

const served = serveForFile(() => ({ moveFrom: buildAutomatedWorkspace() }));

const cards = (page: Page) =>
  page.locator(
    ':is([data-testid="search-results"], [data-testid="search-results-automated"]) [data-testid="search-result"]',
  );

async function shownNumbers(page: Page): Promise<number[]> {
  return cards(page).evaluateAll((els) =>
    els.map((el) => Number(el.querySelector('.search-result__rank')!.textContent)),
  );
}

test('the numbers on the cards run 1, 2, 3… in every placement of automated runs, and “why” names two of them', async ({
  page,
}) => {
  await openApp(page, served().url);
  await page.getByTestId('search-input').fill('Wise support inbox February 5th');
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
  await expect(page.getByTestId('result-automated')).toBeVisible();
  for (const placement of ['after', 'hidden', 'mixed'] as const) {
    await page.getByTestId('result-automated-filter').selectOption(placement);
    await expect(page.getByTestId('result-automated')).toHaveAttribute('data-placement', placement);
    const numbers = await shownNumbers(page);
    expect(numbers.length, placement).toBeGreaterThan(placement === 'hidden' ? 0 : 1);
    expect(numbers, placement).toEqual(numbers.map((_, i) => i + 1));
  }
  await page.getByTestId('result-automated-filter').selectOption('after');
  // The engine put runs first: the first person's card is engine #2 or later, shown as #1.
  const first = cards(page).first();
  expect(Number(await first.getAttribute('data-rank'))).toBeGreaterThan(1);
  const second = cards(page).nth(1);
  await second.getByTestId('breakdown-toggle').click();
  const why = await second.getByTestId('why-above').innerText();
  const named = new Set([...why.matchAll(/#(\d+)/g)].map((m) => Number(m[1])));
  expect(named.size).toBeGreaterThan(0);
  for (const n of named) expect([1, 2]).toContain(n);
  // The scores it quotes are the two cards' own.
  const scores = await Promise.all([first, second].map((c) => c.getByTestId('result-score').innerText()));
  for (const score of scores) expect(why).toContain(Number(score).toFixed(3));
});
