// "Agent searches": the searches agents ran (MCP memory_search, memlens search), newest first;
// one opened shows exactly the results the agent got and their breakdowns, and "re-run now" runs
// the same options against today's memory and shows how each result moved.
//
//   closed → open: list loads (and reloads while open: the MCP server writes from another process)
//   list → select(id): entry loads → entry shown, no re-run
//   entry → rerun: today's response + movement (same text in the same file = the same result)
import type { StateCreator } from 'zustand';
import type { MemlensApi } from '../../../../../shared/contract';
import type {
  AgentSearchEntry,
  AgentSearchList,
  SearchOptions,
  SearchResponse,
  SearchResult,
} from '../../../../../shared/domain';
import { shownError, type ShownMessage } from '../../../lib/error-message';
import { computeRankMovement, type RankMovement } from './rank-movement';
import { Latest, slicePatch } from '../../../lib/slice-state';

export type AgentSearchesPort = Pick<MemlensApi, 'agentSearches' | 'agentSearch' | 'search'>;

type LoadStatus = 'idle' | 'loading' | 'done' | 'error';

export interface AgentReplay {
  response: SearchResponse;
  movement: RankMovement;
  /** Epoch ms of the re-run. */
  at: number;
}

export interface AgentSearchesSlice {
  agentSearches: {
    open: boolean;
    list: AgentSearchList | null;
    listStatus: LoadStatus;
    listError: ShownMessage | null;
    selectedId: number | null;
    entry: AgentSearchEntry | null;
    entryStatus: LoadStatus;
    entryError: ShownMessage | null;
    replay: AgentReplay | null;
    replayStatus: LoadStatus;
    replayError: ShownMessage | null;
  };
  setAgentSearchesOpen(open: boolean): void;
  refreshAgentSearches(): Promise<void>;
  selectAgentSearch(id: number | null): Promise<void>;
  rerunAgentSearch(): Promise<void>;
}

export const initialAgentSearchesState: AgentSearchesSlice['agentSearches'] = {
  open: false,
  list: null,
  listStatus: 'idle',
  listError: null,
  selectedId: null,
  entry: null,
  entryStatus: 'idle',
  entryError: null,
  replay: null,
  replayStatus: 'idle',
  replayError: null,
};

/** A logged result and a fresh one are the same when the same file still holds the same text. */
export function replayKey(r: Pick<SearchResult, 'path' | 'chunkHash'>): string {
  return `${r.path}\u0000${r.chunkHash}`;
}

/** The agent's options for a run today: `now` (if the agent pinned one) gives way to the present. */
export function rerunOptions(options: SearchOptions): SearchOptions {
  const { now: _now, ...today } = options;
  return today;
}

export function createAgentSearchesSlice(
  port: AgentSearchesPort,
): StateCreator<AgentSearchesSlice, [], [], AgentSearchesSlice> {
  const lists = new Latest();
  const entries = new Latest();
  return (set, get) => {
    const patch = slicePatch(set, 'agentSearches');
    return {
      agentSearches: initialAgentSearchesState,

      setAgentSearchesOpen(open) {
        patch({ open });
        if (open) void get().refreshAgentSearches();
      },

      async refreshAgentSearches() {
        const seq = lists.next();
        // Keep showing the old list while a refresh runs: it reloads every few seconds.
        if (!get().agentSearches.list) patch({ listStatus: 'loading' });
        try {
          const list = await port.agentSearches({ limit: 200 });
          if (lists.isCurrent(seq)) patch({ list, listStatus: 'done', listError: null });
        } catch (error) {
          if (lists.isCurrent(seq)) patch({ listStatus: 'error', listError: shownError(error) });
        }
      },

      async selectAgentSearch(id) {
        const seq = entries.next();
        patch({
          selectedId: id,
          entry: null,
          entryError: null,
          replay: null,
          replayStatus: 'idle',
          replayError: null,
          entryStatus: id === null ? 'idle' : 'loading',
        });
        if (id === null) return;
        try {
          const entry = await port.agentSearch({ id });
          if (entries.isCurrent(seq)) patch({ entry, entryStatus: 'done' });
        } catch (error) {
          if (entries.isCurrent(seq)) patch({ entryStatus: 'error', entryError: shownError(error) });
        }
      },

      async rerunAgentSearch() {
        const entry = get().agentSearches.entry;
        if (!entry) return;
        const seq = entries.current;
        patch({ replayStatus: 'loading', replayError: null });
        try {
          const response = await port.search(rerunOptions(entry.options));
          if (!entries.isCurrent(seq)) return;
          const movement = computeRankMovement(entry.response.results, response.results, replayKey);
          patch({ replay: { response, movement, at: Date.now() }, replayStatus: 'done' });
        } catch (error) {
          if (entries.isCurrent(seq)) patch({ replayStatus: 'error', replayError: shownError(error) });
        }
      },
    };
  };
}
