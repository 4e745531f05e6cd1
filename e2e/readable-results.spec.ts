// Results a person can read on a workspace with cron and heartbeat sessions: each file once, no two
// hits of one file with overlapping lines, no two snippets with the same text, and a folded hit says
// how many it stands for.
import { expect, test, type Page } from '@playwright/test';
import { sameTextKey } from '../shared/same-text.js';
import {
  buildAutomatedWorkspace,
  CRON_JOB,
  DELETED_CRON_RUNS,
  FEISHU_FIRST_WORDS,
  FEISHU_SENDER,
} from './support/automated-workspace.js';
import { serveForFile } from './support/serve-fixture.js';
import { openApp, searchFor } from './support/ui-helpers.js';

/** Six live runs of the Wise job and its deleted archives; eight heartbeat sessions and a reset main one; a sub-agent. */
const CRON_RUNS = 6 + DELETED_CRON_RUNS;
const HEARTBEAT_RUNS = 8 + 1;
const AUTOMATED_SESSIONS = CRON_RUNS + HEARTBEAT_RUNS + 1;

const served = serveForFile(() => ({ moveFrom: buildAutomatedWorkspace() }));

interface ShownHit {
  path: string;
  lines: string;
  snippet: string;
}

async function shownHits(page: Page): Promise<ShownHit[]> {
  return page.getByTestId('search-result').evaluateAll((rows) =>
    rows
      .filter((row) => !row.closest('[data-testid="agent-searches"]'))
      .map((row) => ({
        path: row.getAttribute('data-path')!,
        lines: row.getAttribute('data-lines')!,
        snippet: row.querySelector('[data-testid="search-snippet"]')!.textContent ?? '',
      })),
  );
}

function span(lines: string): [number, number] {
  const [a, b] = lines.split('-').map(Number);
  return [a!, b ?? a!];
}

for (const query of ['3月5日', 'February 5th wise support', 'HEARTBEAT', '轻笔记项目定稿', 'Wise support inbox']) {
  test(`“${query}”: no two hits of one file overlap or touch, no two snippets say the same`, async ({ page }) => {
    await openApp(page, served().url);
    await searchFor(page, query);
    const hits = await shownHits(page);
    expect(hits.length).toBeGreaterThan(0);
    for (const [i, a] of hits.entries()) {
      for (const b of hits.slice(i + 1)) {
        if (a.path === b.path) {
          const [as, ae] = span(a.lines);
          const [bs, be] = span(b.lines);
          expect(as > be + 1 || bs > ae + 1, `${a.path}: ${a.lines} and ${b.lines}`).toBe(true);
        }
        expect(sameTextKey(a.snippet), `${a.path} and ${b.path} show the same text`).not.toBe(sameTextKey(b.snippet));
      }
    }
    // Each file is listed once.
    const groups = await page
      .locator('[data-testid="search-results"] > [data-testid="result-group"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    expect(new Set(groups).size).toBe(groups.length);
  });
}

test('the same cron prompt in many sessions is one card with its runs, and the merged chunks of a long note one hit spanning them', async ({
  page,
}) => {
  await openApp(page, served().url);
  await searchFor(page, 'February 5th wise support');
  const runs = page.getByTestId('result-runs').first();
  await expect(runs).toBeVisible();
  const n = Number(await runs.getAttribute('data-count'));
  expect(n).toBeGreaterThanOrEqual(3);
  await expect(runs).toContainText(`${n} runs`);
  await runs.getByRole('button').click();
  await expect(runs.getByTestId('result-run-open')).toHaveCount(n);

  await searchFor(page, '3月5日');
  const log = page.locator('[data-testid="result-group"][data-path="memory/2026-11-05-work-log.md"]');
  await expect(log).toHaveCount(1);
  const row = log.getByTestId('search-result').first();
  // One hit stands for the overlapping chunks the engine merged, and spans their lines.
  const members = (await row.getAttribute('data-members'))?.split(' ') ?? [];
  expect(members.length).toBeGreaterThanOrEqual(1);
  const lines = (await row.getAttribute('data-lines'))!;
  const [start, end] = span(lines);
  expect(end).toBeGreaterThan(start);
  // Its passage is the best chunk's; opened in place, it says what it merged.
  await row.getByTestId('snippet-more').click();
  await expect(row.getByTestId('merged-note')).toContainText(`merges ${members.length + 1} overlapping chunks`);
  await expect(row.getByTestId('merged-note')).toContainText(`lines ${lines}`);
});

test('automated sessions are named by job, listed apart in the sidebar and timeline, and come after the conversations in search', async ({
  page,
}) => {
  await openApp(page, served().url);
  // Sidebar: the Feishu DM by its first real words; the runs under "Automated sessions", closed.
  await expect(
    page
      .locator('[data-testid="file-group"][data-group="sessions"]')
      .getByTestId('file-name')
      .filter({ hasText: FEISHU_FIRST_WORDS }),
  ).toHaveCount(1);
  await expect(page.getByTestId('file-name').filter({ hasText: '用户248287' })).toHaveCount(0);
  const automated = page.locator('[data-testid="file-group"][data-group="automated"]');
  await expect(automated.getByTestId('group-count').first()).toHaveText(String(AUTOMATED_SESSIONS));
  await expect(automated.getByTestId('file-item')).toHaveCount(0);
  await automated.locator('.file-group__head').first().click();
  const cron = page.locator(`[data-testid="file-group"][data-group="automated/cron/${CRON_JOB.name}"]`);
  await expect(cron.locator('.file-group__label')).toHaveText(`Cron job: ${CRON_JOB.name}`);
  await expect(cron.getByTestId('file-name')).toHaveText(Array(CRON_RUNS).fill(CRON_JOB.name));
  await expect(cron.getByTestId('session-time')).toHaveCount(CRON_RUNS);
  await expect(
    page.locator('[data-testid="file-group"][data-group="automated/heartbeat"]').getByTestId('file-item'),
  ).toHaveCount(HEARTBEAT_RUNS);
  await expect(page.getByTestId('file-name').filter({ hasText: CRON_JOB.id })).toHaveCount(0);

  // Timeline: hidden by default, counted, and listed after the day's other entries when shown.
  await page.getByTestId('view-timeline').click();
  await expect(page.getByTestId('timeline-automated')).toHaveAttribute('data-count', String(AUTOMATED_SESSIONS));
  await expect(page.getByTestId('timeline-count')).toContainText(`${AUTOMATED_SESSIONS} automated hidden`);
  await expect(page.locator('[data-testid="timeline-item"][data-kind="cron"]')).toHaveCount(0);
  await page.getByTestId('timeline-automated').click();
  await expect(page.locator('[data-testid="timeline-item"][data-kind="cron"]').first()).toBeVisible();

  // Search: the conversations and notes first, then the runs, saying how many; hidden on request.
  await searchFor(page, '周报');
  const note = page.getByTestId('result-automated');
  const n = Number(await note.getAttribute('data-count'));
  expect(n).toBeGreaterThanOrEqual(1);
  await expect(note).toContainText(`${n} hit${n === 1 ? '' : 's'} from automated sessions`);
  const people = page.getByTestId('search-results').locator('[data-testid="result-group"]');
  expect(await people.count()).toBeGreaterThan(0);
  const automatedPaths = await page
    .getByTestId('search-results-automated')
    .getByTestId('result-group')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!));
  expect(automatedPaths.length).toBeGreaterThan(0);
  for (const p of await people.evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!)))
    expect(automatedPaths).not.toContain(p);
  // Below the list, not above it.
  const [listBox, runsBox] = [
    await page.getByTestId('search-results').boundingBox(),
    await page.getByTestId('search-results-automated').boundingBox(),
  ];
  expect(runsBox!.y).toBeGreaterThan(listBox!.y + listBox!.height - 1);
  await page.getByTestId('result-automated-filter').selectOption('hidden');
  await expect(note).toContainText(`from automated sessions (cron, heartbeat, sub-agents) hidden`);
  await expect(page.getByTestId('search-results-automated')).toHaveCount(0);
});

test('a snippet starts near its match, marks it on screen, and numbers its lines as the file does', async ({
  page,
}) => {
  await openApp(page, served().url);
  await searchFor(page, '轻笔记项目定稿');
  const card = page.locator('[data-testid="search-result"][data-path="memory/2026-11-05-work-log.md"]');
  const snippet = card.getByTestId('search-snippet');
  const mark = snippet.locator('mark').first();
  const [box, markBox] = [await snippet.boundingBox(), await mark.boundingBox()];
  // Inside the clamped card, not cut off below it.
  expect(markBox!.y + markBox!.height).toBeLessThanOrEqual(box!.y + box!.height + 1);
  // Line 6 of the file holds the words; the snippet's line there is numbered 6.
  await expect(snippet.locator('.snippet-line[data-line="6"]')).toContainText('轻笔记项目定稿');
  await expect(snippet.locator('.snippet-line[data-line="6"] .snippet-line__no')).toHaveText('6');
});

test('a transcript shows tool calls as collapsed rows, renders Markdown, hides message ids, and still marks the cited words', async ({
  page,
}) => {
  await openApp(page, served().url);
  await searchFor(page, '轻笔记项目定稿');
  await page
    .locator('[data-testid="search-result"][data-path^="sessions/"]')
    .first()
    .getByTestId('search-result-open')
    .click();
  const transcript = page.getByTestId('transcript');
  await expect(transcript).toBeVisible();
  // The cited message is tinted and its words marked, inside rendered Markdown.
  await expect(transcript.locator('[data-testid="transcript-message"][data-hit]').first()).toBeVisible();
  await expect(transcript.getByTestId('transcript-match').first()).toBeVisible();
  await expect(transcript.locator('.message__text strong', { hasText: 'sunny' })).toBeVisible();
  await expect(transcript.locator('.message__text pre code')).toContainText('回复：她是sunny');
  await expect(transcript).not.toContainText('**');
  await expect(transcript).not.toContainText('message_id');
  // The agent's memory_search: one row, closed, named with what it searched for; opened, what came back.
  const tool = transcript.locator('[data-testid="transcript-tool"][data-tool="memory_search"]');
  await expect(tool).toHaveCount(1);
  await expect(tool.locator('summary')).toContainText('memory_search');
  await expect(tool.locator('summary')).toContainText('轻笔记项目定稿');
  await expect(tool.getByTestId('transcript-tool-result')).toBeHidden();
  await tool.locator('summary').click();
  await expect(tool.getByTestId('transcript-tool-result')).toContainText('2026-11-05-work-log.md');
});

test('when the engine’s top chunks are all cron runs, the list is still filled with the conversations and notes further down, runs after them', async ({
  page,
}) => {
  await openApp(page, served().url);
  // The six runs of the Wise job outscore every note for these words (ranks 1–6 in the engine's list).
  await searchFor(page, 'February 5th wise support');
  const people = page.getByTestId('search-results').getByTestId('search-result');
  await expect(people.first()).toBeVisible();
  const paths = await people.evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!));
  expect(paths).toContain('memory/2026-11-05-work-log.md');
  const runPaths = await page
    .getByTestId('search-results-automated')
    .getByTestId('search-result')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!));
  for (const p of paths) expect(runPaths).not.toContain(p);
  // People's hits come from below the runs in the engine's order; the runs follow, counted.
  const ranks = await people.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-rank'))));
  expect(Math.min(...ranks)).toBeGreaterThan(6);
  const shown = Number(await page.getByTestId('search-summary').getAttribute('data-count'));
  expect(paths.length + runPaths.length).toBe(shown);
  expect(shown).toBeLessThanOrEqual(6);
  await expect(page.getByTestId('result-automated')).toContainText('listed after the conversations');
});

test('a Feishu transcript shows the words, not the envelope; the sender beside them; the raw text on request; the cited words marked in both', async ({
  page,
}) => {
  await openApp(page, served().url);
  await searchFor(page, '轻笔记项目定稿');
  await page
    .locator('[data-testid="search-result"][data-path^="sessions/"]')
    .first()
    .getByTestId('search-result-open')
    .click();
  const transcript = page.getByTestId('transcript');
  const cited = transcript
    .locator('[data-testid="transcript-message"].message--user')
    .filter({ hasText: '轻笔记项目定稿了吗' });
  await expect(cited.getByTestId('message-text')).toHaveText('轻笔记项目定稿了吗？');
  await expect(cited.getByTestId('message-sender')).toHaveText(FEISHU_SENDER.split(' ')[0]!);
  await expect(cited.getByTestId('transcript-match').first()).toHaveText(/轻笔记|项目|定稿/);
  const shown = (await transcript.locator('.message__text').allTextContents()).join('\n');
  for (const leak of ['System:', 'Feishu[default]', 'ou_e40c5df02fc1', 'message_id', 'GMT+8'])
    expect(shown).not.toContain(leak);
  await page.getByTestId('transcript-raw').check();
  await expect(cited.getByTestId('message-raw')).toContainText(
    `Feishu[default] DM | ${FEISHU_SENDER}: 轻笔记项目定稿了吗？ [message_id: om_x100b4c2b01]`,
  );
  await expect(cited.getByTestId('message-raw').getByTestId('transcript-match').first()).toBeVisible();
});
