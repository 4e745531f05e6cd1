import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { AgentSearchEntry, SearchOptions, SearchResponse, SearchResult } from '../../../../../shared/domain';
import { MemoryLensError } from '../../../../../shared/errors';
import { translator } from '../../../../../shared/i18n';
import { ApiError } from '../../../api/api-error';
import { shownText } from '../../../lib/error-message';
import {
  createAgentSearchesSlice,
  replayKey,
  type AgentSearchesPort,
  type AgentSearchesSlice,
} from './agent-searches-slice';

function result(path: string, chunkHash = `${path}-text`, startLine = 1): SearchResult {
  return {
    id: `${path}#0`,
    chunkHash,
    path,
    startLine,
    endLine: startLine + 2,
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

const entry: AgentSearchEntry = {
  id: 7,
  at: 1,
  caller: { kind: 'mcp', client: 'claude 1' },
  query: 'router',
  mode: 'fts-only',
  resultCount: 3,
  topPath: 'a.md',
  options: { query: 'router', maxResults: 3, now: 123 },
  response: {
    results: [result('a.md'), result('b.md'), result('c.md')],
    provider: 'none',
    model: 'none',
    fallback: null,
    notices: [],
  },
};

function setup(today: SearchResult[]) {
  const searched: SearchOptions[] = [];
  const port: AgentSearchesPort = {
    agentSearches: async () => ({ entries: [entry], total: 1, cap: 1000 }),
    agentSearch: async ({ id }) => {
      // As the client rejects: the engine's typed error after the trip over HTTP or IPC.
      if (id !== 7)
        throw new ApiError(
          new MemoryLensError('NOT_FOUND', {
            messageId: 'errors:agent.searchNotLogged',
            params: { id, max: 1000 },
          }).toValue(),
        );
      return entry;
    },
    search: async (options) => {
      searched.push(options);
      return {
        results: today,
        provider: 'none',
        model: 'none',
        fallback: null,
        mode: 'fts-only',
        notices: [],
        candidates: today.length,
        tookMs: 1,
      } satisfies SearchResponse;
    },
  };
  return { store: createStore<AgentSearchesSlice>()(createAgentSearchesSlice(port)), searched };
}

describe('agent searches', () => {
  it("re-runs the agent's options today and shows how each result moved; edited text counts as a different result", async () => {
    // c.md was edited (same lines, new text); a new file came in first; b.md rose.
    const { store, searched } = setup([result('d.md'), result('b.md'), result('a.md'), result('c.md', 'edited text')]);
    store.getState().setAgentSearchesOpen(true);
    await store.getState().selectAgentSearch(7);
    expect(store.getState().agentSearches.entry?.query).toBe('router');
    await store.getState().rerunAgentSearch();
    const { replay } = store.getState().agentSearches;
    // The agent's options, but "now" is now.
    expect(searched).toEqual([{ query: 'router', maxResults: 3 }]);
    expect(replay?.movement.moves).toEqual({
      [replayKey(result('d.md'))]: { kind: 'new' },
      [replayKey(result('b.md'))]: { kind: 'same' },
      [replayKey(result('a.md'))]: { kind: 'down', by: 2 },
      [replayKey(result('c.md', 'edited text'))]: { kind: 'new' },
    });
    expect(replay?.movement.dropped.map((d) => d.id)).toEqual([replayKey(result('c.md'))]);
  });

  it('says when a logged search is gone, and going back clears the re-run', async () => {
    const { store } = setup([]);
    await store.getState().selectAgentSearch(99);
    expect(store.getState().agentSearches).toMatchObject({ entryStatus: 'error', entry: null });
    // The error is kept, not its English: the view words it in the interface's language when shown.
    const error = store.getState().agentSearches.entryError!;
    expect(shownText(translator('zh-CN'), error)).toBe(
      '此工作区的日志中没有第 99 号智能体搜索（日志只保留最近的 1000 条）。',
    );
    expect(shownText(translator('en'), error)).toBe(
      'No logged agent search #99 in this workspace (the log keeps the newest 1000).',
    );
    await store.getState().selectAgentSearch(7);
    await store.getState().rerunAgentSearch();
    await store.getState().selectAgentSearch(null);
    expect(store.getState().agentSearches).toMatchObject({ selectedId: null, replay: null, entry: null });
  });
});
