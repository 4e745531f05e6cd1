import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { SearchOptions } from '../../../../../shared/domain';
import { defaultSettings } from '../../../../../shared/settings-schema';
import { asOfClock, localIsoDay, normaliseAsOf } from './as-of';
import { createSearchSlice, type SearchPort, type SearchSlice } from './search-slice';
import { DEFAULT_SEARCH_SETTINGS, toSearchOptions } from './search-settings-state';

describe('searching as of another day', () => {
  it('sends the last moment of that local day as "now", in that day\'s time zone', () => {
    const options = toSearchOptions('nginx yesterday', { ...DEFAULT_SEARCH_SETTINGS, asOf: '2026-04-17' });
    const end = new Date(2026, 3, 17, 23, 59, 59, 999);
    expect(options.now).toBe(end.getTime());
    expect(options.timeZoneOffsetMinutes).toBe(-end.getTimezoneOffset());
    expect(localIsoDay(new Date(options.now!))).toBe('2026-04-17');
    expect(localIsoDay(new Date(options.now! + 1))).toBe('2026-04-18');
  });

  it('today, an empty or an impossible day search as of now (no "now" sent)', () => {
    const today = localIsoDay();
    expect(normaliseAsOf(today, today)).toBeNull();
    expect(normaliseAsOf('', today)).toBeNull();
    expect(normaliseAsOf('2026-02-30', today)).toBeNull();
    expect(asOfClock('2026-2-3')).toBeNull();
    expect(toSearchOptions('x', DEFAULT_SEARCH_SETTINGS).now).toBeUndefined();
    expect(normaliseAsOf('2025-12-31', '2026-04-17')).toBe('2025-12-31');
  });
});

describe('the as-of day in the search panel state', () => {
  it('goes with every search, survives revert, save and reload of the defaults, and is never saved', async () => {
    const calls: SearchOptions[] = [];
    const saved: unknown[] = [];
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
        };
      },
      explainFile: async ({ path }) => ({
        path,
        inResults: false,
        resultRank: null,
        bestChunk: null,
        reasons: [],
        code: 'below-min-score',
      }),
      settingsGet: async () => defaultSettings(),
      settingsSet: async ({ patch }) => {
        saved.push(patch);
        return defaultSettings();
      },
      judgmentSet: async () => [],
      judgmentList: async () => [],
    };
    const store = createStore<SearchSlice>()(createSearchSlice(port, 0));
    const expected = asOfClock('2026-04-17')!.now;
    store.getState().updateSearchSettings({ asOf: '2026-04-17' });
    store.getState().setQuery('nginx yesterday');
    await store.getState().runSearch();
    expect(calls.at(-1)?.now).toBe(expected);

    store.getState().updateSearchSettings({ maxResults: 9 });
    store.getState().revertSearchSettings();
    await store.getState().saveSearchDefaults();
    await store.getState().loadSearchSettings();
    await store.getState().runSearch();
    expect(store.getState().search.settings.asOf).toBe('2026-04-17');
    expect(calls.at(-1)?.now).toBe(expected);
    expect(JSON.stringify(saved)).not.toContain('asOf');

    // "As your agent ranks" reads relative dates from the same day.
    store.getState().setProfile('openclaw');
    await store.getState().runSearch();
    expect(calls.at(-1)).toMatchObject({ profile: 'openclaw', now: expected });

    store.getState().updateSearchSettings({ asOf: null });
    await store.getState().runSearch();
    expect(calls.at(-1)?.now).toBeUndefined();
  });
});
