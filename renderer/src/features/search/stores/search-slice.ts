// The search panel: query (debounced), settings, the engine's response, rank movement between
// runs of the same query, and the pinned "explain this file" result.
import type { StateCreator } from 'zustand';
import type { MemlensApi } from '../../../../../shared/contract';
import type { ExplainFileResult, MemorySource, SearchOptions, SearchResponse } from '../../../../../shared/domain';
import { SEARCH_DEFAULTS } from '../../../../../shared/search-defaults';
import { errorInfo } from '../../../lib/error-message';
import { computeRankMovement, type RankMovement } from './rank-movement';

export type SearchPort = Pick<MemlensApi, 'search' | 'explainFile' | 'settingsGet' | 'settingsSet'>;

/** Long enough to skip the keystrokes of a word being typed, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchSettingsState {
  maxResults: number;
  minScore: number;
  vectorWeight: number;
  textWeight: number;
  decay: { enabled: boolean; halfLifeDays: number };
  mmr: { enabled: boolean; lambda: number };
  sources: MemorySource[];
  /** Lift chunks agents keep retrieving (off by default). */
  accessBoost: { enabled: boolean; factor: number };
  /** Not persisted: a date range is about one investigation, not a preference. */
  from: string | null;
  to: string | null;
}

export const DEFAULT_SEARCH_SETTINGS: SearchSettingsState = {
  maxResults: SEARCH_DEFAULTS.maxResults,
  minScore: SEARCH_DEFAULTS.minScore,
  vectorWeight: SEARCH_DEFAULTS.vectorWeight,
  textWeight: SEARCH_DEFAULTS.textWeight,
  decay: { enabled: SEARCH_DEFAULTS.decayEnabled, halfLifeDays: SEARCH_DEFAULTS.halfLifeDays },
  mmr: { enabled: SEARCH_DEFAULTS.mmrEnabled, lambda: SEARCH_DEFAULTS.mmrLambda },
  sources: ['memory', 'sessions'],
  accessBoost: { enabled: SEARCH_DEFAULTS.accessBoostEnabled, factor: SEARCH_DEFAULTS.accessBoostFactor },
  from: null,
  to: null,
};

export type SettingsPatch = Partial<Omit<SearchSettingsState, 'decay' | 'mmr' | 'accessBoost'>> & {
  decay?: Partial<SearchSettingsState['decay']>;
  mmr?: Partial<SearchSettingsState['mmr']>;
  accessBoost?: Partial<SearchSettingsState['accessBoost']>;
};

export function applySearchPatch(settings: SearchSettingsState, patch: SettingsPatch): SearchSettingsState {
  return {
    ...settings,
    ...patch,
    decay: { ...settings.decay, ...patch.decay },
    mmr: { ...settings.mmr, ...patch.mmr },
    accessBoost: { ...settings.accessBoost, ...patch.accessBoost },
  };
}

/** The options sent to the engine: exactly what the CLI would use for the same settings. */
export function toSearchOptions(query: string, s: SearchSettingsState): SearchOptions {
  const options: SearchOptions = {
    query,
    maxResults: s.maxResults,
    minScore: s.minScore,
    vectorWeight: s.vectorWeight,
    textWeight: s.textWeight,
    decay: { enabled: s.decay.enabled, halfLifeDays: s.decay.halfLifeDays },
    mmr: { enabled: s.mmr.enabled, lambda: s.mmr.lambda },
    sources: s.sources,
  };
  if (s.accessBoost.enabled) options.accessBoost = { enabled: true, factor: s.accessBoost.factor };
  if (s.from) options.from = s.from;
  if (s.to) options.to = s.to;
  return options;
}

export type SearchStatus = 'idle' | 'pending' | 'loading' | 'done' | 'error';

export interface SearchSlice {
  search: {
    query: string;
    settings: SearchSettingsState;
    response: SearchResponse | null;
    /** The query `response` answers (the box may already hold a newer one). */
    responseQuery: string;
    /** Movement relative to the previous run of the same query; null after a new query. */
    movement: RankMovement | null;
    status: SearchStatus;
    error: string | null;
    expanded: Record<string, boolean>;
    settingsOpen: boolean;
    pinned: string | null;
    explain: ExplainFileResult | null;
    explainStatus: 'idle' | 'loading' | 'done' | 'error';
    explainError: string | null;
    /** Bumped by Ctrl/Cmd+Shift+F so the input focuses even when already open. */
    focusSeq: number;
  };
  setQuery(query: string): void;
  runSearch(): Promise<void>;
  updateSearchSettings(patch: SettingsPatch): void;
  resetSearchSettings(): void;
  loadSearchSettings(): Promise<void>;
  toggleResultExpanded(key: string): void;
  setSettingsOpen(open: boolean): void;
  pinFile(path: string | null): Promise<void>;
  focusSearch(): void;
}

export const initialSearchState: SearchSlice['search'] = {
  query: '',
  settings: DEFAULT_SEARCH_SETTINGS,
  response: null,
  responseQuery: '',
  movement: null,
  status: 'idle',
  error: null,
  expanded: {},
  settingsOpen: false,
  pinned: null,
  explain: null,
  explainStatus: 'idle',
  explainError: null,
  focusSeq: 0,
};

export function createSearchSlice(port: SearchPort, debounceMs = SEARCH_DEBOUNCE_MS): StateCreator<SearchSlice, [], [], SearchSlice> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let searchSeq = 0;
  let explainSeq = 0;

  return (set, get) => {
    const patch = (p: Partial<SearchSlice['search']>) => set((s) => ({ search: { ...s.search, ...p } }));
    const cancelTimer = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    };

    async function explain() {
      const { pinned, query, settings } = get().search;
      if (!pinned) return;
      const seq = ++explainSeq;
      if (!query.trim()) {
        patch({ explain: null, explainStatus: 'idle', explainError: null });
        return;
      }
      patch({ explainStatus: 'loading' });
      try {
        const result = await port.explainFile({ path: pinned, options: toSearchOptions(query.trim(), settings) });
        if (seq === explainSeq) patch({ explain: result, explainStatus: 'done', explainError: null });
      } catch (error) {
        if (seq === explainSeq) patch({ explainStatus: 'error', explainError: errorInfo(error).message });
      }
    }

    return {
      search: initialSearchState,

      setQuery(query) {
        cancelTimer();
        if (!query.trim()) {
          searchSeq++;
          patch({ query, response: null, responseQuery: '', movement: null, status: 'idle', error: null, expanded: {}, explain: null, explainStatus: 'idle' });
          return;
        }
        patch({ query, status: 'pending' });
        timer = setTimeout(() => {
          timer = null;
          void get().runSearch();
        }, debounceMs);
      },

      async runSearch() {
        cancelTimer();
        const { query, settings } = get().search;
        const q = query.trim();
        if (!q) return;
        const seq = ++searchSeq;
        patch({ status: 'loading', error: null });
        const explaining = explain();
        try {
          const response = await port.search(toSearchOptions(q, settings));
          if (seq !== searchSeq) return;
          const { response: previous, responseQuery } = get().search;
          const movement = previous && responseQuery === q ? computeRankMovement(previous.results, response.results) : null;
          patch({ response, responseQuery: q, movement, status: 'done', error: null });
        } catch (error) {
          if (seq === searchSeq) patch({ status: 'error', error: errorInfo(error).message });
        }
        await explaining;
      },

      updateSearchSettings(p) {
        const settings = applySearchPatch(get().search.settings, p);
        patch({ settings });
        if (get().search.query.trim()) void get().runSearch();
        const { from: _from, to: _to, ...persisted } = p;
        if (Object.keys(persisted).length > 0) {
          port.settingsSet({ patch: { search: persisted } }).catch(() => {
            // Persisting is a convenience; the search already ran with the new value.
          });
        }
      },

      resetSearchSettings() {
        const { from: _f, to: _t, ...persisted } = DEFAULT_SEARCH_SETTINGS;
        patch({ settings: DEFAULT_SEARCH_SETTINGS });
        if (get().search.query.trim()) void get().runSearch();
        port.settingsSet({ patch: { search: persisted } }).catch(() => undefined);
      },

      async loadSearchSettings() {
        try {
          const saved = await port.settingsGet();
          patch({ settings: { ...get().search.settings, ...saved.search, from: get().search.settings.from, to: get().search.settings.to } });
        } catch {
          // Defaults stay; the status bar reports a broken connection separately.
        }
      },

      toggleResultExpanded: (key) => set((s) => ({ search: { ...s.search, expanded: { ...s.search.expanded, [key]: !s.search.expanded[key] } } })),
      setSettingsOpen: (settingsOpen) => patch({ settingsOpen }),

      async pinFile(path) {
        explainSeq++;
        patch({ pinned: path, explain: null, explainStatus: 'idle', explainError: null });
        if (path) await explain();
      },

      focusSearch: () => patch({ focusSeq: get().search.focusSeq + 1 }),
    };
  };
}
