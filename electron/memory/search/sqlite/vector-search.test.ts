import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { afterEach, describe, expect, it } from 'vitest';
import { createBaseSchema, createVectorTable } from '../../index/schema.js';
import type { MemorySource } from '../../../../shared/domain.js';
import { vectorSearch, vectorSearchKnn, vectorTableKind } from './vector-search.js';
import { IndexSession } from './index-session.js';

/** The int8 scan forced on at any size: these tests hold it against sqlite-vec's KNN. */
const ACCELERATED = { accelerators: { vector: true } };

const DIMS = 32;
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function randomUnit(random: () => number): Float32Array {
  const v = new Float32Array(DIMS);
  let norm = 0;
  for (let i = 0; i < DIMS; i++) {
    v[i] = random() * 2 - 1;
    norm += v[i]! * v[i]!;
  }
  for (let i = 0; i < DIMS; i++) v[i] = v[i]! / Math.sqrt(norm);
  return v;
}

function openDb(kind: 'vec0' | 'plain', withExtension = true): Database.Database {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-vec-'));
  dirs.push(dir);
  const db = new Database(path.join(dir, 'index.sqlite'));
  if (withExtension) sqliteVec.load(db);
  createBaseSchema(db);
  createVectorTable(db, DIMS, kind);
  return db;
}

function fill(
  db: Database.Database,
  vectors: Float32Array[],
  sourceOf: (i: number) => MemorySource = () => 'memory',
): number[] {
  const insertChunk = db.prepare(
    "INSERT INTO chunks(id, path, source, start_line, end_line, hash, text, updated_at) VALUES (?, ?, ?, 1, 1, 'h', 't', 0)",
  );
  const insertVec = db.prepare('INSERT INTO chunks_vec(rowid, embedding) VALUES (?, ?)');
  const rowids: number[] = [];
  db.transaction(() => {
    vectors.forEach((vector, i) => {
      const { lastInsertRowid } = insertChunk.run(`f${i}.md#0`, `f${i}.md`, sourceOf(i));
      insertVec.run(BigInt(lastInsertRowid), Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
      rowids.push(Number(lastInsertRowid));
    });
  })();
  return rowids;
}

function bruteForce(vectors: Float32Array[], rowids: number[], query: Float32Array, limit: number) {
  return vectors
    .map((v, i) => ({ chunkRowid: rowids[i]!, cosine: v.reduce((s, x, j) => s + x * query[j]!, 0) }))
    .sort((a, b) => b.cosine - a.cosine)
    .slice(0, limit);
}

describe('vectorSearch', () => {
  it('returns the nearest chunks by cosine similarity, best first (sqlite-vec KNN)', () => {
    const random = seeded(1);
    const vectors = Array.from({ length: 300 }, () => randomUnit(random));
    const db = openDb('vec0');
    const session = new IndexSession(db, ACCELERATED);
    const rowids = fill(db, vectors);
    const query = randomUnit(random);

    const hits = vectorSearch(session, query, 10);
    const expected = bruteForce(vectors, rowids, query, 10);
    expect(hits.map((h) => h.chunkRowid)).toEqual(expected.map((h) => h.chunkRowid));
    hits.forEach((hit, i) => expect(hit.cosine).toBeCloseTo(expected[i]!.cosine, 5));
    // A stored vector finds itself with cosine 1.
    expect(vectorSearch(session, vectors[7]!, 1)[0]).toMatchObject({ chunkRowid: rowids[7] });
    expect(vectorSearch(session, vectors[7]!, 1)[0]!.cosine).toBeCloseTo(1, 5);
    db.close();
  });

  it('the JS scan (no sqlite-vec) ranks exactly like the KNN', () => {
    const random = seeded(2);
    const vectors = Array.from({ length: 1000 }, () => randomUnit(random));
    const vecDb = openDb('vec0');
    const plainDb = openDb('plain', false);
    const rowids = fill(vecDb, vectors, (i) => (i % 3 === 0 ? 'sessions' : 'memory'));
    expect(fill(plainDb, vectors, (i) => (i % 3 === 0 ? 'sessions' : 'memory'))).toEqual(rowids);
    expect(vectorTableKind(vecDb)).toBe('vec0');
    expect(vectorTableKind(plainDb)).toBe('plain');
    const vecSession = new IndexSession(vecDb, ACCELERATED);
    const plainSession = new IndexSession(plainDb, ACCELERATED);

    for (let q = 0; q < 20; q++) {
      const query = randomUnit(random);
      for (const filter of [undefined, { sources: ['sessions' as MemorySource] }]) {
        const knn = vectorSearchKnn(vecSession, query, 50, filter);
        const scan = vectorSearch(plainSession, query, 50, filter);
        expect(scan.map((h) => h.chunkRowid)).toEqual(knn.map((h) => h.chunkRowid));
        expect(scan.map((h) => h.cosine)).toEqual(knn.map((h) => h.cosine));
        // With sqlite-vec loaded, vectorSearch scans the same in-memory matrix, read from the vec0 table.
        expect(vectorSearch(vecSession, query, 50, filter)).toEqual(knn);
      }
    }
    vecDb.close();
    plainDb.close();
  });

  it('a source filter still fills the limit from the matching source', () => {
    const random = seeded(3);
    const vectors = Array.from({ length: 400 }, () => randomUnit(random));
    const db = openDb('vec0');
    const session = new IndexSession(db, ACCELERATED);
    // Only 1 chunk in 20 is a session: a KNN of k = limit would return almost none of them.
    const rowids = fill(db, vectors, (i) => (i % 20 === 0 ? 'sessions' : 'memory'));
    const query = randomUnit(random);
    const hits = vectorSearchKnn(session, query, 15, { sources: ['sessions'] });
    const sessionRowids = new Set(rowids.filter((_, i) => i % 20 === 0));
    expect(hits).toHaveLength(15);
    expect(hits.every((h) => sessionRowids.has(h.chunkRowid))).toBe(true);
    const expected = bruteForce(
      vectors.filter((_, i) => i % 20 === 0),
      rowids.filter((_, i) => i % 20 === 0),
      query,
      15,
    );
    expect(hits.map((h) => h.chunkRowid)).toEqual(expected.map((h) => h.chunkRowid));
    db.close();
  });

  it('finds filtered chunks even when they lie beyond the KNN cap of 4,096', () => {
    const random = seeded(5);
    const query = randomUnit(random);
    const near = (sign: number) => {
      const noise = randomUnit(random);
      const v = query.map((x, i) => sign * x + 0.3 * noise[i]!);
      const norm = Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
      return v.map((x) => x / norm);
    };
    // 4,200 memory chunks close to the query, 10 session chunks pointing the other way.
    const vectors = [...Array.from({ length: 4200 }, () => near(1)), ...Array.from({ length: 10 }, () => near(-1))];
    const db = openDb('vec0');
    const session = new IndexSession(db, ACCELERATED);
    const rowids = fill(db, vectors, (i) => (i >= 4200 ? 'sessions' : 'memory'));
    const hits = vectorSearch(session, query, 5, { sources: ['sessions'] });
    const expected = bruteForce(vectors.slice(4200), rowids.slice(4200), query, 5);
    expect(hits.map((h) => h.chunkRowid)).toEqual(expected.map((h) => h.chunkRowid));
    expect(hits.every((h) => h.cosine < 0)).toBe(true);
    const plain = openDb('plain', false);
    fill(plain, vectors, (i) => (i >= 4200 ? 'sessions' : 'memory'));
    expect(vectorSearch(new IndexSession(plain, ACCELERATED), query, 5, { sources: ['sessions'] })).toEqual(hits);
    db.close();
    plain.close();
  });

  it('returns nothing without a vector table and ignores vectors whose chunk is gone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-vec-'));
    dirs.push(dir);
    const bare = new Database(path.join(dir, 'bare.sqlite'));
    createBaseSchema(bare);
    expect(vectorTableKind(bare)).toBe('none');
    expect(vectorSearch(new IndexSession(bare, ACCELERATED), new Float32Array(DIMS).fill(0.1), 5)).toEqual([]);
    bare.close();

    const random = seeded(4);
    const vectors = Array.from({ length: 5 }, () => randomUnit(random));
    const db = openDb('vec0');
    const session = new IndexSession(db, ACCELERATED);
    const rowids = fill(db, vectors);
    db.prepare('DELETE FROM chunks WHERE rowid = ?').run(rowids[0]);
    expect(vectorSearch(session, vectors[0]!, 5).map((h) => h.chunkRowid)).not.toContain(rowids[0]);
    expect(vectorSearch(session, vectors[0]!, 5)).toHaveLength(4);
    db.close();
  });

  it('refuses a vec0 index when sqlite-vec is not loaded instead of returning wrong results', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-vec-'));
    dirs.push(dir);
    const file = path.join(dir, 'index.sqlite');
    const db = new Database(file);
    sqliteVec.load(db);
    createBaseSchema(db);
    createVectorTable(db, DIMS, 'vec0');
    db.close();
    const without = new Database(file);
    expect(() => vectorSearch(new IndexSession(without, ACCELERATED), new Float32Array(DIMS).fill(0.1), 5)).toThrow(
      /sqlite-vec/,
    );
    without.close();
  });
});
