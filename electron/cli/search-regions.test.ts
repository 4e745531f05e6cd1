// One result per file region: a session whose overlapping chunks both match comes back as one
// result spanning their lines, in `memlens search --json`, in MCP memory_search and in the engine's
// search (what HTTP's `search` call returns), and six results are six regions. `--profile openclaw`
// reproduces OpenClaw's list, overlaps included.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../shared/domain.js';
import { openTempWorkspace, type TempWorkspace } from '../app/test-support/temp-workspace.js';
import { runCaptured } from './test-support/capture-io.js';

let tmp: string;
let fixture: string;
let fx: TempWorkspace;

/** A transcript long enough for several chunks, every message about the router firmware. */
function session(): string {
  const lines = [
    JSON.stringify({ type: 'session', version: 3, id: 'a1', timestamp: '2026-05-04T01:00:00.000Z', cwd: '~' }),
  ];
  for (let i = 0; i < 40; i += 1) {
    const role = i % 2 === 0 ? 'user' : 'assistant';
    const text = `Step ${i}: the router firmware update ${i % 3 === 0 ? 'failed again with checksum errors' : 'needs the vendor image'} and a reboot of the office network afterwards.`;
    lines.push(
      JSON.stringify({
        type: 'message',
        id: `m${i}`,
        timestamp: `2026-05-04T01:${String(i).padStart(2, '0')}:00.000Z`,
        message: { role, content: [{ type: 'text', text }] },
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-regions-'));
  fixture = path.join(tmp, 'workspace');
  fs.mkdirSync(path.join(fixture, 'memory'), { recursive: true });
  fs.mkdirSync(path.join(fixture, 'sessions'), { recursive: true });
  fs.writeFileSync(path.join(fixture, 'MEMORY.md'), '# Memory\n\nThe router firmware is vendored.\n');
  for (let d = 1; d <= 8; d += 1)
    fs.writeFileSync(
      path.join(fixture, 'memory', `2026-05-0${d}.md`),
      `# 2026-05-0${d}\n\n- Checked the router firmware on day ${d}.\n`,
    );
  fs.writeFileSync(path.join(fixture, 'sessions', 'a1.jsonl'), session());
  fx = await openTempWorkspace({ from: fixture });
});

afterAll(async () => {
  await fx.cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

type Lines = Pick<SearchResult, 'path' | 'startLine' | 'endLine'>;

/** Pairs of one file's results whose lines overlap or touch. */
function overlaps(results: readonly Lines[]): string[] {
  const found: string[] = [];
  results.forEach((a, i) =>
    results.slice(i + 1).forEach((b) => {
      if (a.path === b.path && a.startLine <= b.endLine + 1 && b.startLine <= a.endLine + 1)
        found.push(`${a.path}:${a.startLine}-${a.endLine} & ${b.startLine}-${b.endLine}`);
    }),
  );
  return found;
}

async function cliJson(extra: string[]): Promise<SearchResult[]> {
  const { code, stdout, stderr } = await runCaptured(tmp, [
    'search',
    'router firmware checksum',
    '--workspace',
    fixture,
    '--data-dir',
    path.join(tmp, 'cli-data'),
    '--min-score',
    '0',
    '--json',
    ...extra,
  ]);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return (JSON.parse(stdout) as { results: SearchResult[] }).results;
}

describe('one result per file region', () => {
  it('CLI --json merges the overlapping hits of the session into one result spanning their lines, and 6 results are 6 regions', async () => {
    const results = await cliJson(['--max-results', '6']);
    expect(results).toHaveLength(6);
    expect(overlaps(results)).toEqual([]);
    const transcript = results.find((r) => r.path === 'sessions/a1.jsonl')!;
    // Two (or more) chunks of the transcript matched; the result spans all of them.
    expect(transcript.merged?.length ?? 0).toBeGreaterThan(0);
    for (const m of transcript.merged!) {
      expect(m.startLine).toBeGreaterThanOrEqual(transcript.startLine);
      expect(m.endLine).toBeLessThanOrEqual(transcript.endLine);
      expect(m.score).toBeLessThanOrEqual(transcript.score);
    }
    expect(transcript.citation).toBe(`sessions/a1.jsonl#L${transcript.startLine}-L${transcript.endLine}`);
  });

  it('MCP memory_search and the engine search (HTTP) hold no overlapping hits of one file either', async () => {
    const tools = fx.agentTools({ defaults: { minScore: 0 } });
    const outcome = await tools.memorySearch(
      { query: 'router firmware checksum', maxResults: 6 },
      {
        kind: 'mcp',
        client: null,
      },
    );
    const hits = outcome.payload.results as Array<Lines & { score: number; snippet: string; citation: string }>;
    expect(hits).toHaveLength(6);
    expect(overlaps(hits)).toEqual([]);
    expect(Object.keys(hits[0]!)).toEqual(
      expect.arrayContaining(['path', 'startLine', 'endLine', 'score', 'snippet', 'source', 'citation']),
    );
    const engine = await fx.session.current().search({ query: 'router firmware checksum', minScore: 0, maxResults: 6 });
    expect(engine.results).toHaveLength(6);
    expect(overlaps(engine.results)).toEqual([]);
    expect(engine.results.some((r) => (r.merged?.length ?? 0) > 0)).toBe(true);
  });
});
