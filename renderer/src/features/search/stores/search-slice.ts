// The search panel: query (debounced), what-if settings and the saved defaults, the engine's
// response, rank movement between runs of the same query (with why results dropped out), 👍/👎
// judgments, and the pinned "explain this file" result. Results are identified by chunk id.
import type { StateCreator } from 'zustand';
import type { MemlensApi } from '../../../../../shared/contract';
import { SEARCH_DEFAULTS } from '../../../../../shared/search-defaults';
import type {
  ExplainFileResult,
  SearchOptions,
  SearchProfile,
  SearchResponse,
  SearchResult,
  Verdict,
} from '../../../../../shared/domain';
import { groupingRequestSize, type AutomatedPlacement } from '../../../../../shared/result-list';
import { shownError, type ShownMessage } from '../../../lib/error-message';
import { Latest, slicePatch } from '../../../lib/slice-state';
import { computeRankMovement, type RankMovement } from './rank-movement';
import {
  applySearchPatch,
  DEFAULT_SEARCH_SETTINGS,
  fromSettingsFile,
  investigationPart,
  savedPart,
  toSearchOptions,
  type SavedSearchSettings,
  type SearchSettingsPatch,
  type SearchSettingsState,
} from './search-settings-state';

export { DEFAULT_SEARCH_SETTINGS, toSearchOptions, applySearchPatch } from './search-settings-state';
export type { SearchSettingsState, SearchSettingsPatch } from './search-settings-state';

export type SearchPort = Pick<
  MemlensApi,
  'search' | 'explainFile' | 'settingsGet' | 'settingsSet' | 'judgmentSet' | 'judgmentList'
>;

/** Long enough to skip the keystrokes of a word being typed, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Dropped results explained one by one; more than this and the list says "and N more". */
const EXPLAIN_DROPPED_MAX = 5;

export type SearchStatus = 'idle' | 'pending' | 'loading' | 'done' | 'error';

export interface DroppedWhy {
  status: 'loading' | 'done' | 'error';
  code?: ExplainFileResult['code'];
  text?: string;
  /** Why the check itself failed, worded when shown. */
  error?: ShownMessage;
}

export interface SearchSlice {
  search: {
    query: string;
    /** What the panel searches with: the saved defaults plus this window's what-if changes. */
    settings: SearchSettingsState;
    /** The defaults in settings.json. */
    saved: SavedSearchSettings;
    savingDefaults: boolean;
    defaultsError: ShownMessage | null;
    response: SearchResponse | null;
    /** The query `response` answers (the box may already hold a newer one). */
    responseQuery: string;
    /** Movement relative to the previous run of the same query; null after a new query. */
    movement: RankMovement | null;
    /** Why each dropped result (by id) is no longer returned, from explainFile with the new settings. */
    droppedWhy: Record<string, DroppedWhy>;
    status: SearchStatus;
    error: ShownMessage | null;
    /** By result id. */
    expanded: Record<string, boolean>;
    /** 👍/👎 on the results of `responseQuery`, by chunk id. */
    judgments: Record<string, Verdict>;
    judgmentError: ShownMessage | null;
    settingsOpen: boolean;
    pinned: string | null;
    explain: ExplainFileResult | null;
    explainStatus: 'idle' | 'loading' | 'done' | 'error';
    explainError: ShownMessage | null;
    /** Bumped by Ctrl/Cmd+Shift+F so the input focuses even when already open. */
    focusSeq: number;
    /** Whose ranking answers: Memory Lens's own, or OpenClaw 2026.9.6's as the agent runs it. */
    profile: SearchProfile;
    /** Side by side: the same query under the other profile too. */
    compare: boolean;
    /** The other profile's answer to `responseQuery`, while `compare` is on. */
    compareResponse: SearchResponse | null;
    /** Hits from cron, heartbeat and sub-agent sessions: after the conversations, hidden, or mixed in. */
    automatedPlacement: AutomatedPlacement;
  };
  setQuery(query: string): void;
  runSearch(): Promise<void>;
  /** A what-if change: the search runs again; nothing is saved. */
  updateSearchSettings(patch: SearchSettingsPatch): void;
  /** Back to the saved defaults (the date range and the as-of day stay). */
  revertSearchSettings(): void;
  /** Saves `values` (default: what the panel runs with) as the defaults, and runs with them. */
  saveSearchDefaults(values?: SavedSearchSettings): Promise<boolean>;
  loadSearchSettings(): Promise<void>;
  toggleResultExpanded(id: string): void;
  setSettingsOpen(open: boolean): void;
  pinFile(path: string | null): Promise<void>;
  /** 👍/👎 a result; the same verdict again withdraws it. */
  judgeResult(result: SearchResult, verdict: Verdict): Promise<void>;
  focusSearch(): void;
  setProfile(profile: SearchProfile): void;
  setCompare(on: boolean): void;
  setAutomatedPlacement(placement: AutomatedPlacement): void;
  /** Another workspace opened: its answers go, the user's choices (query, settings, profile) stay. */
  clearSearchResults(): void;
}

/** The search options for a profile: the openclaw profile takes only the query (and the clock). */
export function optionsForProfile(options: SearchOptions, profile: SearchProfile): SearchOptions {
  // Enough chunks to fill the shown list after grouping, folding and moving automated runs down.
  if (profile === 'memory-lens')
    return { ...options, maxResults: groupingRequestSize(options.maxResults ?? SEARCH_DEFAULTS.maxResults) };
  return { query: options.query, profile, ...(options.now !== undefined ? { now: options.now } : {}) };
}

export const otherProfile = (profile: SearchProfile): SearchProfile =>
  profile === 'openclaw' ? 'memory-lens' : 'openclaw';

export const initialSearchState: SearchSlice['search'] = {
  query: '',
  settings: DEFAULT_SEARCH_SETTINGS,
  saved: savedPart(DEFAULT_SEARCH_SETTINGS),
  savingDefaults: false,
  defaultsError: null,
  response: null,
  responseQuery: '',
  movement: null,
  droppedWhy: {},
  status: 'idle',
  error: null,
  expanded: {},
  judgments: {},
  judgmentError: null,
  settingsOpen: false,
  pinned: null,
  explain: null,
  explainStatus: 'idle',
  explainError: null,
  focusSeq: 0,
  profile: 'memory-lens',
  compare: false,
  compareResponse: null,
  automatedPlacement: 'after',
};

export function createSearchSlice(
  port: SearchPort,
  debounceMs = SEARCH_DEBOUNCE_MS,
): StateCreator<SearchSlice, [], [], SearchSlice> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const searches = new Latest();
  const explains = new Latest();

  return (set, get) => {
    const patch = slicePatch(set, 'search');
    const cancelTimer = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    };
    const rerun = () => {
      if (get().search.query.trim()) void get().runSearch();
    };

    async function explain() {
      const { pinned, query, settings } = get().search;
      if (!pinned) return;
      const seq = explains.next();
      if (!query.trim()) {
        patch({ explain: null, explainStatus: 'idle', explainError: null });
        return;
      }
      patch({ explainStatus: 'loading' });
      try {
        const result = await port.explainFile({ path: pinned, options: toSearchOptions(query.trim(), settings) });
        if (explains.isCurrent(seq)) patch({ explain: result, explainStatus: 'done', explainError: null });
      } catch (error) {
        if (explains.isCurrent(seq)) patch({ explainStatus: 'error', explainError: shownError(error) });
      }
    }

    /** Asks the engine why each dropped result is out now: its own account, not a guess here. */
    async function explainDropped(seq: number, query: string, movement: RankMovement) {
      const options = toSearchOptions(query, get().search.settings);
      const byPath = new Map<string, Promise<DroppedWhy>>();
      for (const dropped of movement.dropped.slice(0, EXPLAIN_DROPPED_MAX)) {
        let answer = byPath.get(dropped.path);
        if (!answer) {
          answer = port.explainFile({ path: dropped.path, options }).then(
            (result): DroppedWhy => ({ status: 'done', code: result.code, text: result.reasons[0] ?? '' }),
            (error: unknown): DroppedWhy => ({ status: 'error', error: shownError(error) }),
          );
          byPath.set(dropped.path, answer);
        }
        const why = await answer;
        if (!searches.isCurrent(seq)) return;
        set((s) => ({ search: { ...s.search, droppedWhy: { ...s.search.droppedWhy, [dropped.id]: why } } }));
      }
    }

    async function loadJudgments(query: string) {
      try {
        const list = await port.judgmentList({ query });
        if (get().search.responseQuery !== query) return;
        patch({ judgments: Object.fromEntries(list.map((j) => [j.chunkId, j.verdict])), judgmentError: null });
      } catch (error) {
        patch({ judgmentError: shownError(error) });
      }
    }

    return {
      search: initialSearchState,

      clearSearchResults() {
        cancelTimer();
        searches.supersede(); // an answer still on its way is for the previous workspace
        const { query, settings, saved, settingsOpen, focusSeq, profile, compare, automatedPlacement } = get().search;
        const kept = { query, settings, saved, settingsOpen, focusSeq, profile, compare, automatedPlacement };
        set({ search: { ...initialSearchState, ...kept } });
      },

      setQuery(query) {
        cancelTimer();
        if (!query.trim()) {
          searches.supersede();
          patch({
            query,
            response: null,
            responseQuery: '',
            movement: null,
            droppedWhy: {},
            status: 'idle',
            error: null,
            expanded: {},
            judgments: {},
            explain: null,
            explainStatus: 'idle',
          });
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
        const seq = searches.next();
        patch({ status: 'loading', error: null });
        const explaining = explain();
        try {
          const { profile, compare, automatedPlacement } = get().search;
          // Hidden runs are left out by the engine, before its candidates are cut, not after.
          const hide = automatedPlacement === 'hidden' ? { automated: 'hide' as const } : {};
          const options = { ...toSearchOptions(q, settings), ...hide };
          const [response, compareResponse] = await Promise.all([
            port.search(optionsForProfile(options, profile)),
            compare ? port.search(optionsForProfile(options, otherProfile(profile))) : Promise.resolve(null),
          ]);
          if (!searches.isCurrent(seq)) return;
          patch({ compareResponse });
          const { response: previous, responseQuery, expanded } = get().search;
          const sameQuery = previous !== null && responseQuery === q;
          const movement = sameQuery ? computeRankMovement(previous.results, response.results) : null;
          // Expanded breakdowns stay open for results that are still there, by id; the rest are forgotten.
          const ids = new Set(response.results.map((r) => r.id));
          const keptExpanded = sameQuery
            ? Object.fromEntries(Object.entries(expanded).filter(([id, on]) => on && ids.has(id)))
            : {};
          patch({
            response,
            responseQuery: q,
            movement,
            droppedWhy: {},
            status: 'done',
            error: null,
            expanded: keptExpanded,
            ...(sameQuery ? {} : { judgments: {} }),
          });
          if (!sameQuery) void loadJudgments(q);
          if (movement && movement.dropped.length > 0) void explainDropped(seq, q, movement);
        } catch (error) {
          if (searches.isCurrent(seq)) patch({ status: 'error', error: shownError(error) });
        }
        await explaining;
      },

      updateSearchSettings(p) {
        patch({ settings: applySearchPatch(get().search.settings, p) });
        rerun();
      },

      revertSearchSettings() {
        const { saved, settings } = get().search;
        patch({ settings: { ...saved, ...investigationPart(settings) } });
        rerun();
      },

      async saveSearchDefaults(values) {
        const toSave = savedPart(values ?? get().search.settings);
        patch({ savingDefaults: true, defaultsError: null });
        try {
          const result = await port.settingsSet({ patch: { search: toSave } });
          const saved = fromSettingsFile(result.search);
          const { settings } = get().search;
          patch({ saved, settings: { ...saved, ...investigationPart(settings) }, savingDefaults: false });
          rerun();
          return true;
        } catch (error) {
          patch({ savingDefaults: false, defaultsError: shownError(error) });
          return false;
        }
      },

      async loadSearchSettings() {
        try {
          const file = await port.settingsGet();
          const saved = fromSettingsFile(file.search);
          const { settings } = get().search;
          patch({ saved, settings: { ...saved, ...investigationPart(settings) } });
        } catch {
          // Defaults stay; the status bar reports a broken connection separately.
        }
      },

      toggleResultExpanded: (id) =>
        set((s) => ({ search: { ...s.search, expanded: { ...s.search.expanded, [id]: !s.search.expanded[id] } } })),
      setSettingsOpen: (settingsOpen) => patch({ settingsOpen }),

      async pinFile(path) {
        explains.supersede();
        patch({ pinned: path, explain: null, explainStatus: 'idle', explainError: null });
        if (path) await explain();
      },

      async judgeResult(result, verdict) {
        const query = get().search.responseQuery;
        if (!query) return;
        const next = get().search.judgments[result.id] === verdict ? null : verdict;
        try {
          const list = await port.judgmentSet({
            query,
            chunkId: result.id,
            path: result.path,
            startLine: result.startLine,
            endLine: result.endLine,
            verdict: next,
          });
          if (get().search.responseQuery === query)
            patch({ judgments: Object.fromEntries(list.map((j) => [j.chunkId, j.verdict])), judgmentError: null });
        } catch (error) {
          patch({ judgmentError: shownError(error) });
        }
      },

      focusSearch: () => patch({ focusSeq: get().search.focusSeq + 1 }),

      setProfile(profile) {
        if (profile === get().search.profile) return;
        // A different ranking is a different list: no rank movement against the other one.
        patch({ profile, response: null, responseQuery: '', movement: null, expanded: {} });
        rerun();
      },

      setCompare(on) {
        patch({ compare: on, compareResponse: null });
        rerun();
      },

      setAutomatedPlacement: (automatedPlacement) => {
        const hiding = (p: AutomatedPlacement): boolean => p === 'hidden';
        const changed = hiding(get().search.automatedPlacement) !== hiding(automatedPlacement);
        patch({ automatedPlacement });
        if (changed && get().search.query.trim()) void get().runSearch();
      },
    };
  };
}
