// The diagnosis beside a recorded call and the replay under it are one search: on a real engine
// over a workspace where a search with more room merges a file's passages differently than the
// call's own, every answer the diagnosis names is the replay's, with its lines, rank and score.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentCallList } from '../../../shared/agent-call-types.js';
import { openTempWorkspace, type TempWorkspace } from '../test-support/temp-workspace.js';

const NOW = Date.parse('2026-12-01T12:00:00Z');
let source: string;
let fx: TempWorkspace;
let list: AgentCallList;

/** A line of filler no query word occurs in, unique per line so no two chunks are identical. */
const filler = (n: number) => `Line ${n} talks about gardens, kettles and the weather near the harbour today.`;

/**
 * 150 lines, chunked 1–21, 18–38, 35–55, …: the query's words in the first and third chunks, one
 * of them alone in the second, which touches both.
 */
function notesFile(): string {
  const lines = Array.from({ length: 150 }, (_, i) => filler(i + 1));
  for (const n of [3, 5, 7]) lines[n - 1] = `Zebra quartz: the zebra quartz crate went to the harbour, line ${n}.`;
  lines[26] = 'A zebra was painted on the shed, line 27.';
  for (const n of [41, 43, 45]) lines[n - 1] = `Zebra quartz again: the zebra quartz order was paid, line ${n}.`;
  return lines.join('\n') + '\n';
}

/** One session in which the agent searched `calls` and got nothing back each time. */
function transcript(calls: Record<string, unknown>[]): string {
  const at = '2026-11-20T02:00:00.000Z';
  const empty = { results: [], provider: 'openai', model: 'text-embedding-3-small' };
  const records: unknown[] = [
    { type: 'session', version: 3, id: 's1', timestamp: at, cwd: '/home/u/.openclaw/workspace' },
  ];
  calls.forEach((args, i) => {
    const message = (m: unknown) => ({ type: 'message', id: `m${records.length}`, timestamp: at, message: m });
    records.push(
      message({
        role: 'assistant',
        content: [{ type: 'toolCall', id: `c${i}`, name: 'memory_search', arguments: args }],
      }),
    );
    records.push(
      message({
        role: 'toolResult',
        toolCallId: `c${i}`,
        toolName: 'memory_search',
        content: [{ type: 'text', text: JSON.stringify(empty) }],
        isError: false,
        details: empty,
      }),
    );
  });
  return records.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

beforeAll(async () => {
  source = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-replay-'));
  fs.mkdirSync(path.join(source, 'memory'), { recursive: true });
  fs.writeFileSync(path.join(source, 'MEMORY.md'), '# Memory\n\nNothing about crates here.\n');
  fs.writeFileSync(path.join(source, 'memory', 'notes.md'), notesFile());
  // Ranks between the notes' two passages and the chunk that joins them.
  fs.writeFileSync(
    path.join(source, 'memory', 'orders.md'),
    '# Orders\n\nOne zebra quartz crate, ordered in spring; the kettle and the garden hose came with it.\n',
  );
  const sessions = path.join(source, 'agents', 'main', 'sessions');
  fs.mkdirSync(sessions, { recursive: true });
  fs.writeFileSync(
    path.join(sessions, '0b1c2d3e-0000-4000-8000-000000000001.jsonl'),
    transcript([
      // Two results: the notes' two passages, which the chunk between them joins only in a longer list.
      { query: 'zebra quartz', maxResults: 2, minScore: 0 },
      // Nothing reaches 0.9, so the keyword matches are kept: the best passage alone.
      { query: 'quartz zebra', maxResults: 1, minScore: 0.9 },
    ]),
  );
  fx = await openTempWorkspace({ from: source });
  list = await fx.agentCalls(NOW).list();
}, 60_000);

afterAll(async () => {
  await fx?.cleanup();
  fs.rmSync(source, { recursive: true, force: true });
});

describe('a call’s diagnosis and its replay', () => {
  it('name the same passage: the replay’s first, with its lines and score', () => {
    expect(list.calls).toHaveLength(2);
    for (const call of list.calls) {
      const { diagnosis, replay } = call;
      expect(diagnosis?.path).toBe('memory/notes.md');
      const named = /in (\S+) \(lines (\d+)–(\d+)\)/.exec(diagnosis!.text);
      expect(named, diagnosis!.text).not.toBeNull();
      const rank = replay!.hits.findIndex(
        (h) => h.path === named![1] && h.startLine === Number(named![2]) && h.endLine === Number(named![3]),
      );
      expect(rank, `${diagnosis!.text} vs ${JSON.stringify(replay!.hits)}`).toBe(0);
      expect(diagnosis!.text).toContain(replay!.hits[0]!.score!.toFixed(3));
      expect(diagnosis!.text).not.toContain('not in the replay');
    }
  });
});
