// A big transcript written on its worker thread, read meanwhile on the main connection (real
// SQLite, a real file, the real worker): a search sees the file entirely old until the worker
// commits and entirely new after, never some of each, and wholly new from the word that it
// committed; an abort leaves the old version whole.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEmbedder } from '../embed/load-embedder.js';
import { TINY_MODEL_DIMS, TINY_MODEL_ID, writeTinyModel } from '../embed/test-support/tiny-model.js';
import { EmbeddingCache } from '../index/embedding-cache.js';
import { FileWriter } from '../index/file-writer.js';
import { openIndexDb, type IndexDb } from '../index/index-db.js';
import { SCHEMA_VERSION } from '../index/schema.js';
import {
  KEYWORD_ACCELERATOR_MIN_CHUNKS,
  keywordAccelerated,
  searchBackends,
} from '../search/sqlite/accelerator-check.js';
import { IndexSession } from '../search/sqlite/index-session.js';
import type { DiscoveredFile } from '../workspace/discover.js';
import { indexBigSession } from './big-session-thread.js';
import type { SyncTarget } from './sync-target.js';

const SESSION = 'sessions/long.jsonl';
const opened: IndexDb[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const index of opened.splice(0)) index.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A session whose every message names `word`: enough lines for many slices of chunks. */
function writeSession(file: string, word: string, messages: number): DiscoveredFile {
  const lines = [JSON.stringify({ type: 'session', id: 'long', timestamp: '2026-05-01T08:00:00.000Z' })];
  for (let i = 1; i <= messages; i++) {
    const text = `${word} item ${i} ${'filler words here '.repeat(1 + (i % 4))}`;
    lines.push(JSON.stringify({ type: 'message', message: { role: i % 2 ? 'user' : 'assistant', content: text } }));
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  const stat = fs.statSync(file);
  return { path: SESSION, absPath: file, source: 'sessions', size: stat.size, mtimeMs: stat.mtimeMs };
}

const TINY = { provider: 'local', model: TINY_MODEL_ID, providerKey: 'tiny', dims: TINY_MODEL_DIMS };

function setUp(vectors = false): { index: IndexDb; target: SyncTarget; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-big-thread-'));
  dirs.push(dir);
  const index = openIndexDb(path.join(dir, 'index.sqlite'), {
    expected: { schemaVersion: SCHEMA_VERSION, chunkerVersion: 1, embedding: vectors ? TINY : null },
  });
  opened.push(index);
  return { index, target: { db: index.db, writer: new FileWriter(index.db) }, dir };
}

/** What a keyword search on the main connection finds of the session: its chunks matching each word. */
function searchSession(target: SyncTarget): { alpha: number; bravo: number; chunkCount: number } {
  const matches = target.db.prepare(
    'SELECT count(*) FROM chunks_fts JOIN chunks ON chunks.rowid = chunks_fts.rowid WHERE chunks_fts MATCH ? AND chunks.path = ?',
  );
  const fileRow = target.db.prepare('SELECT chunk_count FROM files WHERE path = ?').pluck().get(SESSION) as
    number | undefined;
  return {
    alpha: matches.pluck().get('alpha', SESSION) as number,
    bravo: matches.pluck().get('bravo', SESSION) as number,
    chunkCount: fileRow ?? 0,
  };
}

function isEqual(a: ReturnType<typeof searchSession>, b: ReturnType<typeof searchSession>): boolean {
  return a.alpha === b.alpha && a.bravo === b.bravo && a.chunkCount === b.chunkCount;
}

describe('a big transcript indexed on its worker thread', () => {
  it('is searched as wholly old while it is re-indexed and wholly new once done', { timeout: 120_000 }, async () => {
    const { target, dir } = setUp();
    const file = path.join(dir, 'long.jsonl');
    const first = await indexBigSession(target, writeSession(file, 'alpha', 3000));
    const old = searchSession(target);
    expect(old).toEqual({ alpha: first.chunks, bravo: 0, chunkCount: first.chunks });

    const seen: ReturnType<typeof searchSession>[] = [];
    const atCommit: ReturnType<typeof searchSession>[] = [];
    const second = await indexBigSession(target, writeSession(file, 'bravo', 4000), {
      // The worker wrote a slice: the main thread hears it a little later, maybe after the commit.
      onWritten: () => seen.push(searchSession(target)),
      // Said before the worker ends (the main thread reads the new doclists ahead of searches).
      onCommitted: () => atCommit.push(searchSession(target)),
    });
    const fresh = { alpha: 0, bravo: second.chunks, chunkCount: second.chunks };
    expect(atCommit).toEqual([fresh]);

    expect(second.chunks).toBeGreaterThan(first.chunks);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.filter((s) => !isEqual(s, old) && !isEqual(s, fresh))).toEqual([]);
    expect(seen.filter((s) => isEqual(s, old)).length).toBeGreaterThan(0);
    expect(searchSession(target)).toEqual(fresh);
  });

  it(
    'keeps the old version whole, with nothing of the new, when indexing stops midway',
    { timeout: 120_000 },
    async () => {
      const { target, dir } = setUp();
      const file = path.join(dir, 'long.jsonl');
      const first = await indexBigSession(target, writeSession(file, 'alpha', 3000));
      const stop = new AbortController();
      let slices = 0;
      await expect(
        indexBigSession(target, writeSession(file, 'bravo', 4000), {
          signal: stop.signal,
          onWritten: () => {
            slices += 1;
            if (slices === 2) stop.abort(new Error('closing'));
          },
        }),
      ).rejects.toThrow('closing');

      expect(slices).toBeGreaterThanOrEqual(2);
      expect(searchSession(target)).toEqual({ alpha: first.chunks, bravo: 0, chunkCount: first.chunks });
      expect(target.db.prepare('SELECT count(*) FROM chunks').pluck().get()).toBe(first.chunks);
    },
  );

  it("gets its vectors from the main thread's model, one per chunk", { timeout: 180_000 }, async () => {
    const { target, dir } = setUp(true);
    const modelsDir = path.join(dir, 'models');
    await writeTinyModel({ modelsDir });
    const loaded = await loadEmbedder({ model: TINY_MODEL_ID, modelsDir, allowDownload: false });
    if (!loaded.ok) throw new Error(loaded.reason.message);
    try {
      const withModel: SyncTarget = {
        ...target,
        embedding: { provider: loaded.provider, cache: new EmbeddingCache(target.db, TINY) },
      };
      const result = await indexBigSession(withModel, writeSession(path.join(dir, 'long.jsonl'), 'alpha', 400));

      expect(result.embedded).toBe(true);
      expect(target.db.prepare('SELECT embedded FROM files WHERE path = ?').pluck().get(SESSION)).toBe(1);
      expect(target.db.prepare('SELECT count(*) FROM chunks_vec').pluck().get()).toBe(result.chunks);
      const last = target.db.prepare('SELECT rowid, text FROM chunks ORDER BY rowid DESC LIMIT 1').get() as {
        rowid: number;
        text: string;
      };
      const stored = target.db
        .prepare('SELECT embedding FROM chunks_vec WHERE rowid = ?')
        .pluck()
        .get(last.rowid) as Buffer;
      const [expected] = await loaded.provider.embedPassages([last.text]);
      expect([...new Float32Array(stored.buffer, stored.byteOffset, TINY_MODEL_DIMS)]).toEqual([...expected!]);
    } finally {
      await loaded.provider.close();
    }
  });

  it(
    "carries the keyword accelerator's verdict in its commit when it takes the index past the size gate",
    { timeout: 120_000 },
    async () => {
      const { index, target, dir } = setUp();
      const result = await indexBigSession(target, writeSession(path.join(dir, 'long.jsonl'), 'alpha', 2500), {
        chunking: { tokens: 24, overlap: 0 },
      });
      expect(result.chunks).toBeGreaterThanOrEqual(KEYWORD_ACCELERATOR_MIN_CHUNKS);

      // The main connection's first search after the commit: no self-check of its own to wait for.
      const checks: (string | null)[] = [];
      const session = new IndexSession(index.db, { observer: { keywordSelfCheck: (m) => checks.push(m) } });
      try {
        expect(keywordAccelerated(session)).toBe(true);
        expect(searchBackends(session).keyword).toBe('fts5-doclists');
        await new Promise((resolve) => setImmediate(resolve));
        expect(checks).toEqual([]);
      } finally {
        session.close();
      }
    },
  );
});
