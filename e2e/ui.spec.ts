// The Memory Lens window in real Chromium against serve mode, on temp copies of the sample
// workspace: safe editing (exact bytes, silent reloads, conflicts), search breakdowns that match
// the CLI's JSON number for number, rank movement, explain-a-file, the timeline, and shortcuts.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './support/serve-fixture.js';
import { test as plainTest } from '@playwright/test';
import {
  cliSearch,
  editorText,
  fileItem,
  mod,
  openApp,
  openFile,
  snap,
  startHybridServe,
  typeAtEnd,
} from './support/ui-helpers.js';
import { TINY_MODEL_ID } from '../electron/memory/embed/test-support/tiny-model.js';
import { SEARCH_DEFAULTS } from '../shared/search-defaults.js';
import { groupingRequestSize, layoutResults } from '../shared/result-list.js';

test.describe('editing', () => {
  test('open → edit → Ctrl+S writes exactly the edited bytes', async ({ page, served }, testInfo) => {
    const file = path.join(served.workspace, 'MEMORY.md');
    const before = fs.readFileSync(file);
    await openApp(page, served.url);
    await openFile(page, 'MEMORY.md');
    await typeAtEnd(page, '- Edited in the e2e test: 编辑测试');
    await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'dirty');
    await page.keyboard.press(`${mod}+s`);
    await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
    const after = fs.readFileSync(file);
    expect(after.equals(Buffer.concat([before, Buffer.from('- Edited in the e2e test: 编辑测试', 'utf8')]))).toBe(true);
    await snap(page, testInfo.outputPath('editor.png'));
  });

  test('a BOM + CRLF file keeps its BOM and line endings through a save', async ({ page, served }) => {
    const file = path.join(served.workspace, 'memory', 'crlf-note.md');
    const original = Buffer.from(
      '\uFEFF---\r\ncreated: 2026-05-04\r\n---\r\n\r\n# CRLF note\r\n\r\nline one\r\n',
      'utf8',
    );
    fs.writeFileSync(file, original);
    await openApp(page, served.url);
    await expect(fileItem(page, 'memory/crlf-note.md')).toHaveCount(1, { timeout: 15_000 });
    await openFile(page, 'memory/crlf-note.md');
    await expect(page.locator('.editor-pane__meta')).toContainText('CRLF');
    await typeAtEnd(page, 'line two');
    await page.keyboard.press('Enter');
    await page.keyboard.type('line three');
    await page.keyboard.press(`${mod}+s`);
    await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
    // Compared as JSON strings so a failure shows every \r and the BOM.
    expect(JSON.stringify(fs.readFileSync(file, 'latin1'))).toBe(
      JSON.stringify(Buffer.concat([original, Buffer.from('line two\r\nline three', 'utf8')]).toString('latin1')),
    );
  });

  test('an external edit while clean reloads the editor silently', async ({ page, served }) => {
    await openApp(page, served.url);
    await openFile(page, 'USER.md');
    const file = path.join(served.workspace, 'USER.md');
    fs.writeFileSync(file, '# USER.md\n\nRewritten by the agent while the editor was open.\n');
    await expect(page.locator('.cm-content')).toContainText('Rewritten by the agent', { timeout: 10_000 });
    await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
    await expect(page.getByTestId('conflict-banner')).toHaveCount(0);
    // The reload took the new hash: a save now succeeds without a conflict.
    await typeAtEnd(page, 'And edited again.');
    await page.keyboard.press(`${mod}+s`);
    await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
    expect(fs.readFileSync(file, 'utf8')).toBe(
      '# USER.md\n\nRewritten by the agent while the editor was open.\nAnd edited again.',
    );
  });

  test('an external edit while dirty shows the conflict banner; Compare shows both; Overwrite saves mine', async ({
    page,
    served,
  }, testInfo) => {
    await openApp(page, served.url);
    await openFile(page, 'memory/travel.md');
    const file = path.join(served.workspace, 'memory', 'travel.md');
    const original = fs.readFileSync(file, 'utf8');
    await typeAtEnd(page, 'MY UNSAVED LINE');
    // The agent rewrites the heading while the user is typing at the end.
    const theirs = original.replace(/^# .*$/m, '# Travel (THEIR VERSION, edited by the agent)');
    fs.writeFileSync(file, theirs);
    const banner = page.getByTestId('conflict-banner');
    await expect(banner).toBeVisible({ timeout: 10_000 });
    // Nothing was written over their version, and my text is still in the editor.
    expect(fs.readFileSync(file, 'utf8')).toBe(theirs);
    expect(await editorText(page)).toContain('MY UNSAVED LINE');

    await page.getByTestId('conflict-compare').click();
    const compare = page.getByTestId('compare-view');
    await expect(compare).toBeVisible();
    await expect(compare.locator('.cm-mergeView')).toBeVisible();
    // Unchanged lines fold away, so both changes are on screen at once.
    await expect(compare).toContainText('MY UNSAVED LINE');
    await expect(compare).toContainText('THEIR VERSION, edited by the agent');
    await expect(compare.locator('.cm-changedLine').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('conflict-compare.png') });
    await page.keyboard.press('Escape');
    await expect(compare).toHaveCount(0);

    await page.getByTestId('conflict-overwrite').click();
    await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
    await expect(banner).toHaveCount(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${original}MY UNSAVED LINE`);
  });

  test('Reload in the conflict banner takes the disk version', async ({ page, served }) => {
    await openApp(page, served.url);
    await openFile(page, 'memory/health.md');
    await typeAtEnd(page, 'DISCARD ME');
    fs.writeFileSync(path.join(served.workspace, 'memory', 'health.md'), '# Health\n\nFrom disk.\n');
    await expect(page.getByTestId('conflict-banner')).toBeVisible({ timeout: 10_000 });
    await page.getByTestId('conflict-reload').click();
    await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
    expect(await editorText(page)).toBe('# Health\n\nFrom disk.\n');
  });

  test('a file deleted on disk keeps its text under a banner', async ({ page, served }) => {
    await openApp(page, served.url);
    await openFile(page, 'memory/finance.md');
    const text = await editorText(page);
    fs.rmSync(path.join(served.workspace, 'memory', 'finance.md'));
    await expect(page.getByTestId('deleted-banner')).toBeVisible({ timeout: 10_000 });
    expect(await editorText(page)).toBe(text);
  });
});

plainTest.describe('search, explain and timeline (hybrid, tiny model)', () => {
  plainTest.describe.configure({ mode: 'serial' });
  let served: Awaited<ReturnType<typeof startHybridServe>>;
  plainTest.beforeAll(async () => {
    served = await startHybridServe();
  });
  plainTest.afterAll(async () => {
    await served?.stop();
  });
  // Settings persist (that is the point); each test starts from the defaults.
  plainTest.beforeEach(async ({ request }) => {
    const reset = await request.post(`${served.origin}/api/settingsSet`, {
      headers: { 'x-memlens-token': served.token },
      data: {
        patch: {
          search: {
            maxResults: SEARCH_DEFAULTS.maxResults,
            minScore: SEARCH_DEFAULTS.minScore,
            vectorWeight: SEARCH_DEFAULTS.vectorWeight,
            textWeight: SEARCH_DEFAULTS.textWeight,
            decay: { enabled: SEARCH_DEFAULTS.decayEnabled, halfLifeDays: SEARCH_DEFAULTS.halfLifeDays },
            mmr: { enabled: SEARCH_DEFAULTS.mmrEnabled, lambda: SEARCH_DEFAULTS.mmrLambda },
            sources: ['memory', 'sessions'],
          },
        },
      },
    });
    expect(reset.ok()).toBe(true);
  });

  const QUERY = '合同金额';

  plainTest('every breakdown number equals the CLI JSON for the same query', async ({ page }, testInfo) => {
    // The panel asks for enough chunks to fill its six hits after grouping; so does this CLI run.
    const cli = cliSearch(served.workspace, QUERY, [
      '--model',
      TINY_MODEL_ID,
      '--models',
      served.models,
      '--max-results',
      String(groupingRequestSize(SEARCH_DEFAULTS.maxResults)),
    ]);
    expect(cli.mode).toBe('hybrid');
    expect(cli.results.length).toBeGreaterThan(1);

    await openApp(page, served.url);
    await page.getByTestId('search-input').fill(QUERY);
    // One card per hit: the engine's results grouped by file, each hit showing its best chunk.
    const layout = layoutResults(cli.results, {
      isAutomated: () => false,
      placement: 'after',
      shown: SEARCH_DEFAULTS.maxResults,
    });
    const shown = layout.people.flatMap((g) => g.hits.map((h) => h.primary));
    const rows = page.getByTestId('search-results').getByTestId('search-result');
    await expect(rows).toHaveCount(shown.length);
    await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');

    for (const [i, { result: expected, rank }] of shown.entries()) {
      const row = rows.nth(i);
      await expect(row).toHaveAttribute('data-id', expected.id);
      await expect(row).toHaveAttribute('data-rank', String(rank));
      await expect(row).toHaveAttribute('data-path', expected.path);
      await expect(row).toHaveAttribute(
        'data-chunk-lines',
        expected.startLine === expected.endLine ? `${expected.startLine}` : `${expected.startLine}-${expected.endLine}`,
      );
      await row.getByTestId('breakdown-toggle').click();
      const b = expected.breakdown;
      const value = (id: string) => row.getByTestId(id).getAttribute('data-value');
      expect(await value('bd-final')).toBe(String(b.final));
      expect(await value('result-score')).toBe(String(expected.score));
      expect(await value('bd-hybrid')).toBe(String(b.hybrid));
      expect(await value('bd-decay')).toBe(String(b.decay.multiplier));
      expect(await value('bd-weight-text')).toBe(String(b.weights.text));
      expect(await value('bd-weight-vector')).toBe(String(b.weights.vector));
      if (b.keyword) {
        expect(await value('bd-bm25')).toBe(String(b.keyword.bm25));
        expect(await value('bd-idf-mass')).toBe(String(b.keyword.idfMass));
        expect(await value('bd-keyword-score')).toBe(String(b.keyword.score));
        expect(await value('bd-keyword-rank')).toBe(String(b.keyword.rank));
        // In words, term by term, with the same contributions as the CLI; the FTS5 query folded away.
        const terms = row.getByTestId('bd-term');
        // Expansion words no chunk holds are not listed (shared/explain-words.ts listedTerms).
        const words = (b.keyword.terms ?? []).filter((t) => !t.fragment && !(t.expansion && t.chunksWithTerm === 0));
        await expect(terms).toHaveCount(words.length);
        for (const t of words) {
          await expect(row.locator(`[data-testid="bd-term"][data-term="${t.term}"]`)).toHaveAttribute(
            'data-contribution',
            String(t.contribution),
          );
        }
        await expect(row.getByTestId('bd-matched-summary')).toHaveText(
          new RegExp(`^Matched ${b.keyword.matchedTerms.length} of ${b.keyword.termCount} term`),
        );
        await expect(row.getByTestId('bd-fts-query')).toBeHidden();
      } else {
        await expect(row.getByTestId('bd-keyword-none')).toBeVisible();
      }
      if (b.vector && !('unavailable' in b.vector)) {
        expect(await value('bd-cosine')).toBe(String(b.vector.cosine));
        expect(await value('bd-vector-score')).toBe(String(b.vector.score));
      }
    }
    // Matched terms are highlighted in the snippet.
    await expect(rows.first().locator('[data-testid="search-snippet"] mark').first()).toBeVisible();
    await snap(page, testInfo.outputPath('search.png'));
  });

  plainTest('changing a weight re-runs the search and shows rank movement', async ({ page }, testInfo) => {
    await openApp(page, served.url);
    await page.getByTestId('search-input').fill(QUERY);
    const rows = page.getByTestId('search-result');
    await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
    // A card's rank is its chunk's place in the engine's list (cards are grouped by file).
    const ranks = () =>
      rows.evaluateAll((els) =>
        Object.fromEntries(
          els.flatMap((e) => [
            [e.getAttribute('data-id')!, Number(e.getAttribute('data-rank'))],
            ...(e.getAttribute('data-members') ?? '')
              .split(' ')
              .filter(Boolean)
              .map((m) => [m.slice(0, m.lastIndexOf('=')), Number(m.slice(m.lastIndexOf('=') + 1))]),
          ]),
        ),
      );
    const before = await ranks();
    expect(Object.keys(before).length).toBeGreaterThan(1);

    await page.getByTestId('search-settings-toggle').click();
    // Vector weight to 0: keyword order only.
    await page.getByTestId('setting-vector-weight').focus();
    await page.keyboard.press('Home');
    await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
    await expect(page.getByTestId('rank-move').first()).toBeVisible();
    const after = await ranks();
    expect(after).not.toEqual(before);
    // Each arrow says where the result was before.
    const moves = await page.getByTestId('rank-move').evaluateAll((els) =>
      els.map((e) => ({
        key: e.closest('[data-testid="search-result"]')!.getAttribute('data-id')!,
        move: e.getAttribute('data-value')!,
      })),
    );
    for (const { key, move } of moves) {
      const now = after[key]!;
      const was = before[key] ?? 0;
      if (move === 'new') expect(was).toBe(0);
      else if (move.startsWith('↑')) expect(was - now).toBe(Number(move.slice(1)));
      else expect(now - was).toBe(Number(move.slice(1)));
    }
    // The breakdown shows the weights the engine applied.
    await rows.first().getByTestId('breakdown-toggle').click();
    await expect(rows.first().getByTestId('bd-weight-vector')).toHaveAttribute('data-value', '0');
    await page.screenshot({ path: testInfo.outputPath('search-rank-movement.png') });
  });

  plainTest('explain a file shows why a file is not returned', async ({ page }, testInfo) => {
    await openApp(page, served.url);
    await page.getByTestId('search-input').fill(QUERY);
    await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
    const returned = await page
      .getByTestId('search-result')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    const candidate = 'memory/travel.md';
    expect(returned).not.toContain(candidate);
    // Typing part of a path offers the file as a suggestion.
    await page.getByTestId('explain-input').fill('travel');
    await expect(page.locator(`#explain-paths option[value="${candidate}"]`)).toHaveCount(1);
    await page.getByTestId('explain-input').fill(candidate);
    await page.getByTestId('explain-pin').click();
    const panel = page.getByTestId('explain-panel');
    await expect(panel.getByTestId('explain-code')).toBeVisible();
    const code = await panel.getByTestId('explain-code').getAttribute('data-value');
    expect(code).not.toBe('returned');
    expect(code).not.toBe('not-found');
    await expect(panel.getByTestId('explain-reason').first()).not.toBeEmpty();
    await page.screenshot({ path: testInfo.outputPath('explain.png') });
  });

  plainTest('a session hit opens as a transcript with the cited JSONL line highlighted', async ({ page }) => {
    // A session of our own, so the test does not depend on the sample's wording: the cited
    // message is on JSONL line 4, after a compaction record that is not a message.
    const filler = Array.from({ length: 40 }, (_, i) =>
      JSON.stringify({
        type: 'message',
        id: `f${i}`,
        timestamp: '2026-11-20T08:00:00.000Z',
        message: { role: i % 2 ? 'assistant' : 'user', content: `Filler message ${i} about nothing in particular.` },
      }),
    );
    const lines = [
      JSON.stringify({
        type: 'session',
        version: 3,
        id: 'e2e-session',
        timestamp: '2026-11-20T08:00:00.000Z',
        cwd: '~',
      }),
      JSON.stringify({
        type: 'message',
        id: 'a1',
        timestamp: '2026-11-20T08:00:01.000Z',
        message: { role: 'user', content: 'What did we decide yesterday?' },
      }),
      JSON.stringify({ type: 'compaction', id: 'c1', timestamp: '2026-11-20T08:00:02.000Z', summary: 'earlier turns' }),
      ...filler,
      JSON.stringify({
        type: 'message',
        id: 'a2',
        timestamp: '2026-11-20T08:01:00.000Z',
        message: {
          role: 'assistant',
          content: [{ type: 'text', text: 'We chose the quokkafruit vendor for the enclosure.' }],
        },
      }),
    ];
    fs.writeFileSync(path.join(served.workspace, 'sessions', 'e2e-session.jsonl'), `${lines.join('\n')}\n`);
    const citedLine = lines.length; // the last line

    await openApp(page, served.url);
    await expect(page.locator('[data-testid="file-item"][data-path="sessions/e2e-session.jsonl"]')).toHaveCount(1, {
      timeout: 15_000,
    });
    // One rare word scores low in a hybrid search (the tiny model does not know it, so vector-only
    // memory hits outrank it): look at sessions only, and let everything through.
    await page.getByTestId('search-settings-toggle').click();
    await page.getByTestId('setting-min-score').fill('0');
    await page.getByTestId('setting-source-memory').uncheck();
    await page.getByTestId('search-input').fill('quokkafruit');
    const row = page.locator('[data-testid="search-result"][data-path="sessions/e2e-session.jsonl"]').first();
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(
      page
        .locator('[data-testid="result-group"][data-path="sessions/e2e-session.jsonl"]')
        .getByTestId('source-badge')
        .first(),
    ).toHaveText('sessions');
    const [from, to] = (await row.getAttribute('data-lines'))!.split('-').map(Number);
    await row.getByTestId('search-result-open').click();
    await expect(page.getByTestId('transcript')).toBeVisible();
    // The cited range is a chunk of many messages: the view lands on the one holding the match.
    const cited = page.locator(`[data-testid="transcript-message"][data-line="${citedLine}"]`);
    await expect(cited).toHaveAttribute('data-hit', 'true');
    await expect(cited).toBeInViewport();
    await expect(page.locator('[data-testid="transcript-message"][data-line="2"]')).not.toBeInViewport();
    await expect(cited).toContainText('quokkafruit');
    expect(citedLine).toBeGreaterThanOrEqual(from!);
    expect(citedLine).toBeLessThanOrEqual(to ?? from!);
    // Speaker and time are shown; the transcript is read-only.
    await expect(cited.locator('.message__role')).toHaveText('Assistant');
    await expect(cited.locator('time')).toHaveAttribute('datetime', '2026-11-20T08:01:00.000Z');
    await expect(page.getByTestId('readonly-notice')).toHaveAttribute('data-value', 'session');
  });

  plainTest('a search hit opens the editor scrolled to its lines, highlighted', async ({ page }) => {
    await openApp(page, served.url);
    await page.getByTestId('search-input').fill('budget');
    await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
    const row = page.getByTestId('search-result').first();
    const startLine = Number((await row.getAttribute('data-lines'))!.split('-')[0]);
    await row.getByTestId('search-result-open').click();
    await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', (await row.getAttribute('data-path'))!);
    const first = page.locator('.cm-hit-line').first();
    await expect(first).toBeInViewport();
    // The highlighted line is the result's first line (line numbers are the gutter's).
    const gutterLine = await page
      .locator('.cm-lineNumbers .cm-gutterElement')
      .filter({ hasText: new RegExp(`^${startLine}$`) })
      .first();
    await expect(gutterLine).toBeInViewport();
  });

  plainTest('the timeline lists dated files newest first, marks hits, and opens one', async ({ page }, testInfo) => {
    await openApp(page, served.url);
    await page.getByTestId('search-input').fill(QUERY);
    await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
    await page.getByTestId('view-timeline').click();
    const items = page.getByTestId('timeline-item');
    await expect(items.first()).toBeVisible();
    const epochs = await items.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-epoch'))));
    expect(epochs.length).toBeGreaterThan(5);
    expect([...epochs].sort((a, b) => b - a)).toEqual(epochs);
    // The dated files of the sample workspace are on it, with their date source.
    await page.getByTestId('timeline-group-month').click();
    const contract = page.locator('[data-testid="timeline-item"][data-path="memory/2026-06-12-hengtai-contract.md"]');
    await page.getByTestId('timeline-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(contract).toBeVisible();
    await expect(contract).toHaveAttribute('data-date', '2026-06-12');
    await expect(contract.getByTestId('timeline-date-source')).toHaveAttribute('data-value', 'path');
    await expect(contract).toHaveAttribute('data-hit', 'true');
    await expect(page.getByTestId('heatmap-day').first()).toBeVisible();
    await page.getByTestId('timeline-scroll').evaluate((el) => el.scrollTo(0, 0));
    await snap(page, testInfo.outputPath('timeline.png'));
    await page.getByTestId('timeline-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await contract.click();
    await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'memory/2026-06-12-hengtai-contract.md');
  });

  plainTest('screenshots of each view for the README', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, served.url);
    // Editor: a topic file with frontmatter.
    await page.keyboard.press(`${mod}+p`);
    await page.keyboard.type('harbor-gateway');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'memory/projects/harbor-gateway.md');
    await expect(page.locator('.cm-frontmatter').first()).toBeVisible();
    await snap(page, testInfo.outputPath('readme-editor.png'), 'editor');

    // Search: the first result's breakdown open, the result opened at its lines with its words marked.
    await page.getByTestId('search-input').fill(QUERY);
    await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
    const first = page.getByTestId('search-result').first();
    await first.getByTestId('breakdown-toggle').click();
    await first.getByTestId('judge-relevant').click();
    await first.getByTestId('search-result-open').click();
    await expect(page.locator('.cm-hit-line').first()).toBeVisible();
    await expect(page.getByTestId('editor-match').first()).toBeVisible();
    await page.getByTestId('search-panel').evaluate((el) => el.scrollTo(0, 0));
    await snap(page, testInfo.outputPath('readme-search.png'));

    // Timeline, with the search hits marked.
    await page.getByTestId('view-timeline').click();
    await expect(page.getByTestId('timeline-item').first()).toBeVisible();
    await snap(page, testInfo.outputPath('readme-timeline.png'));

    // A transcript: messages as written, the cited one tinted, its matched words marked.
    await page.getByTestId('search-input').fill('Hakone ryokan');
    await expect(page.getByTestId('search-summary')).toContainText('Hakone ryokan');
    await page
      .locator('[data-testid="search-result"][data-path^="sessions/"]')
      .first()
      .getByTestId('search-result-open')
      .click();
    await expect(page.getByTestId('transcript-match').first()).toBeVisible();
    await snap(page, testInfo.outputPath('readme-transcript.png'));

    // A small window: both panels still fit beside the editor.
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByTestId('search-input').fill(QUERY);
    await expect(page.getByTestId('search-summary')).toContainText(QUERY);
    await page.getByTestId('search-result').first().getByTestId('search-result-open').click();
    await expect(page.getByTestId('editor-match').first()).toBeVisible();
    await snap(page, testInfo.outputPath('readme-small-window.png'), 'small-window');

    // The same views follow a dark OS theme.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(22, 24, 29)');
    await page.getByTestId('view-timeline').click();
    await snap(page, testInfo.outputPath('dark-timeline.png'));
    await page.getByTestId('view-editor').click();
    await snap(page, testInfo.outputPath('dark-editor-search.png'));
  });
});

test('the Settings view for the README: a new user, keyword-only, choosing a model', async ({
  page,
  served,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, served.url);
  await page.getByTestId('setup-model').click();
  await expect(page.getByTestId('model-option').first()).toBeVisible();
  await page.locator('[data-testid="model-option"][data-id="Xenova/multilingual-e5-small"] input').check();
  await page.getByTestId('allow-download-yes').check();
  await snap(page, testInfo.outputPath('readme-settings.png'), 'settings');
});

test('keyboard: Ctrl/Cmd+P quick open, Ctrl/Cmd+Shift+F search, Esc closes, Ctrl/Cmd+S saves', async ({
  page,
  served,
}, testInfo) => {
  await openApp(page, served.url);
  await page.keyboard.press(`${mod}+p`);
  await expect(page.getByTestId('quick-open')).toBeVisible();
  await page.keyboard.type('travel');
  await expect(page.getByTestId('quick-open-item').first()).toHaveAttribute('data-path', 'memory/travel.md');
  await page.screenshot({ path: testInfo.outputPath('quick-open.png') });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('quick-open')).toHaveCount(0);
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'memory/travel.md');

  await page.keyboard.press(`${mod}+p`);
  await expect(page.getByTestId('quick-open')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('quick-open')).toHaveCount(0);

  await page.keyboard.press(`${mod}+Shift+f`);
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.type('budget');
  await expect(page.getByTestId('search-result').first()).toBeVisible();

  await page.getByTestId('search-settings-toggle').click();
  await expect(page.getByTestId('search-settings')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-settings')).toHaveCount(0);

  await typeAtEnd(page, 'Saved with the keyboard.');
  await page.keyboard.press(`${mod}+s`);
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
  expect(
    fs.readFileSync(path.join(served.workspace, 'memory', 'travel.md'), 'utf8').endsWith('Saved with the keyboard.'),
  ).toBe(true);
});

test('new dated memory file from the template, rename, and delete to trash', async ({ page, served }) => {
  await openApp(page, served.url);
  await page.getByTestId('new-file').click();
  await page.getByTestId('new-file-title').fill('E2E planning');
  const newPath = (await page.getByTestId('new-file-path').textContent())!;
  expect(newPath).toMatch(/^memory\/\d{4}-\d{2}-\d{2}-e2e-planning\.md$/);
  await page.getByTestId('new-file-create').click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', newPath);
  const created = fs.readFileSync(path.join(served.workspace, newPath), 'utf8');
  expect(created).toMatch(/^---\ncreated: \d{4}-\d{2}-\d{2}\n/);
  expect(created).toContain('# E2E planning');

  await page.getByTestId('file-filter').fill('e2e-planning');
  await fileItem(page, newPath).hover();
  await fileItem(page, newPath).getByTestId('rename-file').click();
  await page.getByTestId('rename-input').fill('memory/e2e-topic.md');
  await page.getByTestId('rename-confirm').click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'memory/e2e-topic.md');
  expect(fs.existsSync(path.join(served.workspace, newPath))).toBe(false);
  expect(fs.readFileSync(path.join(served.workspace, 'memory', 'e2e-topic.md'), 'utf8')).toBe(created);

  await page.getByTestId('file-filter').fill('e2e-topic');
  await fileItem(page, 'memory/e2e-topic.md').hover();
  await fileItem(page, 'memory/e2e-topic.md').getByTestId('delete-file').click();
  await page.getByTestId('delete-confirm').click();
  await expect(fileItem(page, 'memory/e2e-topic.md')).toHaveCount(0);
  expect(fs.existsSync(path.join(served.workspace, 'memory', 'e2e-topic.md'))).toBe(false);
});

test('the status bar shows counts, mode with its reason, and the watcher', async ({ page, served }) => {
  await openApp(page, served.url);
  const bar = page.getByTestId('status-bar');
  await expect(bar.getByTestId('status-files')).not.toHaveAttribute('data-value', '0');
  await expect(bar.getByTestId('status-mode')).toHaveAttribute('data-value', 'fts-only');
  await expect(bar.getByTestId('status-mode')).toContainText('keyword-only');
  await expect(bar.getByTestId('status-watcher')).toHaveAttribute('data-value', 'watching');
});
