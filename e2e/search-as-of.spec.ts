// "As of" another day in the search panel, in the real UI against serve mode: on a workspace last
// written months ago, "yesterday" names no memory today, and as of the day after the old daily note
// the same words find it first, boosted by its file date. The picker must not crowd the search box.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { serveForFile } from './support/serve-fixture.js';
import { openApp, searchFor } from './support/ui-helpers.js';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const daysFromToday = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return isoDay(d);
};
// Old enough that "yesterday" is never the note's day, whenever this runs.
const NOTE_DAY = daysFromToday(-120);
const DAY_AFTER = daysFromToday(-119);
const NOTE = `memory/daily/${NOTE_DAY}.md`;
const QUERY = 'nginx yesterday';

function buildWorkspace(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-as-of-'));
  fs.writeFileSync(
    path.join(dir, 'MEMORY.md'),
    '# Memory\n\nnginx sits in front of the dashboard; the nginx config is in /etc/nginx.\n',
  );
  fs.mkdirSync(path.join(dir, 'memory', 'daily'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, NOTE),
    `# ${NOTE_DAY}\n\nThe dashboard went down in the afternoon; we restarted nginx and it came back after a few minutes.\n`,
  );
  return dir;
}

const served = serveForFile(() => ({ moveFrom: buildWorkspace() }));

const panelResults = (page: Page) =>
  page.getByTestId('search-panel').locator('[data-testid="search-results"] [data-testid="search-result"]');

/** Picks the day; the search runs again, and the old note coming first is the sign its answer is in. */
async function setAsOf(page: Page, day: string): Promise<void> {
  await page.getByTestId('search-as-of-input').fill(day);
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
  await expect(panelResults(page).first()).toHaveAttribute('data-path', NOTE);
}

test('"yesterday" on an old workspace: no memory then today; as of the day after the note, the note comes first', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, served().url);
  await searchFor(page, QUERY);

  // Today: nothing is from yesterday, and the notice points at the old note.
  const gap = page.getByTestId('notice-no-memory-then');
  await expect(gap).toBeVisible();
  await expect(gap).toContainText(NOTE);
  await expect(panelResults(page).first()).toHaveAttribute('data-path', 'MEMORY.md');
  await expect(page.getByTestId('search-as-of-chip')).toHaveCount(0);

  await page.getByTestId('search-as-of-toggle').click();
  await expect(page.getByTestId('search-as-of-input')).toHaveValue(isoDay(new Date()));
  await setAsOf(page, DAY_AFTER);
  await expect(gap).toHaveCount(0);
  await expect(page.getByTestId('notice-query-dates')).toContainText('yesterday');
  await expect(panelResults(page).first()).toHaveAttribute('data-path', NOTE);
  await page.screenshot({ path: testInfo.outputPath('as-of-open-1440.png') });

  // Closed, the chip says the search is not as of today.
  await page.getByTestId('search-as-of-toggle').click();
  const chip = page.getByTestId('search-as-of-chip');
  await expect(chip).toHaveText(new RegExp(`as of ${DAY_AFTER}`));
  await page.screenshot({ path: testInfo.outputPath('as-of-chip-1440.png') });

  // It stays with the search: a new query and "back to saved defaults" keep it.
  await searchFor(page, 'dashboard');
  await searchFor(page, QUERY);
  await expect(chip).toHaveAttribute('data-value', DAY_AFTER);
  await page.getByTestId('search-settings-toggle').click();
  await page.getByTestId('setting-max-results').fill('7');
  await expect(page.getByTestId('what-if-revert')).toBeVisible();
  await page.getByTestId('what-if-revert').click();
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
  await expect(chip).toHaveAttribute('data-value', DAY_AFTER);
  await expect(panelResults(page).first()).toHaveAttribute('data-path', NOTE);
  await page.getByTestId('search-settings-toggle').click();

  // × goes back to today: the notice returns.
  await page.getByTestId('search-as-of-reset').click();
  await expect(chip).toHaveCount(0);
  await expect(gap).toBeVisible();
  await expect(panelResults(page).first()).toHaveAttribute('data-path', 'MEMORY.md');
});

test('at 1024×700 the as-of toggle, picker and chip leave the search box its room', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page, served().url);
  await searchFor(page, QUERY);
  const input = page.getByTestId('search-input');
  const toggle = page.getByTestId('search-as-of-toggle');
  const before = (await input.boundingBox())!;

  await toggle.click();
  await setAsOf(page, DAY_AFTER);
  await page.screenshot({ path: testInfo.outputPath('as-of-open-1024.png') });
  await toggle.click();
  await expect(page.getByTestId('search-as-of-chip')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('as-of-chip-1024.png') });

  const box = (await input.boundingBox())!;
  const button = (await toggle.boundingBox())!;
  const panel = (await page.getByTestId('search-panel').boundingBox())!;
  // The box keeps its width, the toggle sits on its row and inside the panel.
  expect(box.width).toBe(before.width);
  expect(box.width).toBeGreaterThan(panel.width * 0.6);
  expect(Math.abs(button.y + button.height / 2 - (box.y + box.height / 2))).toBeLessThan(4);
  expect(button.x).toBeGreaterThanOrEqual(box.x + box.width);
  expect(button.x + button.width).toBeLessThanOrEqual(panel.x + panel.width);
  // The chip fits on one line inside the panel.
  const chip = (await page.getByTestId('search-as-of-chip').boundingBox())!;
  expect(chip.x + chip.width).toBeLessThanOrEqual(panel.x + panel.width);
  expect(chip.height).toBeLessThan(box.height + 4);
});
