// Issue 34 on a cron-heavy workspace (e2e/support/automated-workspace.ts): the runs of one
// automated prompt — live sessions and deleted archives, heartbeats in a reset main session — are
// one card with its count and run list; a note copied under two folders is one card that names both
// (the same rule the doctor's duplicates use); a transcript full of U+FFFD characters is text, found
// and dated by its messages; one without timestamps is dated by its file.
import { expect, test, type Page } from '@playwright/test';
import {
  buildAutomatedWorkspace,
  COPIED_NOTE,
  CRON_JOB,
  DELETED_CRON_RUNS,
  MOJIBAKE_SESSION,
  UNDATED_SESSION,
} from './support/automated-workspace.js';
import { serveForFile } from './support/serve-fixture.js';
import { fileItem, openApp, searchFor } from './support/ui-helpers.js';

const served = serveForFile(() => ({ moveFrom: buildAutomatedWorkspace() }));

const LIVE_CRON_RUNS = 6;

/** Every card on screen (conversations and automated runs) with its path and folded runs. */
function cards(page: Page) {
  return page
    .locator('[data-testid="search-results"], [data-testid="search-results-automated"]')
    .getByTestId('search-result')
    .evaluateAll((els) =>
      els.map((e) => ({
        path: e.getAttribute('data-path')!,
        runs: e.querySelector('[data-testid="result-runs"]')?.getAttribute('data-count') ?? null,
        kind: e.querySelector('[data-testid="result-runs"]')?.getAttribute('data-kind') ?? null,
      })),
    );
}

/** The sidebar's transcripts of one cron job (the group the sidebar names after it). */
async function cronRunPaths(page: Page): Promise<string[]> {
  const automated = page.locator('[data-testid="file-group"][data-group="automated"]');
  await automated.locator('.file-group__head').first().click();
  const cron = page.locator(`[data-testid="file-group"][data-group="automated/cron/${CRON_JOB.name}"]`);
  await expect(cron.getByTestId('file-item')).toHaveCount(LIVE_CRON_RUNS + DELETED_CRON_RUNS);
  return cron.getByTestId('file-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!));
}

test('the runs of one cron job, deleted archives included, are one card with the run count and the run list', async ({
  page,
}) => {
  await openApp(page, served().url);
  const runPaths = await cronRunPaths(page);
  expect(runPaths.filter((p) => p.includes('.jsonl.deleted.'))).toHaveLength(DELETED_CRON_RUNS);

  await searchFor(page, 'February 5th wise support');
  const shown = await cards(page);
  const wiseCards = shown.filter((c) => runPaths.includes(c.path));
  expect(wiseCards, 'one card for the whole job').toHaveLength(1);
  expect(wiseCards[0]!.kind).toBe('cron');
  const runs = page.getByTestId('result-runs').filter({ hasText: CRON_JOB.name });
  const count = Number(await runs.getAttribute('data-count'));
  // Every run whose chunk the search found: the live ones and the deleted archives.
  expect(count).toBe(LIVE_CRON_RUNS + DELETED_CRON_RUNS);
  await expect(runs.getByRole('button').first()).toHaveText(`Cron job “${CRON_JOB.name}”: ${count} runs…`);
  await runs.getByRole('button').first().click();
  const listed = await runs
    .getByTestId('result-run')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!));
  expect([...listed].sort()).toEqual([...runPaths].sort());
  // Newest first, each by its start time; one opens its transcript.
  const times = await runs.getByTestId('result-run-open').allTextContents();
  expect(times.every((t) => /\d/.test(t) && !t.includes('.jsonl'))).toBe(true);
  const archived = listed.find((p) => p.includes('.jsonl.deleted.'))!;
  await runs.locator(`[data-testid="result-run"][data-path="${archived}"]`).getByTestId('result-run-open').click();
  await expect(page.getByTestId('transcript')).toBeVisible();
  await expect(page.getByTestId('transcript')).toContainText('No new replies from Wise support');
});

test('heartbeat turns — their own sessions and a reset main session that only ran the heartbeat — are one card', async ({
  page,
}) => {
  await openApp(page, served().url);
  await page.locator('[data-testid="file-group"][data-group="automated"] .file-group__head').first().click();
  const heartbeats = page
    .locator('[data-testid="file-group"][data-group="automated/heartbeat"]')
    .getByTestId('file-item');
  const paths = await heartbeats.evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!));
  expect(paths.filter((p) => p.includes('.jsonl.reset.'))).toHaveLength(1);
  // Not listed among the conversations under its first message.
  await expect(
    page
      .locator('[data-testid="file-group"][data-group="sessions"]')
      .getByTestId('file-name')
      .filter({ hasText: 'HEARTBEAT' }),
  ).toHaveCount(0);

  await searchFor(page, 'HEARTBEAT_OK');
  const shown = await cards(page);
  const heartbeatCards = shown.filter((c) => paths.includes(c.path));
  expect(heartbeatCards).toHaveLength(1);
  expect(heartbeatCards[0]!.kind).toBe('heartbeat');
  expect(Number(heartbeatCards[0]!.runs)).toBe(paths.length);
  // The sub-agent's run is its own card, named by its task.
  await searchFor(page, 'three bullet points');
  const subagent = page.locator('[data-testid="result-runs"][data-kind="subagent"]');
  await expect(subagent).toHaveCount(1);
  await expect(subagent.getByRole('button').first()).toContainText('Sub-agent “');
});

test('a note copied under two folders is one card that names the other copy; the doctor calls the pair copies by the same rule', async ({
  page,
}) => {
  await openApp(page, served().url);
  await searchFor(page, COPIED_NOTE.words);
  const shown = await cards(page);
  const copies = shown.filter((c) => COPIED_NOTE.paths.includes(c.path));
  expect(copies, 'one card for both copies').toHaveLength(1);
  const card = page.locator(`[data-testid="search-result"][data-path="${copies[0]!.path}"]`);
  const other = COPIED_NOTE.paths.find((p) => p !== copies[0]!.path)!;
  const same = card.getByTestId('result-same-text');
  await expect(same).toContainText('The same text is also in 1 other file');
  await expect(same.getByTestId('result-same-text-open')).toHaveAttribute('data-path', other);
  await same.getByTestId('result-same-text-open').click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', other);

  await page.getByTestId('view-doctor').click();
  const copy = page.locator('[data-testid="doctor-finding"][data-kind="duplicate"][data-subkind="copy"]');
  await expect(copy).toHaveCount(1, { timeout: 30_000 });
  const evidence = await copy
    .getByTestId('doctor-evidence')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!));
  expect([...evidence].sort()).toEqual([...COPIED_NOTE.paths].sort());
});

test('a transcript holding thousands of U+FFFD characters is text: found, read, and dated by its messages; one without timestamps by its file', async ({
  page,
}) => {
  await openApp(page, served().url);
  await searchFor(page, MOJIBAKE_SESSION.words);
  const hit = page.locator(`[data-testid="search-result"][data-path$="${MOJIBAKE_SESSION.id}.jsonl"]`);
  await expect(hit).toHaveCount(1);
  const path = (await hit.getAttribute('data-path'))!;
  await expect(fileItem(page, path)).not.toContainText('skipped');
  await hit.getByTestId('search-result-open').click();
  await expect(page.getByTestId('transcript')).toContainText('4,200 EUR');

  // The sidebar files it under the day its messages were written, not the day its file was.
  const dayOf = (locator: ReturnType<typeof fileItem>) =>
    locator.evaluate(
      (el) => el.closest('[data-testid="file-group"]')!.querySelector('.file-group__label')!.textContent,
    );
  expect(await dayOf(fileItem(page, path))).toBe(MOJIBAKE_SESSION.day);
  const undated = page.locator(`[data-testid="file-item"][data-path$="${UNDATED_SESSION.id}.jsonl"]`);
  const fileDay = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  expect(await dayOf(undated), 'no timestamps: the file’s own time').toBe(fileDay);
  // The timeline says where each date came from.
  await page.getByTestId('view-timeline').click();
  await page.locator(`[data-testid="heatmap-day"][data-date="${MOJIBAKE_SESSION.day}"]`).click();
  const item = page.locator(`[data-testid="timeline-item"][data-path="${path}"]`);
  await expect(item).toHaveAttribute('data-date', MOJIBAKE_SESSION.day);
  await expect(item.getByTestId('timeline-date-source')).toHaveAttribute('data-value', 'first-record');
});
