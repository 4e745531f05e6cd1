// The ranking switch and the side-by-side in the search store: which options each profile sends,
// and that both answers are kept for the comparison.
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { SearchOptions, SearchResponse } from '../../../../../shared/domain';
import { defaultSettings } from '../../../../../shared/settings-schema';
import { createSearchSlice, type SearchPort, type SearchSlice } from './search-slice';

function recordingPort() {
  const calls: SearchOptions[] = [];
  const port: SearchPort = {
    search: async (o) => {
      calls.push(o);
      return {
        results: [],
        provider: 'none',
        model: '',
        fallback: null,
        mode: 'fts-only',
        notices: [],
        candidates: 0,
        tookMs: 1,
        ...(o.profile ? { profile: o.profile } : {}),
      } satisfies SearchResponse;
    },
    explainFile: async ({ path }) => ({
      path,
      inResults: false,
      resultRank: null,
      bestChunk: null,
      reasons: [],
      code: 'not-found',
    }),
    settingsGet: async () => defaultSettings(),
    settingsSet: async () => defaultSettings(),
    judgmentSet: async () => [],
    judgmentList: async () => [],
  };
  return { port, calls };
}

describe('ranking profile', () => {
  it('as your agent ranks: sends only the query and the profile (the what-if settings are ours)', async () => {
    const { port, calls } = recordingPort();
    const store = createStore<SearchSlice>()(createSearchSlice(port, 0));
    store.getState().setQuery('deploy');
    await store.getState().runSearch();
    expect(calls.at(-1)).toMatchObject({ query: 'deploy', maxResults: 50 });
    expect(calls.at(-1)).not.toHaveProperty('profile');
    store.getState().setProfile('openclaw');
    await store.getState().runSearch();
    expect(calls.at(-1)).toEqual({ query: 'deploy', profile: 'openclaw' });
    expect(store.getState().search.response?.profile).toBe('openclaw');
  });

  it('side by side: runs the query under both profiles and keeps both answers', async () => {
    const { port, calls } = recordingPort();
    const store = createStore<SearchSlice>()(createSearchSlice(port, 0));
    store.getState().setQuery('deploy');
    store.getState().setCompare(true);
    await store.getState().runSearch();
    const last = calls.slice(-2);
    expect(last.map((c) => c.profile ?? 'memory-lens').sort()).toEqual(['memory-lens', 'openclaw']);
    expect(store.getState().search.response?.profile).toBeUndefined();
    expect(store.getState().search.compareResponse?.profile).toBe('openclaw');
    store.getState().setCompare(false);
    expect(store.getState().search.compareResponse).toBeNull();
  });
});
