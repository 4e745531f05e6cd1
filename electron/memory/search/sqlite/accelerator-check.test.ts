// The fast paths stand in for SQLite's own ranking only where they pay and only after agreeing with
// it: above the size thresholds they switch on by themselves; when their self-check is made to
// disagree they stay off, the search answers exactly as the baseline does, and status says why.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../embed/test-support/tiny-model.js';
import { createBaseSchema, createVectorTable } from '../../index/schema.js';
import { segmentForIndex } from '../../text/segment.js';
import {
  KEYWORD_ACCELERATOR_MIN_CHUNKS,
  searchBackends,
  settleKeywordCheck,
  VECTOR_ACCELERATOR_MIN_ROWS,
} from './accelerator-check.js';
import { IndexSession, type UnionHit } from './index-session.js';
import { keywordSearch } from './keyword-search.js';
import { vectorSearch, vectorSearchKnn } from './vector-search.js';

const WORDS = [
  'router',
  'firmware',
  'meeting',
  'budget',
  'contract',
  'review',
  'gateway',
  'backup',
  'tokyo',
  'knee',
  'invoice',
  'dentist',
  '合同',
  '金额',
  '会议',
  '预算',
];
const QUERIES = ['router budget', 'contract review 合同', 'backup', 'dentist invoice tokyo', '会议 预算'];
const DIMS = 16;

const dirs: string[] = [];
const dbs: Database.Database[] = [];
afterAll(() => {
  for (const db of dbs) db.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function keywordIndex(chunks: number): Database.Database {
  const rand = seededRandom(chunks);
  const db = new Database(':memory:');
  dbs.push(db);
  createBaseSchema(db);
  const insertChunk = db.prepare(
    "INSERT INTO chunks(id, path, source, start_line, end_line, hash, text, updated_at) VALUES (?, ?, 'memory', 1, 1, ?, ?, 0)",
  );
  const insertFts = db.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 0; i < chunks; i++) {
      const text = Array.from(
        { length: 3 + Math.floor(rand() * 25) },
        () => WORDS[Math.floor(rand() * rand() * WORDS.length)]!,
      ).join(' ');
      const { lastInsertRowid } = insertChunk.run(`f${i}.md#0`, `f${i}.md`, `h${i}`, text);
      insertFts.run(lastInsertRowid, segmentForIndex(text));
    }
  })();
  return db;
}

function ranked(session: IndexSession): [number, number][][] {
  return QUERIES.map((q) =>
    keywordSearch(session, q, { limit: 50 }).candidates.map((c) => [c.chunkRowid, c.keyword.bm25]),
  );
}

function unit(rand: () => number): Float32Array {
  const v = Float32Array.from({ length: DIMS }, () => rand() * 2 - 1);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

function vectorIndex(rows: number): Database.Database {
  const rand = seededRandom(rows);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-accel-'));
  dirs.push(dir);
  const db = new Database(path.join(dir, 'index.sqlite'));
  dbs.push(db);
  sqliteVec.load(db);
  createBaseSchema(db);
  createVectorTable(db, DIMS, 'vec0');
  const insertChunk = db.prepare(
    "INSERT INTO chunks(id, path, source, start_line, end_line, hash, text, updated_at) VALUES (?, ?, 'memory', 1, 1, 'h', 't', 0)",
  );
  const insertVec = db.prepare('INSERT INTO chunks_vec(rowid, embedding) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const { lastInsertRowid } = insertChunk.run(`f${i}.md#0`, `f${i}.md`);
      const v = unit(rand);
      insertVec.run(BigInt(lastInsertRowid), Buffer.from(v.buffer));
    }
  })();
  return db;
}

describe('the keyword accelerator (FTS5 doclists)', () => {
  const CHUNKS = KEYWORD_ACCELERATOR_MIN_CHUNKS + 1500;
  const baseline = ranked(new IndexSession(keywordIndex(CHUNKS), { accelerators: { keyword: false } }));

  /**
   * A session whose keyword self-check is watched: how often it ran a sampled query, and when it
   * finished. Each gets an index of its own (same contents), as the index keeps the verdict.
   */
  function watched(
    tamper: (hits: UnionHit[]) => UnionHit[] = (hits) => hits,
    db: Database.Database = keywordIndex(CHUNKS),
  ) {
    let sampled = 0;
    let finished!: (mismatch: string | null) => void;
    const checked = new Promise<string | null>((resolve) => (finished = resolve));
    const session = new IndexSession(db, {
      selfCheck: {
        keyword: (hits) => {
          sampled++;
          return tamper(hits);
        },
      },
      observer: { keywordSelfCheck: (mismatch) => finished(mismatch) },
    });
    return { session, checked, sampled: () => sampled, db };
  }

  it('switches on above its size threshold once its self-check agrees, with the same ranking', async () => {
    const { session, checked } = watched();
    expect(ranked(session)).toEqual(baseline);
    expect(await checked).toBeNull();
    expect(searchBackends(session)).toMatchObject({ keyword: 'fts5-doclists', notices: [] });
    expect(ranked(session)).toEqual(baseline);
  });

  it('runs its self-check after the first search, not inside it: that search ranks with bm25() meanwhile', async () => {
    const { session, checked, sampled } = watched();
    expect(ranked(session)).toEqual(baseline);
    // Every query of the first searches has returned without one sampled comparison.
    expect(sampled()).toBe(0);
    expect(searchBackends(session).keyword).toBe('fts5-bm25');
    expect(await checked).toBeNull();
    expect(sampled()).toBeGreaterThan(1);
    expect(searchBackends(session).keyword).toBe('fts5-doclists');
  });

  it('stops its self-check when the session closes', async () => {
    const { session, sampled } = watched();
    ranked(session);
    session.close();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sampled()).toBe(0);
  });

  it('stays off, ranking exactly as FTS5 does, and says why, when the self-check disagrees', async () => {
    // A reader that mis-decodes a future format would rank in silence: here one bm25 value is off by a hair.
    const { session, checked } = watched((hits) =>
      hits.map((h, i) => (i === 0 ? { ...h, bm25: h.bm25 * (1 + 1e-12) } : h)),
    );
    expect(ranked(session)).toEqual(baseline);
    expect(await checked).toMatch(/differs/);
    expect(ranked(session)).toEqual(baseline);
    const backends = searchBackends(session);
    expect(backends.keyword).toBe('fts5-bm25');
    expect(backends.notices).toEqual([
      expect.stringMatching(
        /^Keyword ranking uses FTS5's bm25\(\): the doclist ranking of “.+” differs from FTS5's bm25\(\)\.$/,
      ),
    ]);
  });

  it('keeps its verdict with the index: a second session ranks from the doclists from its first query, unchecked', async () => {
    const first = watched();
    ranked(first.session);
    expect(await first.checked).toBeNull();
    first.session.close();

    const second = watched((hits) => hits, first.db);
    expect(searchBackends(second.session).keyword).toBe('fts5-bm25');
    keywordSearch(second.session, 'router budget', { limit: 10 });
    expect(searchBackends(second.session).keyword).toBe('fts5-doclists');
    expect(ranked(second.session)).toEqual(baseline);
    await new Promise((resolve) => setImmediate(resolve));
    expect(second.sampled()).toBe(0);
  });

  it('checks again once what the verdict holds for changed, and keeps a disagreement too', async () => {
    const first = watched();
    ranked(first.session);
    expect(await first.checked).toBeNull();
    first.session.close();
    // The verdict was for another SQLite build (or reader, or FTS5 table): it does not count here.
    const stored = first.db.prepare("SELECT value FROM meta WHERE key = 'keyword_accelerator_check'").pluck();
    const kept = JSON.parse(stored.get() as string) as { key: string; mismatch: null };
    first.db
      .prepare("UPDATE meta SET value = ? WHERE key = 'keyword_accelerator_check'")
      .run(JSON.stringify({ ...kept, key: kept.key.replace(/"sqlite":"[^"]+"/, '"sqlite":"3.53.99"') }));

    const second = watched(
      (hits) => hits.map((h, i) => (i === 0 ? { ...h, bm25: h.bm25 * (1 + 1e-12) } : h)),
      first.db,
    );
    ranked(second.session);
    expect(searchBackends(second.session).keyword).toBe('fts5-bm25');
    expect(await second.checked).toMatch(/differs/);
    expect(second.sampled()).toBeGreaterThan(0);
    second.session.close();

    // The disagreement is kept as well: the next session stays on bm25() and says why, unchecked.
    const third = watched((hits) => hits, first.db);
    expect(ranked(third.session)).toEqual(baseline);
    expect(searchBackends(third.session)).toMatchObject({
      keyword: 'fts5-bm25',
      notices: [expect.stringMatching(/differs from FTS5's bm25\(\)\.$/)],
    });
    expect(third.sampled()).toBe(0);
  });

  it('finishes a self-check a closing index never gave its turns, so the next process starts fast', () => {
    const db = keywordIndex(CHUNKS);
    const session = new IndexSession(db);
    // Searches awaited one after another, then the process ends: the check never had a turn.
    ranked(session);
    expect(searchBackends(session).keyword).toBe('fts5-bm25');
    settleKeywordCheck(session);
    expect(searchBackends(session).keyword).toBe('fts5-doclists');
    session.close();
    const next = new IndexSession(db);
    keywordSearch(next, 'router', { limit: 10 });
    expect(searchBackends(next).keyword).toBe('fts5-doclists');
  });

  it('keeps nothing in an index opened read-only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-accel-ro-'));
    dirs.push(dir);
    const file = path.join(dir, 'index.sqlite');
    await keywordIndex(CHUNKS).backup(file);
    const readOnly = new Database(file, { readonly: true });
    dbs.push(readOnly);
    const { session, checked } = watched((hits) => hits, readOnly);
    ranked(session);
    expect(await checked).toBeNull();
    expect(searchBackends(session).keyword).toBe('fts5-doclists');
    expect(readOnly.prepare("SELECT count(*) FROM meta WHERE key = 'keyword_accelerator_check'").pluck().get()).toBe(0);
  });

  it('is not used on a small index, and says nothing about it', () => {
    const small = new IndexSession(keywordIndex(KEYWORD_ACCELERATOR_MIN_CHUNKS - 100));
    keywordSearch(small, 'router budget', { limit: 6 });
    expect(searchBackends(small)).toEqual({ keyword: 'fts5-bm25', vector: 'none', notices: [] });
  });
});

describe('the vector accelerator (int8 scan)', () => {
  const db = vectorIndex(VECTOR_ACCELERATOR_MIN_ROWS + 200);
  const rand = seededRandom(99);
  const queries = Array.from({ length: 8 }, () => unit(rand));
  const knn = new IndexSession(db);
  const reference = queries.map((q) => vectorSearchKnn(knn, q, 24));

  it('switches on above its size threshold once its self-check agrees, with the same hits', () => {
    const session = new IndexSession(db);
    const hits = queries.map((q) => vectorSearch(session, q, 24));
    expect(hits.map((h) => h.map((x) => x.chunkRowid))).toEqual(reference.map((h) => h.map((x) => x.chunkRowid)));
    expect(searchBackends(session)).toMatchObject({ vector: 'int8-scan', notices: [] });
    expect(session.vectors.loaded).toBe(true);
  });

  it("stays off, answering with sqlite-vec's KNN itself, and says why, when the self-check disagrees", () => {
    const session = new IndexSession(db, { selfCheck: { vector: (hits) => [...hits].reverse() } });
    expect(queries.map((q) => vectorSearch(session, q, 24))).toEqual(reference);
    expect(searchBackends(session)).toMatchObject({
      vector: 'sqlite-vec-knn',
      notices: [expect.stringMatching(/^Vector search uses sqlite-vec's KNN: /)],
    });
    // The matrix it checked is not kept in memory for nothing.
    expect(session.vectors.loaded).toBe(false);
  });
});
