// The agent's calls on a real engine over the fixture workspace whose transcripts hold OpenClaw
// 2026.9.6's own tool results (e2e/fixtures/agent-calls-workspace): every call with its true
// outcome, a diagnosis for each empty or failed one, and the health summary.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentCallList } from '../../../shared/agent-call-types.js';
import { openTempWorkspace, type TempWorkspace } from '../test-support/temp-workspace.js';
import { withoutEchoes } from './agent-calls-service.js';

const FIXTURE = path.resolve(__dirname, '../../../e2e/fixtures/agent-calls-workspace');
const NOW = Date.parse('2026-12-01T12:00:00Z');
let fx: TempWorkspace;
let list: AgentCallList;

beforeAll(async () => {
  fx = await openTempWorkspace({ from: FIXTURE });
  // One search through memlens mcp, as Claude Code would make it.
  const tools = fx.agentTools({ now: () => NOW - 3_600_000 });
  await tools.memorySearch({ query: 'Tavily 配置' }, { kind: 'mcp', client: 'claude-code 2.1.0' });
  list = await fx.agentCalls(NOW).list();
}, 60_000);

afterAll(async () => {
  await fx.cleanup();
});

const byQuery = (q: string) => list.calls.find((c) => c.query === q)!;

describe('AgentCallsService.list', () => {
  it('lists every memory call of the three transcripts and the MCP search, newest first, with their sources', () => {
    expect(list.sessionsRead).toBe(3);
    expect(list.calls).toHaveLength(15 + 1);
    expect(list.calls[0]).toMatchObject({
      source: 'mcp',
      client: 'claude-code 2.1.0',
      query: 'Tavily 配置',
      outcome: { kind: 'results' },
    });
    const times = list.calls.map((c) => Date.parse(c.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const transcriptCall = byQuery('日报 格式');
    expect(transcriptCall).toMatchObject({
      source: 'transcript',
      agentId: 'main',
      tool: 'memory_search',
      line: 4,
      resultLine: 5,
    });
    expect(transcriptCall.session!.path).toBe('sessions/main/8a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5e.jsonl');
    expect(transcriptCall.session!.title).toContain('日报按什么格式写来着');
  });

  it('disabled: the provider without an API key', () => {
    const c = byQuery('Jenny visiting Ali');
    expect(c.outcome.kind).toBe('results'); // the later search in session 3 found it…
    const disabled = list.calls.filter((x) => x.outcome.kind === 'disabled');
    expect(disabled.map((x) => x.query)).toEqual(['合同金额 2025', 'Jenny visiting Ali', '上周 产品周会 会议纪要']);
    for (const d of disabled)
      expect(d.diagnosis!.text).toBe('memory search was disabled: no API key for provider openai');
  });

  it('keyword-only empties: no chunk holds every word, and Memory Lens finds the answer', () => {
    for (const [query, file] of [
      ['日报 格式', 'memory/daily-report.md'],
      ['Tavily 配置 web_search', 'memory/tools/web-search.md'],
      ['sunny 用户名字', 'USER.md'],
    ] as const) {
      const c = byQuery(query);
      expect(c.outcome).toMatchObject({ kind: 'empty', provider: 'none' });
      expect(c.diagnosis).toMatchObject({ code: 'keyword-all-words', path: file });
      expect(c.diagnosis!.text).toMatch(/^keyword-only: no chunk holds every word \(OpenClaw requires all of them/);
      expect(c.replay!.allWordsChunks).toBe(0);
      expect(c.replay!.hits[0]!.path).toBe(file);
    }
    expect(byQuery('Tavily 配置 web_search').next).toMatchObject({ kind: 'searched-again', query: 'Tavily' });
    expect(byQuery('sunny 用户名字').next!.kind).toBe('answered-without-memory');
  });

  it('replays as the agent ranks (OpenClaw 2026.9.6 reproduced), agreeing with what 2026.9.6 itself answered', () => {
    // 2026.9.6's own answers for these queries (e2e/fixtures/agent-calls-tool-results/results-keyword-only.json):
    // "日报 格式" nothing; "Tavily 配置 web_search" and "sunny 用户名字" found by its fallback keywords.
    expect(byQuery('日报 格式').replayAsAgent).toMatchObject({ profile: 'openclaw', count: 0 });
    expect(byQuery('Tavily 配置 web_search').replayAsAgent!.hits.map((h) => h.path)).toEqual([
      'memory/tools/web-search.md',
    ]);
    expect(byQuery('sunny 用户名字').replayAsAgent!.hits.map((h) => h.path)).toContain('USER.md');
    expect(byQuery('日报 格式').replay!.profile).toBe('memory-lens');
  });

  it('not indexed yet, outside memory/, and nothing answers', () => {
    expect(byQuery('路由器 型号').diagnosis).toMatchObject({
      code: 'not-indexed-yet',
      path: 'memory/2026-11-20-home-network.md',
    });
    expect(byQuery('车牌号').diagnosis).toMatchObject({ code: 'outside-memory', path: 'facts/car.md' });
    expect(byQuery('猫粮 品牌').diagnosis).toMatchObject({
      code: 'nothing-answers',
      text: 'nothing in memory answers this',
    });
    const get = list.calls.find((c) => c.tool === 'memory_get' && c.outcome.kind === 'not-found')!;
    expect(get.diagnosis!.text).toBe('memory/meeting-notes.md, which memory_get asked for, does not exist');
  });

  it('health: calls in the last 7 and 30 days, how many got results, the main cause and what to change', () => {
    // Session 3 (Nov 25) and the MCP search are within 7 days; all three sessions within 30.
    expect(list.health.last7Days).toEqual({ calls: 5, withResults: 3 });
    expect(list.health.last30Days).toEqual({ calls: 16, withResults: 5 });
    expect(list.health.mainCause).toMatchObject({ code: 'keyword-all-words', count: 4 });
    expect(list.health.advice[0]).toContain('memory.search.provider');
    expect(list.health.mcpUsed).toBe(true);
  });

  it('--since and --agent narrow the list (an agent filter leaves out MCP and people)', async () => {
    const service = fx.agentCalls(NOW);
    const recent = await service.list({ since: '2026-11-20' });
    expect(recent.calls.map((c) => c.query ?? c.arguments.path)).toEqual([
      'Tavily 配置',
      'memory/meeting-notes.md',
      '合同金额',
      'MEMORY.md',
      'Jenny visiting Ali',
    ]);
    const main = await service.list({ agent: 'main' });
    expect(main.calls.every((c) => c.source === 'transcript')).toBe(true);
    expect((await service.list({ agent: 'coder' })).calls).toEqual([]);
  });
});

describe('withoutEchoes', () => {
  it("drops a logged MCP search that is the transcript's own memory-lens__memory_search, keeps the others", () => {
    const t = list.calls.find((c) => c.query === '日报 格式')!;
    const viaMcp = { ...t, tool: 'memory-lens__memory_search' };
    const echo = {
      ...list.calls[0]!,
      source: 'mcp' as const,
      query: '日报 格式',
      time: new Date(Date.parse(t.time) + 2_000).toISOString(),
    };
    const later = { ...echo, time: new Date(Date.parse(t.time) + 3_600_000).toISOString() };
    expect(withoutEchoes([echo, later], [viaMcp])).toEqual([later]);
    expect(withoutEchoes([echo], [t])).toEqual([echo]);
  });

  it('knows the echo of a query holding a key: the log keeps it masked, the transcript raw', () => {
    const t = list.calls.find((c) => c.query === '日报 格式')!;
    const viaMcp = { ...t, tool: 'memory-lens__memory_search', query: 'Tavily key tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS' };
    const echo = {
      ...list.calls[0]!,
      source: 'mcp' as const,
      query: 'Tavily key tvly-…3HCS',
      time: new Date(Date.parse(t.time) + 2_000).toISOString(),
    };
    expect(withoutEchoes([echo], [viaMcp])).toEqual([]);
  });
});
