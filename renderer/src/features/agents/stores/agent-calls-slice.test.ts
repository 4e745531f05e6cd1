import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { AgentCall, AgentCallList } from '../../../../../shared/agent-call-types';
import type { SearchOptions, SearchResponse } from '../../../../../shared/domain';
import { createAgentCallsSlice, isFailedCall, type AgentCallsPort, type AgentCallsSlice } from './agent-calls-slice';
import { MemoryLensError } from '../../../../../shared/errors';
import { translator } from '../../../../../shared/i18n';
import { ApiError } from '../../../api/api-error';
import { shownText } from '../../../lib/error-message';

function call(
  id: string,
  query: string,
  kind: AgentCall['outcome']['kind'],
  args: Record<string, unknown> = {},
): AgentCall {
  return {
    id,
    source: 'transcript',
    client: null,
    agentId: 'main',
    tool: 'memory_search',
    time: '2026-11-12T02:01:04.000Z',
    session: { path: 'sessions/main/s.jsonl', title: 't' },
    line: 4,
    resultLine: 5,
    query,
    arguments: { query, ...args },
    outcome: {
      kind,
      count: kind === 'results' ? 1 : 0,
      reason: null,
      mode: null,
      provider: 'none',
      action: null,
      hits: [],
    },
    next: null,
    diagnosis: null,
    replay: null,
    replayAsAgent: null,
    logId: null,
  };
}

const list: AgentCallList = {
  calls: [call('a', '日报 格式', 'empty', { maxResults: 3, minScore: 0.5 }), call('b', 'Tavily', 'results')],
  health: {
    last7Days: { calls: 2, withResults: 1 },
    last30Days: { calls: 2, withResults: 1 },
    all: { calls: 2, withResults: 1 },
    mainCause: null,
    advice: [],
    mcpUsed: false,
  },
  sessionsRead: 1,
  malformedRecords: 0,
};

function setup(agentCalls: AgentCallsPort['agentCalls'] = async () => list) {
  const searched: SearchOptions[] = [];
  const pending: ((r: SearchResponse) => void)[] = [];
  const port: AgentCallsPort = {
    agentCalls,
    agentSearch: async () => {
      throw new Error('not logged');
    },
    search: (options) => {
      searched.push(options);
      return new Promise((resolve) => pending.push(resolve));
    },
    explainFile: async () => {
      throw new Error('not used');
    },
  };
  return { store: createStore<AgentCallsSlice>()(createAgentCallsSlice(port)), searched, pending };
}

const response = (query: string): SearchResponse => ({
  results: [],
  provider: 'none',
  model: 'none',
  fallback: null,
  mode: 'fts-only',
  notices: [{ code: 'no-terms', message: query }],
  candidates: 0,
  tookMs: 1,
});

describe('agent calls', () => {
  it('keeps a failed read of the calls as the typed error, worded in Chinese in a Chinese interface', async () => {
    // A transcript the engine could not read: the typed cause, as the client rejects with it.
    const { store } = setup(async () => {
      throw new ApiError(
        new MemoryLensError('UNAVAILABLE', {
          messageId: 'errors:agent.readFailed',
          params: { path: 'sessions/main/a.jsonl', cause: 'EIO' },
        }).toValue(),
      );
    });
    await store.getState().loadAgentCalls();
    const { status, error } = store.getState().agentCalls;
    expect(status).toBe('error');
    expect(shownText(translator('zh-CN'), error!)).toBe('读取 sessions/main/a.jsonl 失败：EIO');
    expect(shownText(translator('en'), error!)).toBe('Reading sessions/main/a.jsonl failed: EIO');
  });

  it("replays a call with the caller's maxResults and minScore, over memory files only", async () => {
    const { store, searched, pending } = setup();
    await store.getState().loadAgentCalls();
    store.getState().selectAgentCall('a');
    const done = store.getState().replayAgentCall();
    expect(searched).toEqual([{ query: '日报 格式', maxResults: 3, minScore: 0.5, sources: ['memory'] }]);
    pending[0]!(response('a'));
    await done;
    expect(store.getState().agentCalls.replay?.notices[0]?.message).toBe('a');
  });

  it('a replay that answers after another call was opened is dropped', async () => {
    const { store, pending } = setup();
    await store.getState().loadAgentCalls();
    store.getState().selectAgentCall('a');
    const late = store.getState().replayAgentCall();
    store.getState().selectAgentCall('b');
    pending[0]!(response('a'));
    await late;
    expect(store.getState().agentCalls).toMatchObject({ selectedId: 'b', replay: null, replayStatus: 'idle' });
  });

  it('the failed filter keeps what did not get results', () => {
    expect(list.calls.filter(isFailedCall).map((c) => c.id)).toEqual(['a']);
  });
});
