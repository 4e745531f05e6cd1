import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { SearchOptions, SearchResponse, SearchResult } from '../../../../../shared/domain';
import { createSearchSlice, DEFAULT_SEARCH_SETTINGS, type SearchPort, type SearchSlice } from './search-slice';
import { defaultSettings } from '../../../../../shared/settings-schema';
import type { z } from 'zod';
import { CALLS } from '../../../../../shared/contract';
import { MemoryLensError } from '../../../../../shared/errors';
import { createI18n, translator } from '../../../../../shared/i18n';
import { ZOD_ISSUE_LOCALES } from '../../../../../shared/zod-issue-locales';
import { carriedIssues } from '../../../../../shared/request-issues';
import { englishLeft } from '../../../../../shared/test-support/english-left';
import { ApiError } from '../../../api/api-error';
import { shownText } from '../../../lib/error-message';

function result(path: string): SearchResult {
  return {
    id: `${path}#0`,
    chunkHash: path,
    path,
    startLine: 1,
    endLine: 3,
    score: 0.5,
    snippet: path,
    highlights: [],
    source: 'memory',
    breakdown: {
      keyword: null,
      vector: null,
      weights: { configured: { vector: 0.7, text: 0.3 }, vector: 0.7, text: 0.3 },
      hybrid: 0.5,
      decay: {
        enabled: false,
        date: null,
        dateSource: null,
        ageDays: null,
        halfLifeDays: 30,
        multiplier: 1,
        evergreen: true,
      },
      mmr: null,
      final: 0.5,
    },
  };
}

/** Ranks depend on the text weight so a settings change visibly reorders. */
function fakePort() {
  const calls: SearchOptions[] = [];
  const settingsPatches: unknown[] = [];
  const judgments = new Map<string, Parameters<SearchPort['judgmentSet']>[0]>();
  const port: SearchPort = {
    search: async (o) => {
      calls.push(o);
      const paths = (o.textWeight ?? 0.3) > 0.5 ? ['b.md', 'a.md', 'c.md'] : ['a.md', 'b.md'];
      return {
        results: paths.map(result),
        provider: 'none',
        model: '',
        fallback: null,
        mode: 'fts-only',
        notices: [],
        candidates: 3,
        tookMs: 1,
      } satisfies SearchResponse;
    },
    explainFile: async ({ path }) => ({
      path,
      inResults: false,
      resultRank: null,
      bestChunk: null,
      reasons: ['below min score'],
      code: 'below-min-score',
    }),
    settingsGet: async () => defaultSettings(),
    settingsSet: async ({ patch }) => {
      settingsPatches.push(patch);
      const settings = defaultSettings();
      return { ...settings, search: { ...settings.search, ...(patch.search as object) } };
    },
    judgmentSet: async (j) => {
      judgments.set(j.chunkId, j);
      if (j.verdict === null) judgments.delete(j.chunkId);
      return [...judgments.values()].map((x) => ({ ...x, verdict: x.verdict!, at: 1 }));
    },
    judgmentList: async () => [...judgments.values()].map((x) => ({ ...x, verdict: x.verdict!, at: 1 })),
  };
  return { port, calls, settingsPatches };
}

describe('search slice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('debounces typing: one search for the final query', async () => {
    const { port, calls } = fakePort();
    const store = createStore<SearchSlice>()(createSearchSlice(port, 250));
    store.getState().setQuery('a');
    store.getState().setQuery('ap');
    store.getState().setQuery('api');
    expect(store.getState().search.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(249);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.query)).toEqual(['api']);
    expect(store.getState().search.status).toBe('done');
    expect(store.getState().search.movement).toBeNull();
  });

  it('sends the defaults the CLI uses, asking for enough chunks to fill the six shown hits after grouping', async () => {
    const { port, calls } = fakePort();
    const store = createStore<SearchSlice>()(createSearchSlice(port, 0));
    store.getState().setQuery('api');
    await vi.runAllTimersAsync();
    expect(calls[0]).toMatchObject({
      query: 'api',
      maxResults: 50,
      minScore: 0.35,
      vectorWeight: 0.7,
      textWeight: 0.3,
      decay: { enabled: false, halfLifeDays: 30 },
      mmr: { enabled: false, lambda: 0.7 },
    });
    expect(calls[0]).not.toHaveProperty('from');
    // Dates in the query on, read in the browser's time zone.
    expect(calls[0]).toMatchObject({
      dates: { enabled: true, boost: 2 },
      timeZoneOffsetMinutes: -new Date().getTimezoneOffset(),
    });
  });

  it('switches dates in the query off as a what-if, and saves the switch as a default when asked', async () => {
    const { port, calls, settingsPatches } = fakePort();
    const store = createStore<SearchSlice>()(createSearchSlice(port, 0));
    store.getState().setQuery('what happened yesterday');
    await vi.runAllTimersAsync();
    store.getState().updateSearchSettings({ dates: { enabled: false } });
    await vi.runAllTimersAsync();
    expect(calls[calls.length - 1]).toMatchObject({ dates: { enabled: false, boost: 2 } });
    expect(settingsPatches).toHaveLength(0);
    expect(await store.getState().saveSearchDefaults()).toBe(true);
    expect(settingsPatches[0]).toMatchObject({ search: { dates: { enabled: false, boost: 2 } } });
  });

  it('re-runs on a what-if change and shows rank movement, without saving the change', async () => {
    const { port, settingsPatches } = fakePort();
    const store = createStore<SearchSlice>()(createSearchSlice(port, 0));
    store.getState().setQuery('api');
    await vi.runAllTimersAsync();
    store.getState().updateSearchSettings({ textWeight: 0.9 });
    await vi.runAllTimersAsync();
    const { movement, response } = store.getState().search;
    expect(response?.results.map((r) => r.path)).toEqual(['b.md', 'a.md', 'c.md']);
    expect(movement?.moves['b.md#0']).toEqual({ kind: 'up', by: 1 });
    expect(movement?.moves['a.md#0']).toEqual({ kind: 'down', by: 1 });
    expect(movement?.moves['c.md#0']).toEqual({ kind: 'new' });
    expect(settingsPatches).toEqual([]);
  });

  it('saves the what-if as defaults only when asked, and can go back to the saved defaults', async () => {
    const { port, settingsPatches } = fakePort();
    const store = createStore<SearchSlice>()(createSearchSlice(port, 0));
    store.getState().updateSearchSettings({ textWeight: 0.9 });
    store.getState().revertSearchSettings();
    expect(store.getState().search.settings.textWeight).toBe(0.3);
    store.getState().updateSearchSettings({ minScore: 0.1, from: '2026-01-01' });
    expect(await store.getState().saveSearchDefaults()).toBe(true);
    expect(settingsPatches).toHaveLength(1);
    expect(settingsPatches[0]).toMatchObject({ search: { minScore: 0.1, textWeight: 0.3 } });
    expect(settingsPatches[0]).not.toHaveProperty('search.from');
    expect(store.getState().search.saved.minScore).toBe(0.1);
    expect(store.getState().search.settings.from).toBe('2026-01-01');
  });

  it('asks the engine why results dropped out after a settings change', async () => {
    const { port } = fakePort();
    const store = createStore<SearchSlice>()(createSearchSlice(port, 0));
    store.getState().updateSearchSettings({ textWeight: 0.9 });
    store.getState().setQuery('api');
    await vi.runAllTimersAsync();
    store.getState().updateSearchSettings({ textWeight: 0.3 });
    await vi.runAllTimersAsync();
    const { movement, droppedWhy } = store.getState().search;
    expect(movement?.dropped.map((d) => d.id)).toEqual(['c.md#0']);
    expect(droppedWhy['c.md#0']).toEqual({ status: 'done', code: 'below-min-score', text: 'below min score' });
  });

  it('keeps 👍/👎 per chunk of the query, and the same verdict again withdraws it', async () => {
    const { port } = fakePort();
    const store = createStore<SearchSlice>()(createSearchSlice(port, 0));
    store.getState().setQuery('api');
    await vi.runAllTimersAsync();
    const [first] = store.getState().search.response!.results;
    await store.getState().judgeResult(first!, 'relevant');
    expect(store.getState().search.judgments).toEqual({ 'a.md#0': 'relevant' });
    await store.getState().judgeResult(first!, 'relevant');
    expect(store.getState().search.judgments).toEqual({});
  });

  it('never saves the date range', async () => {
    const { port, settingsPatches } = fakePort();
    const store = createStore<SearchSlice>()(createSearchSlice(port, 0));
    store.getState().updateSearchSettings({ from: '2026-01-01' });
    expect(store.getState().search.settings.from).toBe('2026-01-01');
    expect(settingsPatches).toEqual([]);
  });

  it('drops a slow answer to an older query', async () => {
    const { port } = fakePort();
    let releaseFirst: () => void = () => undefined;
    const slow: SearchPort = {
      ...port,
      search: async (o) => {
        if (o.query === 'first') await new Promise<void>((r) => (releaseFirst = r));
        return port.search(o);
      },
    };
    const store = createStore<SearchSlice>()(createSearchSlice(slow, 0));
    store.getState().setQuery('first');
    await vi.runAllTimersAsync();
    store.getState().setQuery('second');
    await vi.runAllTimersAsync();
    releaseFirst();
    await vi.runAllTimersAsync();
    expect(store.getState().search.responseQuery).toBe('second');
  });

  it('keeps a refused search as the typed error and words it in the interface language when shown', async () => {
    const { port } = fakePort();
    // What the dispatcher answers for arguments the contract refuses, after the trip to the page.
    const refused = (CALLS.search.args as z.ZodType).safeParse({ query: 'api', maxResults: 0 }, { reportInput: true });
    const store = createStore<SearchSlice>()(
      createSearchSlice(
        {
          ...port,
          search: async () => {
            throw new ApiError(
              new MemoryLensError('INVALID_ARGUMENT', {
                messageId: 'errors:request.invalid',
                params: { method: 'search', issues: carriedIssues(refused.error!) },
              }).toValue(),
            );
          },
        },
        0,
      ),
    );
    store.getState().setQuery('api');
    await vi.runAllTimersAsync();
    const { status, error } = store.getState().search;
    expect(status).toBe('error');
    const chinese = shownText(createI18n('zh-CN', [], { issueLocales: ZOD_ISSUE_LOCALES }).t, error!);
    expect(chinese).toMatch(/^search 的参数不符合要求：maxResults：数字太小：应不小于 1/);
    expect(englishLeft(chinese)).toEqual([]);
    expect(shownText(translator('en'), error!)).toMatch(/^search: maxResults: Too small/);
  });

  it('clearing the query clears the results at once', async () => {
    const { port } = fakePort();
    const store = createStore<SearchSlice>()(createSearchSlice(port, 0));
    store.getState().setQuery('api');
    await vi.runAllTimersAsync();
    store.getState().setQuery('');
    expect(store.getState().search.response).toBeNull();
    expect(store.getState().search.status).toBe('idle');
  });

  it('explains a pinned file for the current query and settings', async () => {
    const { port } = fakePort();
    const store = createStore<SearchSlice>()(createSearchSlice(port, 0));
    store.getState().setQuery('api');
    await vi.runAllTimersAsync();
    await store.getState().pinFile('memory/x.md');
    expect(store.getState().search.explain).toMatchObject({ path: 'memory/x.md', code: 'below-min-score' });
    expect(DEFAULT_SEARCH_SETTINGS.maxResults).toBe(6);
  });
});
