// The Agent view's state: every memory call (the agent's own from its transcripts, MCP clients',
// people's), the health summary on top, one call opened with its replay in Memory Lens (our
// ranking, with breakdowns) and "Explain file" for the file that should have answered.
//
//   load → list (+ health)      select(id) → that call; replay and explain cleared
//   replay → search(query, the caller's maxResults/minScore, memory files)
//   explain(path) → explainFile(path, the replay's options)
import type { StateCreator } from 'zustand';
import type { AgentCall, AgentCallList } from '../../../../../shared/agent-call-types';
import type { MemlensApi } from '../../../../../shared/contract';
import type { AgentSearchEntry, ExplainFileResult, SearchOptions, SearchResponse } from '../../../../../shared/domain';
import { SEARCH_DEFAULTS } from '../../../../../shared/search-defaults';
import { shownError, type ShownMessage } from '../../../lib/error-message';
import { Latest, slicePatch } from '../../../lib/slice-state';

export type AgentCallsPort = Pick<MemlensApi, 'agentCalls' | 'agentSearch' | 'search' | 'explainFile'>;

type LoadStatus = 'idle' | 'loading' | 'done' | 'error';
export type CallFilter = 'all' | 'failed';

export interface AgentCallsSlice {
  agentCalls: {
    list: AgentCallList | null;
    status: LoadStatus;
    error: ShownMessage | null;
    filter: CallFilter;
    selectedId: string | null;
    /** For a search Memory Lens logged (MCP, a person's): exactly the results it returned, with breakdowns. */
    logged: AgentSearchEntry | null;
    replay: SearchResponse | null;
    /** The same query as the agent's own search ranks it (the `openclaw` profile). */
    replayAsAgent: SearchResponse | null;
    replayStatus: LoadStatus;
    replayError: ShownMessage | null;
    explain: ExplainFileResult | null;
    explainStatus: LoadStatus;
    explainError: ShownMessage | null;
  };
  loadAgentCalls(): Promise<void>;
  setAgentCallFilter(filter: CallFilter): void;
  selectAgentCall(id: string | null): void;
  /** `openclaw`: as the agent ranks; default Memory Lens's own ranking. */
  replayAgentCall(profile?: 'openclaw'): Promise<void>;
  explainAgentCallFile(path: string): Promise<void>;
}

export const initialAgentCallsState: AgentCallsSlice['agentCalls'] = {
  list: null,
  status: 'idle',
  error: null,
  filter: 'all',
  selectedId: null,
  logged: null,
  replay: null,
  replayAsAgent: null,
  replayStatus: 'idle',
  replayError: null,
  explain: null,
  explainStatus: 'idle',
  explainError: null,
};

/** Empty, disabled, failed: the calls a diagnosis is for. */
export function isFailedCall(c: AgentCall): boolean {
  return c.outcome.kind !== 'results';
}

/** The replay's options: the query as the caller sent it, its limits, memory files only (as OpenClaw searches). */
export function replayOptions(c: AgentCall): SearchOptions {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  return {
    query: c.query ?? '',
    maxResults: num(c.arguments.maxResults) ?? SEARCH_DEFAULTS.maxResults,
    minScore: num(c.arguments.minScore) ?? SEARCH_DEFAULTS.minScore,
    sources: ['memory'],
  };
}

export function selectedCall(s: AgentCallsSlice['agentCalls']): AgentCall | null {
  return s.list?.calls.find((c) => c.id === s.selectedId) ?? null;
}

export function createAgentCallsSlice(port: AgentCallsPort): StateCreator<AgentCallsSlice, [], [], AgentCallsSlice> {
  const lists = new Latest();
  const calls = new Latest();
  return (set, get) => {
    const patch = slicePatch(set, 'agentCalls');
    return {
      agentCalls: initialAgentCallsState,

      async loadAgentCalls() {
        const seq = lists.next();
        if (!get().agentCalls.list) patch({ status: 'loading' });
        try {
          const list = await port.agentCalls({});
          if (lists.isCurrent(seq)) patch({ list, status: 'done', error: null });
        } catch (error) {
          if (lists.isCurrent(seq)) patch({ status: 'error', error: shownError(error) });
        }
      },

      setAgentCallFilter(filter) {
        patch({ filter });
      },

      selectAgentCall(id) {
        const seq = calls.next();
        patch({
          selectedId: id,
          logged: null,
          replay: null,
          replayAsAgent: null,
          replayStatus: 'idle',
          replayError: null,
          explain: null,
          explainStatus: 'idle',
          explainError: null,
        });
        const logId = selectedCall(get().agentCalls)?.logId ?? null;
        if (logId === null) return;
        // Older than the log keeps: the list still shows the summary.
        port.agentSearch({ id: logId }).then(
          (logged) => calls.isCurrent(seq) && patch({ logged }),
          () => undefined,
        );
      },

      async replayAgentCall(profile) {
        const call = selectedCall(get().agentCalls);
        if (!call?.query) return;
        const seq = calls.current;
        patch({ replayStatus: 'loading', replayError: null });
        try {
          // The agent's ranking searches memory files its own way: only the query and its limits.
          const { sources: _sources, ...limits } = replayOptions(call);
          const response = await port.search(profile ? { ...limits, profile } : replayOptions(call));
          if (calls.isCurrent(seq))
            patch({ ...(profile ? { replayAsAgent: response } : { replay: response }), replayStatus: 'done' });
        } catch (error) {
          if (calls.isCurrent(seq)) patch({ replayStatus: 'error', replayError: shownError(error) });
        }
      },

      async explainAgentCallFile(path) {
        const call = selectedCall(get().agentCalls);
        if (!call?.query) return;
        const seq = calls.current;
        patch({ explainStatus: 'loading', explainError: null });
        try {
          const explain = await port.explainFile({ path, options: replayOptions(call) });
          if (calls.isCurrent(seq)) patch({ explain, explainStatus: 'done' });
        } catch (error) {
          if (calls.isCurrent(seq)) patch({ explainStatus: 'error', explainError: shownError(error) });
        }
      },
    };
  };
}
