import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MemorySource, WorkspaceFile } from '../../../../shared/domain.js';
import type { Chunk } from '../../chunk/chunker.js';
import type { FileRecord } from '../../index/file-writer.js';
import { MemoryEngine } from '../../engine.js';
import { TINY_MODEL_ID, writeTinyModel } from '../../embed/test-support/tiny-model.js';
import { CHUNKER_VERSION } from '../../chunk/chunker.js';
import { FileWriter } from '../../index/file-writer.js';
import { openIndexDb } from '../../index/index-db.js';
import type { IndexDb } from '../../index/index-db.js';
import { createBaseSchema, createVectorTable, SCHEMA_VERSION } from '../../index/schema.js';
import { cosineErrorBound, scanVectorMatrix } from '../core/quantized-scan.js';
import type { QuantizedMatrix } from '../core/quantized-matrix.js';
import { LiveIndex } from '../../index-lifecycle/live-index.js';
import { IndexSession } from './index-session.js';

import { loadVectorMatrix } from './vector-matrix-load.js';
import { vectorSearch, vectorSearchKnn } from './vector-search.js';

/** The int8 scan forced on at any size: these tests hold it against sqlite-vec's KNN. */
const ACCELERATED = { accelerators: { vector: true } };

const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-matrix-'));
  dirs.push(dir);
  return dir;
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** Roughly Gaussian directions, normalised like the embedder's output (in float64, then stored as float32). */
function randomUnit(random: () => number, dims: number): Float32Array {
  const v = new Float32Array(dims);
  let norm = 0;
  for (let i = 0; i < dims; i++) {
    const x = random() + random() + random() - 1.5;
    v[i] = x;
    norm += x * x;
  }
  for (let i = 0; i < dims; i++) v[i] = v[i]! / Math.sqrt(norm);
  return v;
}

function openDb(dims: number, kind: 'vec0' | 'plain'): Database.Database {
  const db = new Database(path.join(tempDir(), 'index.sqlite'));
  if (kind === 'vec0') sqliteVec.load(db);
  createBaseSchema(db);
  createVectorTable(db, dims, kind);
  return db;
}

function blob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

function fill(db: Database.Database, vectors: Float32Array[], sourceOf: (i: number) => MemorySource): number[] {
  const insertChunk = db.prepare(
    "INSERT INTO chunks(id, path, source, start_line, end_line, hash, text, updated_at) VALUES (?, ?, ?, 1, 1, 'h', 't', 0)",
  );
  const insertVec = db.prepare('INSERT INTO chunks_vec(rowid, embedding) VALUES (?, ?)');
  const rowids: number[] = [];
  db.transaction(() => {
    vectors.forEach((vector, i) => {
      const { lastInsertRowid } = insertChunk.run(`f${i}.md#0`, `f${i}.md`, sourceOf(i));
      insertVec.run(BigInt(lastInsertRowid), blob(vector));
      rowids.push(Number(lastInsertRowid));
    });
  })();
  return rowids;
}

const indexes: IndexDb[] = [];
afterEach(() => {
  for (const index of indexes.splice(0)) index.close();
});

function openIndex(dims: number): IndexDb {
  const index = openIndexDb(path.join(tempDir(), 'index.sqlite'), {
    expected: {
      schemaVersion: SCHEMA_VERSION,
      chunkerVersion: CHUNKER_VERSION,
      embedding: { provider: 't', model: 'm', providerKey: 'k', dims },
    },
  });
  indexes.push(index);
  return index;
}

function fileRecord(p: string): FileRecord {
  const file: WorkspaceFile = {
    path: p,
    source: 'memory',
    kind: 'evergreen',
    archived: false,
    size: 10,
    mtimeMs: 1,
    date: null,
    tags: [],
  };
  return { file, absPath: `/ws/${p}`, hash: 'h', indexState: 'indexed' };
}

function chunks(n: number): Chunk[] {
  return Array.from({ length: n }, (_, i) => ({ startLine: i + 1, endLine: i + 1, text: `chunk ${i}`, hash: `h${i}` }));
}

function expectSameHits(
  actual: { chunkRowid: number; cosine: number }[],
  expected: { chunkRowid: number; cosine: number }[],
): void {
  expect(actual.map((h) => h.chunkRowid)).toEqual(expected.map((h) => h.chunkRowid));
  actual.forEach((hit, i) => expect(Math.abs(hit.cosine - expected[i]!.cosine)).toBeLessThanOrEqual(1e-6));
}

describe('vector matrix scan', () => {
  it('returns the same top-k and cosines as sqlite-vec KNN on 5,000 × 384 vectors, with and without a source filter', () => {
    const random = seeded(11);
    const vectors = Array.from({ length: 5000 }, () => randomUnit(random, 384));
    const db = openDb(384, 'vec0');
    const session = new IndexSession(db, ACCELERATED);
    const sourceOf = (i: number): MemorySource => (i % 7 === 0 ? 'sessions' : 'memory');
    fill(db, vectors, sourceOf);
    const filters = [
      undefined,
      { sources: ['sessions' as MemorySource] },
      { sources: ['memory' as MemorySource, 'sessions' as MemorySource] },
    ];
    for (let q = 0; q < 12; q++) {
      // Half the queries are stored vectors slightly moved: near neighbours, close scores at the top.
      const query = q % 2 === 0 ? randomUnit(random, 384) : vectors[q * 97]!.map((x) => x + (random() - 0.5) * 0.01);
      for (const filter of filters) {
        for (const limit of [1, 56, 300]) {
          const knn = vectorSearchKnn(session, query, limit, filter);
          const scan = vectorSearch(session, query, limit, filter);
          expect(scan).toHaveLength(limit);
          expectSameHits(scan, knn);
          // Not only within 1e-6: the exact pass reproduces sqlite-vec's float32 arithmetic.
          expect(scan).toEqual(knn);
        }
      }
    }
    expect(vectorSearch(session, vectors[123]!, 1)[0]!.chunkRowid).toBe(124);
    expect(session.vectors.matrix()!.codes.simd).toBe(true);
    db.close();
  });

  it("reads vec0's storage directly and gets what the virtual table returns, deleted slots included", () => {
    const random = seeded(18);
    const vectors = Array.from({ length: 2500 }, () => randomUnit(random, 24));
    const db = openDb(24, 'vec0');
    const rowids = fill(db, vectors, (i) => (i % 5 === 0 ? 'sessions' : 'memory'));
    // Holes in sqlite-vec's 1,024-slot chunks, and a chunk row without a vector.
    for (const rowid of rowids.filter((_, i) => i % 9 === 4))
      db.prepare('DELETE FROM chunks_vec WHERE rowid = ?').run(BigInt(rowid));
    db.prepare(
      "INSERT INTO chunks(id, path, source, start_line, end_line, hash, text, updated_at) VALUES ('z#0', 'z.md', 'memory', 1, 1, 'h', 't', 0)",
    ).run();
    const direct = loadVectorMatrix(db)!;
    const viaTable = loadVectorMatrix(db, { throughVirtualTable: true })!;
    expect(direct.loadedFrom).toBe('vec0-storage');
    expect(viaTable.loadedFrom).toBe('table');
    expect(direct.count).toBe(2500 - rowids.filter((_, i) => i % 9 === 4).length);
    const rows = (m: QuantizedMatrix) =>
      Array.from(m.rowids.subarray(0, m.count), (rowid, row) => ({
        rowid,
        source: m.sourceNames[m.sources[row]!],
        vector: Array.from(m.floatRow(row)!),
      })).sort((a, b) => a.rowid - b.rowid);
    expect(rows(direct)).toEqual(rows(viaTable));
    db.close();
  });

  it('dimensions that are not a multiple of the kernel step (36, padded to 48) give the same results too', () => {
    const random = seeded(19);
    const vectors = Array.from({ length: 1200 }, () => randomUnit(random, 36));
    const db = openDb(36, 'vec0');
    const session = new IndexSession(db, ACCELERATED);
    fill(db, vectors, (i) => (i % 4 === 0 ? 'sessions' : 'memory'));
    expect(session.vectors.matrix()!.codes.stride).toBe(48);
    expect(session.vectors.matrix()!.count).toBe(1200);
    for (let q = 0; q < 10; q++) {
      const query = randomUnit(random, 36);
      const filter = q % 2 === 0 ? undefined : { sources: ['sessions' as MemorySource] };
      expect(vectorSearch(session, query, 60, filter)).toEqual(vectorSearchKnn(session, query, 60, filter));
    }
    db.close();
  });

  it('ranks chunks that share a vector by rowid, as the KNN orders them', () => {
    const random = seeded(12);
    const shared = randomUnit(random, 64);
    // Duplicated chunk text embeds to the same vector: 40 identical rows among 400.
    const vectors = Array.from({ length: 400 }, (_, i) => (i % 10 === 3 ? shared : randomUnit(random, 64)));
    const db = openDb(64, 'vec0');
    const session = new IndexSession(db, ACCELERATED);
    const rowids = fill(db, vectors, () => 'memory');
    const tied = rowids.filter((_, i) => i % 10 === 3);
    const query = shared.map((x, i) => x + (i % 2 === 0 ? 0.02 : -0.02));
    // All tied rows fit: exactly the KNN's answer.
    expect(vectorSearch(session, query, 45)).toEqual(vectorSearchKnn(session, query, 45));
    // A cut through the tie: sqlite-vec keeps whichever tied rows its chunked scan meets last;
    // the matrix keeps the lowest rowids. Same cosines either way.
    const cut = vectorSearch(session, query, 5);
    expect(cut.map((h) => h.chunkRowid)).toEqual(tied.slice(0, 5));
    expect(cut.map((h) => h.cosine)).toEqual(vectorSearchKnn(session, query, 5).map((h) => h.cosine));
    db.close();
  });

  it('the fallback table (no sqlite-vec) gives the same results through the same matrix', () => {
    const random = seeded(13);
    const vectors = Array.from({ length: 1500 }, () => randomUnit(random, 384));
    const vec = openDb(384, 'vec0');
    const plain = openDb(384, 'plain');
    const sourceOf = (i: number): MemorySource => (i % 3 === 0 ? 'sessions' : 'memory');
    fill(vec, vectors, sourceOf);
    fill(plain, vectors, sourceOf);
    for (let q = 0; q < 5; q++) {
      const query = randomUnit(random, 384);
      for (const filter of [undefined, { sources: ['sessions' as MemorySource] }]) {
        expect(vectorSearch(new IndexSession(plain, ACCELERATED), query, 50, filter)).toEqual(
          vectorSearchKnn(new IndexSession(vec, ACCELERATED), query, 50, filter),
        );
      }
    }
    vec.close();
    plain.close();
  });

  it('is patched in place by the rows FileWriter commits, and read again after another connection commits', () => {
    const random = seeded(14);
    const index = openIndex(32);
    const session = new IndexSession(index.db, ACCELERATED);
    const writer = new FileWriter(index.db);
    writer.onDidCommit(session);
    for (let f = 0; f < 20; f++)
      writer.writeFile(
        fileRecord(`memory/f${f}.md`),
        chunks(10),
        Array.from({ length: 10 }, () => randomUnit(random, 32)),
      );
    const target = randomUnit(random, 32);
    expect(vectorSearch(session, target, 1)[0]!.cosine).toBeLessThan(0.99);
    const loaded = session.vectors.matrix()!;
    expect(loaded.count).toBe(200);
    expect(loaded.loads).toBe(1);

    // The last file is rewritten (new rowids, or the old ones reused), one of its vectors is the target.
    writer.writeFile(fileRecord('memory/f19.md'), chunks(3), [randomUnit(random, 32), target, randomUnit(random, 32)]);
    const [hit] = vectorSearch(session, target, 1);
    const rowidOf = (p: string, i: number) =>
      index.db.prepare('SELECT rowid FROM chunks WHERE id = ?').pluck().get(`${p}#${i}`) as number;
    expect(hit).toEqual({ chunkRowid: rowidOf('memory/f19.md', 1), cosine: expect.closeTo(1, 6) as number });
    // Patched, not read again; and it agrees with a fresh read of the index.
    expect(session.vectors.matrix()).toBe(loaded);
    expect(loaded.loads).toBe(1);
    expect(loaded.count).toBe(193);
    const probe = randomUnit(random, 32);
    expect(vectorSearch(session, probe, 40)).toEqual(vectorSearchKnn(session, probe, 40));

    // A removed file's vectors leave the matrix; a batch that rolls back changes nothing.
    writer.removeFiles(['memory/f19.md']);
    expect(vectorSearch(session, target, 5).map((h) => h.chunkRowid)).not.toContain(hit!.chunkRowid);
    expect(loaded.count).toBe(190);
    const failing = writer.transaction(() => {
      writer.writeFile(fileRecord('memory/new.md'), chunks(1), [target]);
      throw new Error('disk full');
    });
    expect(() => failing()).toThrow('disk full');
    expect(vectorSearch(session, target, 1)[0]!.cosine).toBeLessThan(0.99);
    expect(loaded.loads).toBe(1);
    expect(vectorSearch(session, probe, 40)).toEqual(vectorSearchKnn(session, probe, 40));

    // Another connection's commit is seen: the matrix is read again.
    const other = new Database(index.path);
    sqliteVec.load(other);
    other
      .prepare(
        "INSERT INTO chunks(rowid, id, path, source, start_line, end_line, hash, text, updated_at) VALUES (1000, 'x#0', 'x.md', 'sessions', 1, 1, 'h', 't', 0)",
      )
      .run();
    other.prepare('INSERT INTO chunks_vec(rowid, embedding) VALUES (?, ?)').run(1000n, blob(target));
    other.close();
    expect(vectorSearch(session, target, 1, { sources: ['sessions'] })[0]!.chunkRowid).toBe(1000);
    // Read again — into the same memory.
    expect(session.vectors.matrix()).toBe(loaded);
    expect(loaded.loads).toBe(2);
    expect(loaded.count).toBe(191);

    session.vectors.release();
    expect(session.vectors.loaded).toBe(false);
  });

  it('a write inside a transaction the writer does not own drops the matrix instead of guessing', () => {
    const random = seeded(21);
    const index = openIndex(16);
    const session = new IndexSession(index.db, ACCELERATED);
    const writer = new FileWriter(index.db);
    writer.onDidCommit(session);
    writer.writeFile(
      fileRecord('memory/a.md'),
      chunks(5),
      Array.from({ length: 5 }, () => randomUnit(random, 16)),
    );
    const target = randomUnit(random, 16);
    vectorSearch(session, target, 1);
    const loaded = session.vectors.matrix()!;
    index.db.transaction(() => writer.writeFile(fileRecord('memory/b.md'), chunks(1), [target]))();
    expect(session.vectors.loaded).toBe(false);
    expect(vectorSearch(session, target, 1)[0]!.cosine).toBeCloseTo(1, 6);
    expect(loaded.loads).toBe(2);
    // Written behind the writer's back: invalidateVectorMatrix makes the next query see it.
    const rowid = index.db.prepare("SELECT rowid FROM chunks WHERE id = 'memory/a.md#0'").pluck().get() as number;
    index.db.prepare('DELETE FROM chunks_vec WHERE rowid = ?').run(BigInt(rowid));
    session.vectors.invalidate();
    expect(vectorSearch(session, target, 10).map((h) => h.chunkRowid)).not.toContain(rowid);
  });

  it('is read once and reused while nothing is written', () => {
    const random = seeded(15);
    const db = openDb(16, 'plain');
    const session = new IndexSession(db, ACCELERATED);
    fill(
      db,
      Array.from({ length: 50 }, () => randomUnit(random, 16)),
      () => 'memory',
    );
    const first = session.vectors.matrix();
    vectorSearch(session, randomUnit(random, 16), 5);
    expect(session.vectors.matrix()).toBe(first);
    expect(first!.count).toBe(50);
    db.close();
  });

  it('skips zero vectors and rows of another length, and refuses a query of the wrong length', () => {
    const random = seeded(16);
    const db = openDb(8, 'plain');
    const rowids = fill(db, [randomUnit(random, 8), new Float32Array(8), randomUnit(random, 8)], () => 'memory');
    db.prepare(
      "INSERT INTO chunks(id, path, source, start_line, end_line, hash, text, updated_at) VALUES ('y#0', 'y.md', 'memory', 1, 1, 'h', 't', 0)",
    ).run();
    db.prepare('INSERT INTO chunks_vec(rowid, embedding) VALUES (?, ?)').run(4, blob(randomUnit(random, 4)));
    const matrix = loadVectorMatrix(db)!;
    expect(matrix.count).toBe(3);
    const hits = scanVectorMatrix(matrix, randomUnit(random, 8), 10);
    expect(hits.map((h) => h.chunkRowid).sort()).toEqual([rowids[0], rowids[2]].sort());
    expect(scanVectorMatrix(matrix, new Float32Array(8), 10)).toEqual([]);
    expect(() => scanVectorMatrix(matrix, new Float32Array(4).fill(1), 10)).toThrow(/dimensions/);
    expect(scanVectorMatrix(matrix, randomUnit(random, 8), 10, { sources: ['sessions'] })).toEqual([]);
    db.close();
  });

  it('is freed when the live index closes its connection', () => {
    const random = seeded(17);
    const live = new LiveIndex(
      path.join(tempDir(), 'index.sqlite'),
      {
        schemaVersion: SCHEMA_VERSION,
        chunkerVersion: CHUNKER_VERSION,
        embedding: { provider: 't', model: 'm', providerKey: 'k', dims: 16 },
      },
      null,
      undefined,
      ACCELERATED,
    );
    fill(
      live.index.db,
      Array.from({ length: 20 }, () => randomUnit(random, 16)),
      () => 'memory',
    );
    const session = live.session;
    expect(vectorSearch(session, randomUnit(random, 16), 3)).toHaveLength(3);
    expect(session.vectors.loaded).toBe(true);
    live.close();
    expect(session.vectors.loaded).toBe(false);
  });

  it('bounds the float32/float64 gap tightly enough to keep the candidate set small', () => {
    expect(cosineErrorBound(384)).toBeLessThan(1e-4);
    expect(cosineErrorBound(384)).toBeGreaterThan(384 * 2 ** -24);
  });
});

describe('vector matrix through MemoryEngine', () => {
  let modelsDir: string;

  beforeAll(async () => {
    modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-matrix-models-'));
    await writeTinyModel({ modelsDir });
  });

  afterAll(() => {
    fs.rmSync(modelsDir, { recursive: true, force: true });
  });

  it('a file re-indexed with new vectors is found by the next search', async () => {
    const root = tempDir();
    const workspace = path.join(root, 'workspace');
    fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# memory\n\nthe user likes coffee and the cat.\n');
    fs.writeFileSync(path.join(workspace, 'memory/notes.md'), '# notes\n\nbackup the database tomorrow\n');
    const engine = await MemoryEngine.open({
      workspaceDir: workspace,
      dataDir: path.join(root, 'data'),
      dbPath: path.join(root, 'data', 'index.sqlite'),
      openclawHome: path.join(root, 'openclaw'),
      embedder: { model: TINY_MODEL_ID, modelsDir, allowDownload: false },
      indexSession: ACCELERATED,
    });
    try {
      await engine.sync();
      const vectorOnly = { query: 'router restart network home', vectorWeight: 1, textWeight: 0, minScore: 0 };
      const cosineOf = (response: Awaited<ReturnType<MemoryEngine['search']>>, file: string): number => {
        const vector = response.results.find((r) => r.path === file)?.breakdown.vector;
        return vector && 'cosine' in vector ? vector.cosine : Number.NaN;
      };
      const before = await engine.search(vectorOnly);
      expect(before.mode).toBe('hybrid');
      const cosineBefore = cosineOf(before, 'memory/notes.md');
      expect(cosineBefore).toBeLessThan(0.9);

      // notes.md is the last file written, so its new chunk may reuse the old rowid.
      fs.writeFileSync(path.join(workspace, 'memory/notes.md'), '# notes\n\nthe router restart at home network\n');
      await engine.sync();
      const after = await engine.search(vectorOnly);
      expect(after.results[0]!.path).toBe('memory/notes.md');
      expect(cosineOf(after, 'memory/notes.md')).toBeGreaterThan(cosineBefore + 0.1);
      expect(cosineOf(after, 'MEMORY.md')).toBeCloseTo(cosineOf(before, 'MEMORY.md'), 6);
    } finally {
      await engine.close();
    }
  });
});
