// The window people trust with their only copy, in real Chromium against serve mode on a realistic
// second workspace (e2e/fixtures/team-workspace): results identified by chunk, never a stale card;
// unsaved text marked, guarded before the page goes, kept across a crash and offered back;
// same-named files told apart; transcripts found inside the workspace, shown with their line breaks.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/serve-fixture.js';
import { groupingRequestSize, layoutResults } from '../shared/result-list.js';
import { SEARCH_DEFAULTS } from '../shared/search-defaults.js';
import { cliSearch, editorText, fileItem, mod, openApp, searchFor, typeAtEnd } from './support/ui-helpers.js';

test.use({ serveFixture: 'team-workspace' });

const HEALTH_SESSION = 'sessions/main/5b1c2d3e-8f90-4a12-b345-6c7d8e9f0a1b.jsonl';

const cardIds = (page: Page) =>
  page
    .getByTestId('search-results')
    .getByTestId('search-result')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-id')!));

test('chunks of one line are one hit that names them all, and a new query leaves no stale card', async ({
  page,
  served,
}) => {
  await openApp(page, served.url);
  await searchFor(page, 'drinking and weight loss');
  // The pasted health log is one JSONL line cut into several chunks: one hit, standing for the others.
  const cli = cliSearch(served.workspace, 'drinking and weight loss');
  const healthHits = cli.results.filter((r) => r.path === HEALTH_SESSION && r.startLine === 2);
  expect(healthHits).toHaveLength(1);
  const merged = healthHits[0]!.merged ?? [];
  expect(merged.length).toBeGreaterThanOrEqual(1);
  const health = page.locator(`[data-testid="search-result"][data-path="${HEALTH_SESSION}"]`);
  await expect(health).toHaveCount(1);
  await expect(health).toHaveAttribute('data-id', healthHits[0]!.id);
  await health.getByTestId('snippet-more').click();
  await expect(health.getByTestId('merged-note')).toContainText(`merges ${merged.length + 1} overlapping chunks`);
  const members = (await health.getAttribute('data-members'))!.split(' ').map((m) => m.slice(0, m.lastIndexOf('=')));
  expect(members).toEqual(expect.arrayContaining(merged.map((m) => m.id)));
  const ids = await cardIds(page);
  expect(new Set(ids).size).toBe(ids.length);
  // Opening one breakdown opens that card only.
  await health.getByTestId('breakdown-toggle').click();
  await expect(page.locator('[data-testid="search-result"].is-expanded')).toHaveCount(1);
  await expect(health).toHaveClass(/is-expanded/);

  await searchFor(page, 'Disco Elysium');
  // Exactly the engine's results for the new query, grouped: the CLI on the same files agrees.
  // (as many chunks as the panel asks for, grouped and cut to its six hits).
  const second = cliSearch(served.workspace, 'Disco Elysium', [
    '--max-results',
    String(groupingRequestSize(SEARCH_DEFAULTS.maxResults)),
  ]);
  const layout = layoutResults(second.results, {
    isAutomated: () => false,
    placement: 'after',
    shown: SEARCH_DEFAULTS.maxResults,
  });
  expect(await cardIds(page)).toEqual(layout.people.flatMap((g) => g.hits.map((h) => h.primary.result.id)));
  await expect(page.locator('[data-testid="search-result"].is-expanded')).toHaveCount(0);
});

test('unsaved text is marked, kept when switching files, and the page asks before it goes', async ({
  page,
  served,
}) => {
  await openApp(page, served.url);
  await fileItem(page, 'USER.md').locator('.file-item__open').click();
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
  await typeAtEnd(page, '- Draft line typed in the browser.');
  await expect(page.getByTestId('editor-dirty')).toBeVisible();
  await expect(page).toHaveTitle(/^● USER\.md — /);

  // Switch files: the draft is kept, and marked in the sidebar and the header.
  await fileItem(page, 'MEMORY.md').locator('.file-item__open').click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'MEMORY.md');
  await expect(fileItem(page, 'USER.md').getByTestId('unsaved-marker')).toBeVisible();
  await expect(page.getByTestId('unsaved-count')).toHaveAttribute('data-value', '1');
  await expect(fileItem(page, 'MEMORY.md').getByTestId('unsaved-marker')).toHaveCount(0);

  // Reload: the browser asks; dismissing keeps the page and the draft.
  const asked = page.waitForEvent('dialog');
  void page.evaluate(() => location.reload()).catch(() => undefined);
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(page.getByTestId('unsaved-count')).toHaveAttribute('data-value', '1');
  await fileItem(page, 'USER.md').locator('.file-item__open').click();
  expect(await editorText(page)).toContain('Draft line typed in the browser.');

  // Closing the tab asks too.
  const dialogs: string[] = [];
  page.once('dialog', (d) => {
    dialogs.push(d.type());
    void d.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
});

test('a draft survives a crashed window and is offered back, over the file as it is now', async ({
  browser,
  served,
}) => {
  const page = await browser.newPage();
  await openApp(page, served.url);
  await fileItem(page, 'USER.md').locator('.file-item__open').click();
  await typeAtEnd(page, '- Only copy of this thought.');
  // The draft reaches the data dir within moments of typing.
  const draftsDir = path.join(served.dataDir, 'drafts');
  await expect.poll(() => listFiles(draftsDir).length, { timeout: 10_000 }).toBe(1);
  // The window dies without a chance to ask (no beforeunload): a crash, a killed browser.
  await page.close();

  const again = await browser.newPage();
  await openApp(again, served.url);
  const banner = again.getByTestId('recovered-drafts');
  await expect(banner).toBeVisible();
  await expect(banner.getByTestId('recovered-draft')).toHaveAttribute('data-path', 'USER.md');
  await banner.getByTestId('recovered-restore').click();
  await expect(again.getByTestId('editor-pane')).toHaveAttribute('data-path', 'USER.md');
  await expect(again.getByTestId('editor-phase')).toHaveAttribute('data-value', 'dirty');
  expect(await editorText(again)).toContain('Only copy of this thought.');
  await again.keyboard.press(`${mod}+s`);
  await expect(again.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
  expect(fs.readFileSync(path.join(served.workspace, 'USER.md'), 'utf8')).toContain('- Only copy of this thought.');
  await expect.poll(() => listFiles(draftsDir).length).toBe(0);

  // A draft whose file changed on disk meanwhile comes back as a conflict, with Compare.
  await typeAtEnd(again, ' And one more.');
  await expect.poll(() => listFiles(draftsDir).length, { timeout: 10_000 }).toBe(1);
  await again.close();
  fs.writeFileSync(path.join(served.workspace, 'USER.md'), '# USER\n\nRewritten by the agent.\n');
  const third = await browser.newPage();
  await openApp(third, served.url);
  await third.getByTestId('recovered-restore').click();
  await expect(third.getByTestId('conflict-banner')).toBeVisible();
  await third.getByTestId('conflict-compare').click();
  await expect(third.getByTestId('compare-view')).toBeVisible();
  await third.close();
});

test('unsaved text that cannot be kept in the data folder is said in words, until it can be again', async ({
  page,
  served,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page, served.url);
  await fileItem(page, 'USER.md').locator('.file-item__open').click();
  const before = fs.readFileSync(path.join(served.workspace, 'USER.md'));
  // The drafts folder cannot be made: a file holds its name (a fault root cannot wave through).
  const draftsDir = path.join(served.dataDir, 'drafts');
  fs.rmSync(draftsDir, { recursive: true, force: true });
  fs.writeFileSync(draftsDir, 'not a folder');
  await typeAtEnd(page, '- A thought with nowhere to go.');
  const warning = page.getByTestId('draft-error');
  await expect(warning).toContainText('Unsaved text could not be kept in the data folder');
  await expect(warning).toContainText('Save the file to keep it.');
  await page.screenshot({ path: testInfo.outputPath('draft-error-1024.png') });
  // The typed text stays in the editor; nothing reached the workspace file.
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'dirty');
  expect(fs.readFileSync(path.join(served.workspace, 'USER.md')).equals(before)).toBe(true);

  // Room again: the next keep goes through and the warning leaves.
  fs.rmSync(draftsDir);
  await typeAtEnd(page, ' Kept now.');
  await expect(warning).toHaveCount(0);
  await expect.poll(() => listFiles(draftsDir).length, { timeout: 10_000 }).toBe(1);
});

test('same-named files are told apart in the sidebar and the timeline; sessions go by their first message', async ({
  page,
  served,
}, testInfo) => {
  await openApp(page, served.url);
  const hints = await page
    .locator('[data-testid="file-item"][data-path$="/2026-04-17.md"]')
    .evaluateAll((els) =>
      els.map((e) => [
        e.getAttribute('data-path'),
        e.querySelector('[data-testid="folder-hint"]')?.textContent ?? null,
      ]),
    );
  expect(Object.fromEntries(hints)).toEqual({
    'memory/daily/2026-04-17.md': 'daily',
    'memory/P0/2026-04-17.md': 'P0',
    'memory/P1/2026-04-17.md': 'P1',
    'memory/P2/2026-04-17.md': 'P2',
  });
  // A name that occurs once carries no hint.
  await expect(fileItem(page, 'memory/projects/dashboard.md').getByTestId('folder-hint')).toHaveCount(0);

  // Transcripts kept in agents/<id>/sessions inside the workspace are found, grouped by agent, titled by their first user message.
  await expect(page.locator('[data-testid="file-group"][data-group="sessions/main"]')).toBeVisible();
  await expect(page.locator('[data-testid="file-group"][data-group="sessions/coder"]')).toBeVisible();
  const session = fileItem(page, HEALTH_SESSION);
  await expect(session.getByTestId('file-name')).toHaveText(/^Here is my health log for the last weeks/);
  await expect(session.getByTestId('file-name')).not.toContainText('System:');
  await expect(session.getByTestId('session-time')).toHaveText(/\d{2}:\d{2}/);
  // Opened, the transcript goes by the same title (its path in the tooltip).
  await session.locator('.file-item__open').click();
  await expect(page.getByTestId('editor-path')).toHaveText(/^Here is my health log for the last weeks/);
  expect(await page.getByTestId('editor-path').getAttribute('title')).toContain(HEALTH_SESSION);

  await page.getByTestId('view-timeline').click();
  const rows = page.locator('[data-testid="timeline-item"][data-date="2026-04-17"]');
  await expect(rows.first()).toBeVisible();
  const folders = await rows.evaluateAll((els) =>
    els.map((e) => e.querySelector('[data-testid="timeline-folder"]')?.textContent ?? ''),
  );
  expect(folders.filter(Boolean).sort()).toEqual(['P0', 'P1', 'P2', 'daily']);
  await page.screenshot({ path: testInfo.outputPath('duplicate-names-timeline.png') });
});

test('a transcript keeps its line breaks, says what it is, and marks the matched words', async ({
  page,
  served,
}, testInfo) => {
  await openApp(page, served.url);
  await searchFor(page, 'Disco Elysium');
  const hit = page.locator(`[data-testid="search-result"][data-path="${HEALTH_SESSION}"]`).first();
  // The card names the transcript as the sidebar does, by its first message; its path and lines under it.
  await expect(hit.getByTestId('search-result-open')).toHaveText(/^Here is my health log for the last weeks/);
  expect(await hit.getByTestId('search-result-open').getAttribute('title')).toContain(HEALTH_SESSION);
  await expect(hit.getByTestId('result-path')).toHaveText(new RegExp(`^${HEALTH_SESSION}:\\d+(-\\d+)?$`));
  await hit.getByTestId('search-result-open').click();
  await expect(page.getByTestId('transcript')).toBeVisible();
  // Headings and lists arrive as Markdown rendered, not one paragraph of raw marks.
  const plan = page.locator('[data-testid="transcript-message"][data-line="3"] [data-testid="message-text"]');
  await expect(plan.locator('h2', { hasText: 'Pattern' })).toBeVisible();
  await expect(plan.locator('li strong', { hasText: 'Drinking nights' })).toBeVisible();
  expect((await plan.innerText()).split('\n').length).toBeGreaterThan(6);
  await expect(plan).not.toContainText('**');
  // The header counts messages and bytes; a read-only transcript is not "Saved".
  await expect(page.getByTestId('editor-meta')).toHaveText(/^4 messages · \d+(\.\d)? kB$/);
  await expect(page.getByTestId('editor-phase')).toHaveText('Read-only transcript');
  // The words the engine matched are marked where the result points.
  const marks = page.getByTestId('transcript-match');
  await expect(marks.first()).toBeVisible();
  expect((await marks.allTextContents()).map((t) => t.toLowerCase())).toEqual(
    expect.arrayContaining(['disco', 'elysium']),
  );
  await page.screenshot({ path: testInfo.outputPath('transcript.png') });
});

test('opening a Markdown hit marks the matched words and the cited lines in the gutter', async ({ page, served }) => {
  await openApp(page, served.url);
  await searchFor(page, 'Disco Elysium');
  const hit = page.locator('[data-testid="search-result"][data-path="memory/P2/2026-04-17.md"]');
  const [start, end] = (await hit.getAttribute('data-lines'))!.split('-').map(Number);
  await hit.getByTestId('search-result-open').click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'memory/P2/2026-04-17.md');
  const marks = page.getByTestId('editor-match');
  await expect(marks.first()).toBeVisible();
  expect((await marks.allTextContents()).map((t) => t.toLowerCase())).toEqual(['disco', 'elysium']);
  await expect(page.locator('.cm-cited-marker')).toHaveCount((end ?? start!) - start! + 1);
});

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

test('“why this score?” says in one sentence why a result is below the one above it, and its length line agrees with the numbers', async ({
  page,
  served,
}) => {
  await openApp(page, served.url);
  await searchFor(page, 'Disco Elysium');
  const cli = cliSearch(served.workspace, 'Disco Elysium');
  // #3 has the words more often than #2 but is longer: length decided, and the sentence says so.
  const third = page.locator(`[data-testid="search-result"][data-id="${cli.results[2]!.id}"]`);
  await third.getByTestId('breakdown-toggle').click();
  await expect(third.getByTestId('why-above')).toHaveText(
    /^Although #3 has the words more often \(4 vs 2\), #2 is shorter \(\d+ vs \d+ tokens\)/,
  );
  await expect(third.getByTestId('why-above')).toContainText(
    `${cli.results[1]!.score.toFixed(3)} vs ${cli.results[2]!.score.toFixed(3)}`,
  );
  await expect(third).not.toContainText('barely matters');
  await expect(third).toContainText(/one occurrence counts \d+% less than in an average-length chunk/);
});
