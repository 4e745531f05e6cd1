// The agent's memory calls read from transcripts whose tool results OpenClaw 2026.9.6 itself produced
// (e2e/fixtures/agent-calls-workspace, see its README).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractMemoryCalls, jsonlRecords } from './memory-tool-calls.js';

const SESSIONS = path.resolve(__dirname, '../../../e2e/fixtures/agent-calls-workspace/agents/main/sessions');
const callsOf = (id: string) => {
  const { records, malformed } = jsonlRecords(fs.readFileSync(path.join(SESSIONS, `${id}.jsonl`), 'utf8'));
  expect(malformed).toBe(0);
  return extractMemoryCalls(records);
};

describe('extractMemoryCalls', () => {
  it('reads a disabled memory_search with the reason OpenClaw gave, and that the agent answered without memory', () => {
    const calls = callsOf('3f6c1a2e-7d41-4b8a-9c55-0e1f2a3b4c5d');
    expect(calls.map((c) => [c.tool, c.query, c.line, c.resultLine, c.outcome.kind])).toEqual([
      ['memory_search', '上周 产品周会 会议纪要', 4, 5, 'disabled'],
      ['memory_search', 'Jenny visiting Ali', 8, 9, 'disabled'],
      ['memory_search', '合同金额 2025', 12, 13, 'disabled'],
    ]);
    expect(calls[1]!.outcome.reason).toMatch(/^No API key found for provider "openai"\./);
    expect(calls[1]!.outcome.action).toBe('Check embedding provider configuration and retry memory_search.');
    expect(calls[1]!.next).toEqual({ kind: 'answered-without-memory', line: 10 });
    expect(calls[0]!.at).toBe(Date.parse('2026-11-03T01:21:04.000Z'));
  });

  it('reads keyword-only empty searches, a search that found the file and the memory_get of it', () => {
    const calls = callsOf('8a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5e');
    expect(calls.map((c) => [c.query ?? c.arguments.path, c.outcome.kind, c.outcome.provider, c.next.kind])).toEqual([
      ['日报 格式', 'empty', 'none', 'answered-without-memory'],
      ['Tavily 配置 web_search', 'empty', 'none', 'searched-again'],
      ['Tavily', 'results', 'none', 'read-result'],
      ['memory/tools/web-search.md', 'results', null, 'answered'],
      ['sunny 用户名字', 'empty', 'none', 'answered-without-memory'],
      ['路由器 型号', 'empty', 'none', 'answered-without-memory'],
      ['车牌号', 'empty', 'none', 'answered-without-memory'],
      ['猫粮 品牌', 'empty', 'none', 'answered-without-memory'],
    ]);
    expect(calls[1]!.next.query).toBe('Tavily');
    expect(calls[2]!.outcome.hits).toEqual([
      expect.objectContaining({ path: 'memory/tools/web-search.md', startLine: 1, endLine: 5, score: 1 }),
    ]);
    expect(calls[2]!.next).toMatchObject({ kind: 'read-result', path: 'memory/tools/web-search.md' });
    // memory_get: the lines it read, as a hit the UI can open.
    expect(calls[3]!.outcome).toMatchObject({
      count: 4,
      hits: [{ path: 'memory/tools/web-search.md', startLine: 1, endLine: 4 }],
    });
  });

  it("reads memory_get's not_found, and results with several hits and scores", () => {
    const calls = callsOf('c4d5e6f7-0a1b-4c2d-9e3f-4a5b6c7d8e9f');
    expect(
      calls[0]!.outcome.hits.map((h) => [
        h.path,
        h.startLine,
        h.endLine,
        h.score !== null && Math.round(h.score * 1000) / 1000,
      ]),
    ).toEqual([
      ['MEMORY.md', 10, 10, 1],
      ['MEMORY.md', 9, 9, 0.979],
      ['MEMORY.md', 4, 4, 0.897],
    ]);
    expect(calls[0]!.next).toMatchObject({ kind: 'read-result', path: 'MEMORY.md' });
    expect(calls[3]!.outcome).toMatchObject({ kind: 'not-found', count: 0 });
    expect(calls[3]!.arguments).toEqual({ path: 'memory/meeting-notes.md' });
  });

  it('keeps a call whose result never came (the session was cut off), and skips broken lines', () => {
    const text = [
      JSON.stringify({
        type: 'message',
        timestamp: '2026-11-30T10:00:00.000Z',
        message: {
          role: 'assistant',
          content: [{ type: 'toolCall', id: 't1', name: 'memory_search', arguments: '{"query":"x y"}' }],
        },
      }),
      '{not json',
      JSON.stringify({
        type: 'message',
        message: { role: 'toolResult', toolCallId: 'other', toolName: 'read', content: [] },
      }),
      JSON.stringify({
        type: 'message',
        message: {
          role: 'toolResult',
          toolCallId: 't2',
          toolName: 'memory_search',
          isError: true,
          content: [{ type: 'text', text: 'Memory is disabled for this agent.' }],
        },
      }),
    ].join('\n');
    const { records, malformed } = jsonlRecords(text);
    expect(malformed).toBe(1);
    const [call] = extractMemoryCalls(records);
    expect(call).toMatchObject({
      query: 'x y',
      line: 1,
      resultLine: null,
      outcome: { kind: 'no-result' },
      next: { kind: 'nothing' },
    });
  });

  it('an error result (isError, no JSON) carries its text as the reason', () => {
    const records = [
      {
        line: 7,
        record: {
          type: 'message',
          message: {
            role: 'assistant',
            content: [{ type: 'toolCall', id: 'e1', name: 'memory_get', arguments: { path: '../secrets.md' } }],
          },
        },
      },
      {
        line: 8,
        record: {
          type: 'message',
          message: {
            role: 'toolResult',
            toolCallId: 'e1',
            toolName: 'memory_get',
            isError: true,
            content: [{ type: 'text', text: 'path escapes the workspace' }],
          },
        },
      },
    ];
    expect(extractMemoryCalls(records)[0]!.outcome).toMatchObject({
      kind: 'error',
      reason: 'path escapes the workspace',
    });
  });

  it("recognises an MCP server's memory tools as OpenClaw names them (memory-lens__memory_search)", () => {
    const records = [
      {
        line: 1,
        record: {
          type: 'message',
          message: {
            role: 'assistant',
            content: [{ type: 'toolCall', id: 'm1', name: 'memory-lens__memory_search', arguments: { query: '日报' } }],
          },
        },
      },
      {
        line: 2,
        record: {
          type: 'message',
          message: {
            role: 'toolResult',
            toolCallId: 'm1',
            toolName: 'memory-lens__memory_search',
            content: [
              {
                type: 'text',
                text: JSON.stringify({
                  results: [{ path: 'memory/daily-report.md', startLine: 1, endLine: 7, score: 0.63 }],
                  mode: 'fts-only',
                }),
              },
            ],
          },
        },
      },
      {
        line: 3,
        record: {
          type: 'message',
          message: {
            role: 'assistant',
            content: [
              {
                type: 'toolCall',
                id: 'm2',
                name: 'memory-lens__memory_get',
                arguments: { path: 'memory/daily-report.md' },
              },
            ],
          },
        },
      },
      {
        line: 4,
        record: {
          type: 'message',
          message: {
            role: 'assistant',
            content: [{ type: 'toolCall', id: 'x', name: 'web_search', arguments: { query: 'n' } }],
          },
        },
      },
    ];
    const calls = extractMemoryCalls(records);
    expect(calls.map((c) => c.tool)).toEqual(['memory-lens__memory_search', 'memory-lens__memory_get']);
    expect(calls[0]).toMatchObject({
      outcome: { kind: 'results', count: 1, mode: 'fts-only' },
      next: { kind: 'read-result', path: 'memory/daily-report.md', line: 3 },
    });
  });
});
