// A transcript over BIG_SESSION_BYTES, through the real engine and SQLite: streamed into the index
// with exactly the chunks the whole-file path makes (prepareFile is the oracle), and searches keep
// answering while it is written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryEngine } from '../engine.js';
import { discoverFiles } from '../workspace/discover.js';
import { BIG_SESSION_BYTES } from './index-big-session.js';
import { prepareFile } from './prepare-file.js';
import { WorkspaceScope } from '../workspace/workspace-scope.js';

let root: string;
let workspace: string;
const SESSION = 'sessions/big-session.jsonl';

/** A chatty session a little over the streaming threshold: messages with timestamps, tool noise, a malformed line, CJK. */
function writeBigSession(file: string): void {
  const lines: string[] = [JSON.stringify({ type: 'session', id: 'big', timestamp: '2026-05-01T08:00:00.000Z' })];
  const words = ['harbour', 'crane', 'ticket', 'router', '合同', 'budget', 'coffee', 'deploy'];
  let bytes = 0;
  for (let i = 1; bytes < BIG_SESSION_BYTES + 512 * 1024; i++) {
    let line: string;
    if (i === 7) line = '{not json';
    else if (i % 11 === 0) line = JSON.stringify({ type: 'custom', n: i });
    else {
      const text = `${words[i % 8]} entry ${i} ${words[(i * 3) % 8]} and ${'more words '.repeat(i % 5)}`.trim();
      line = JSON.stringify({
        type: 'message',
        timestamp: new Date(Date.parse('2026-05-01T08:00:00Z') + i * 1000).toISOString(),
        message: { role: i % 2 ? 'user' : 'assistant', content: [{ type: 'text', text }] },
      });
    }
    lines.push(line);
    bytes += line.length + 1;
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-big-session-'));
  workspace = path.join(root, 'workspace');
  fs.mkdirSync(path.join(workspace, 'sessions'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n\nThe kettle whistles at dawn.\n');
  writeBigSession(path.join(workspace, SESSION));
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('a big transcript', () => {
  it(
    'is answered by searches while it is indexed, and ends with the chunks the whole-file path makes',
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(root, 'data');
      const engine = await MemoryEngine.open({
        workspaceDir: workspace,
        dbPath: path.join(dataDir, 'index.sqlite'),
        dataDir,
        openclawHome: path.join(root, 'oc'),
      });
      try {
        await engine.sync(); // MEMORY.md and the session
        fs.appendFileSync(
          path.join(workspace, SESSION),
          `${JSON.stringify({ type: 'message', message: { role: 'user', content: 'quokkaplatypus at the end' } })}\n`,
        );
        // The session changed: it is indexed again, streamed. Searches run meanwhile.
        let reachedSession!: () => void;
        const streaming = new Promise<void>((resolve) => (reachedSession = resolve));
        const off = engine.onDidProgress((p) => {
          if (p.currentPath === SESSION) reachedSession();
        });
        let finished = false;
        const sync = engine.sync().finally(() => (finished = true));
        await streaming;
        off();
        const during: { ms: number; found: boolean }[] = [];
        while (!finished) {
          const started = performance.now();
          const response = await engine.search({ query: 'kettle', minScore: 0 });
          if (!finished)
            during.push({ ms: performance.now() - started, found: response.results[0]?.path === 'MEMORY.md' });
          await new Promise((resolve) => setImmediate(resolve));
        }
        await sync;
        // Answered while the transcript was being written, from the index as it was (never a hang).
        expect(during.length).toBeGreaterThan(3);
        expect(during.every((d) => d.found)).toBe(true);
        // Generous: the whole-file write held searches for seconds; bench/big-transcript-bench.ts measures.
        expect(Math.max(...during.map((d) => d.ms))).toBeLessThan(2_000);
        const after = await engine.search({ query: 'quokkaplatypus', minScore: 0 });
        expect(after.results[0]?.path).toBe(SESSION);
      } finally {
        await engine.close();
      }

      // The streamed rows equal the whole-file preparation of the same bytes.
      const discovered = (
        await discoverFiles(new WorkspaceScope({ workspaceDir: workspace, openclawHome: path.join(root, 'oc') }))
      ).find((f) => f.path === SESSION)!;
      const oracle = prepareFile(discovered, fs.readFileSync(discovered.absPath));
      const db = new Database(path.join(dataDir, 'index.sqlite'), { readonly: true });
      try {
        const rows = db
          .prepare(
            'SELECT start_line AS startLine, end_line AS endLine, text, hash, first_ms AS firstMs, last_ms AS lastMs FROM chunks WHERE path = ? ORDER BY rowid',
          )
          .all(SESSION) as Record<string, unknown>[];
        expect(rows.length).toBe(oracle.chunks.length);
        expect(rows).toEqual(
          oracle.chunks.map((c) => ({
            startLine: c.startLine,
            endLine: c.endLine,
            text: c.text,
            hash: c.hash,
            firstMs: c.firstMs ?? null,
            lastMs: c.lastMs ?? null,
          })),
        );
        const file = db
          .prepare('SELECT malformed_lines AS malformed, chunk_count AS count, metadata FROM files WHERE path = ?')
          .get(SESSION) as { malformed: number; count: number; metadata: string };
        expect(file.malformed).toBe(oracle.malformedLines);
        expect(file.count).toBe(oracle.chunks.length);
        expect((JSON.parse(file.metadata) as { title?: string }).title).toBe(oracle.title);
      } finally {
        db.close();
      }
    },
  );

  it(
    'a live session the watcher sees growing is streamed again, and the new line is found',
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(root, 'data');
      const engine = await MemoryEngine.open({
        workspaceDir: workspace,
        dbPath: path.join(dataDir, 'index.sqlite'),
        dataDir,
        openclawHome: path.join(root, 'oc'),
      });
      try {
        await engine.sync();
        await engine.startWatching();
        fs.appendFileSync(
          path.join(workspace, SESSION),
          `${JSON.stringify({ type: 'message', message: { role: 'assistant', content: 'wombatnarwhal appended live' } })}\n`,
        );
        await vi.waitFor(
          async () => {
            expect((await engine.search({ query: 'wombatnarwhal', minScore: 0 })).results[0]?.path).toBe(SESSION);
          },
          { timeout: 60_000, interval: 200 },
        );
      } finally {
        await engine.close();
      }
    },
  );
});
