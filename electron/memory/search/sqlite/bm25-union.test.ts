// The union ranked from FTS5's doclists must be FTS5's own union, bit for bit: the same chunks in
// the same order with the same bm25() values (the order FTS5 gives, bm25 then rowid). Generated
// corpora with deletions and rewrites, queries of present, absent, repeated-stem and Chinese
// terms, every limit the search uses; then an index kept up to date by FileWriter — the chunk
// lengths patched in place, rowids reused — and by another connection.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkspaceFile } from '../../../../shared/domain.js';
import type { Chunk } from '../../chunk/chunker.js';
import { CHUNKER_VERSION } from '../../chunk/chunker.js';
import { seededRandom } from '../../embed/test-support/tiny-model.js';
import { FileWriter } from '../../index/file-writer.js';
import type { FileRecord } from '../../index/file-writer.js';
import { openIndexDb } from '../../index/index-db.js';
import type { IndexDb } from '../../index/index-db.js';
import { createBaseSchema, SCHEMA_VERSION } from '../../index/schema.js';
import { segmentForIndex } from '../../text/segment.js';
import { bm25UnionTopK, refreshKeptPostings } from './bm25-union.js';
import { IndexSession } from './index-session.js';
import { buildMatchQuery, searchTerms } from './keyword-search.js';

const EN = [
  'router',
  'routers',
  'firmware',
  'meeting',
  'meetings',
  'budget',
  'contract',
  'review',
  'priya',
  'gateway',
  'dns',
  'release',
  'café',
  'backup',
];
const ZH = ['合同', '金额', '备份', '路由器', '会议', '预算', '东京', '膝盖', '故障'];

function randomText(rand: () => number): string {
  const n = 1 + Math.floor(rand() * (rand() < 0.1 ? 300 : 50));
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.5) words.push(EN[Math.floor(rand() * rand() * EN.length)]!);
    else if (r < 0.85) words.push(ZH[Math.floor(rand() * ZH.length)]! + (rand() < 0.3 ? '的' : ''));
    else words.push(String(Math.floor(rand() * 500)));
  }
  return words.join(rand() < 0.5 ? ' ' : '，');
}

function randomQuery(rand: () => number): string {
  const words = Array.from(
    { length: 1 + Math.floor(rand() * 5) },
    () => (rand() < 0.6 ? EN : ZH)[Math.floor(rand() * 9)]!,
  );
  if (rand() < 0.3) words.push('zeppelin');
  if (rand() < 0.2) words.push(String(Math.floor(rand() * 500)));
  return words.join(' ');
}

/** FTS5's own union, ranked the way the search asks it to rank. */
function fts5Union(db: Database.Database, terms: readonly string[], limit: number): { rowid: number; bm25: number }[] {
  return db
    .prepare(
      'SELECT rowid, bm25(chunks_fts) AS bm25 FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25(chunks_fts), rowid LIMIT ?',
    )
    .all(buildMatchQuery(terms, 'OR'), limit) as { rowid: number; bm25: number }[];
}

function docCount(db: Database.Database, term: string): number {
  return db
    .prepare('SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?')
    .pluck()
    .get(buildMatchQuery([term], 'OR')) as number;
}

/** Compares every limit for `queries`; returns how many hits were compared. */
function expectSameAsFts5(session: IndexSession, queries: readonly string[]): number {
  const db = session.db;
  let compared = 0;
  for (const query of queries) {
    const { terms } = searchTerms(query);
    if (terms.length === 0) continue;
    for (const limit of [1, 6, 50, -1]) {
      const union = bm25UnionTopK(session, terms, limit);
      expect(union, query).not.toBeNull();
      // toEqual on numbers is exact: the same bits as bm25().
      expect(union!.hits, `${query} (limit ${limit})`).toEqual(fts5Union(db, terms, limit));
      compared += union!.hits.length;
    }
    const union = bm25UnionTopK(session, terms, 6)!;
    for (const term of terms) expect(union.docs.get(term), term).toBe(docCount(db, term));
  }
  return compared;
}

const dirs: string[] = [];
const indexes: IndexDb[] = [];
let memoryDb: Database.Database | null = null;
afterEach(() => {
  memoryDb?.close();
  memoryDb = null;
  for (const index of indexes.splice(0)) index.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('BM25 union from the doclists', () => {
  for (const [seed, pageSize] of [
    [5, 80],
    [6, null],
    [2026, 300],
  ] as const) {
    it(`equals FTS5's ranked union, scores to the bit (seed ${seed})`, () => {
      const rand = seededRandom(seed);
      memoryDb = new Database(':memory:');
      createBaseSchema(memoryDb);
      if (pageSize !== null) memoryDb.exec(`INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('pgsz', ${pageSize})`);
      const insert = memoryDb.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)');
      for (let batch = 0; batch < 12; batch++) {
        memoryDb.transaction(() => {
          for (let i = 0; i < 40; i++) insert.run(batch * 40 + i + 1, segmentForIndex(randomText(rand)));
        })();
      }
      // Deletions and rewrites move FTS5's totals and shadow older entries.
      for (let i = 0; i < 40; i++)
        memoryDb.prepare('DELETE FROM chunks_fts WHERE rowid = ?').run(1 + Math.floor(rand() * 480));
      for (let i = 0; i < 10; i++) {
        const rowid = 1 + Math.floor(rand() * 480);
        memoryDb.prepare('DELETE FROM chunks_fts WHERE rowid = ?').run(rowid);
        insert.run(rowid, segmentForIndex(randomText(rand)));
      }
      const queries = Array.from({ length: 40 }, () => randomQuery(rand));
      expect(expectSameAsFts5(new IndexSession(memoryDb), queries)).toBeGreaterThan(2000);
    });
  }

  it('an empty index, and terms no chunk holds, give nothing', () => {
    memoryDb = new Database(':memory:');
    createBaseSchema(memoryDb);
    const session = new IndexSession(memoryDb);
    expect(bm25UnionTopK(session, ['router'], 6)!.hits).toEqual([]);
    memoryDb.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (1, ?)').run('router firmwar');
    expect(bm25UnionTopK(session, ['zeppelin', 'dns'], 6)).toMatchObject({
      hits: [],
      docs: new Map([
        ['zeppelin', 0],
        ['dns', 0],
      ]),
    });
  });

  it('follows FileWriter writes with the lengths patched in place (rowids reused too), and reads again after another connection commits', () => {
    const rand = seededRandom(77);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-union-'));
    dirs.push(dir);
    const index = openIndexDb(path.join(dir, 'index.sqlite'), {
      expected: { schemaVersion: SCHEMA_VERSION, chunkerVersion: CHUNKER_VERSION, embedding: null },
    });
    indexes.push(index);
    const session = new IndexSession(index.db);
    const writer = new FileWriter(index.db);
    writer.onDidCommit(session);
    const write = (p: string, n: number) =>
      writer.writeFile(
        fileRecord(p),
        Array.from({ length: n }, () => chunk(randomText(rand))),
      );
    for (let f = 0; f < 30; f++) write(`memory/f${f}.md`, 1 + Math.floor(rand() * 6));
    const queries = Array.from({ length: 15 }, () => randomQuery(rand));
    expectSameAsFts5(session, queries);
    expect(session.chunkLengths.loads).toBe(1);

    // The last file rewritten: its rowids are the highest, so SQLite hands them out again.
    const lastRowids = index.db.prepare("SELECT rowid FROM chunks WHERE path = 'memory/f29.md'").pluck().all();
    write('memory/f29.md', 8);
    expect(index.db.prepare("SELECT rowid FROM chunks WHERE path = 'memory/f29.md'").pluck().all()).toEqual(
      expect.arrayContaining(lastRowids),
    );
    write('memory/new.md', 3);
    writer.removeFiles(['memory/f3.md']);
    writer.transaction(() => {
      write('memory/f4.md', 2);
      write('memory/f5.md', 9);
    })();
    expect(() =>
      writer.transaction(() => {
        write('memory/f6.md', 4);
        throw new Error('disk full');
      })(),
    ).toThrow('disk full');
    expectSameAsFts5(session, queries);
    // Patched, never read again (a rolled-back batch leaves the term index as it was).
    expect(session.chunkLengths.loads).toBe(1);

    // Written behind the writer's back on the same connection, then by another connection: read again.
    index.db
      .prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (5000, ?)')
      .run(segmentForIndex('router router budget'));
    expectSameAsFts5(session, queries);
    expect(session.chunkLengths.loads).toBe(2);
    const other = new Database(index.path);
    other
      .prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (6000, ?)')
      .run(segmentForIndex('合同 合同 金额 router'));
    other.close();
    expectSameAsFts5(session, [...queries, '合同 router']);
    expect(session.chunkLengths.loads).toBe(3);
  });
});

describe("reading the last queries' words again after another connection commits", () => {
  it("leaves the next ranking nothing to read, with the new commit's results", () => {
    const rand = seededRandom(91);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-union-refresh-'));
    dirs.push(dir);
    const index = openIndexDb(path.join(dir, 'index.sqlite'), {
      expected: { schemaVersion: SCHEMA_VERSION, chunkerVersion: CHUNKER_VERSION, embedding: null },
    });
    indexes.push(index);
    const session = new IndexSession(index.db);
    expect(refreshKeptPostings(session)).toBe(false); // nothing ranked yet: nothing to keep warm
    const insert = index.db.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)');
    for (let i = 1; i <= 200; i++) insert.run(i, segmentForIndex(randomText(rand)));
    const terms = searchTerms('router budget 合同').terms;
    expect(bm25UnionTopK(session, terms, 6)!.hits).toEqual(fts5Union(index.db, terms, 6));
    expect(refreshKeptPostings(session)).toBe(false); // kept, and still current
    const loads = session.chunkLengths.loads;

    // A big transcript committed by its worker: a connection of its own.
    const other = new Database(index.path);
    other.transaction(() => {
      const write = other.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)');
      for (let i = 201; i <= 400; i++) write.run(i, segmentForIndex(`router 合同 ${randomText(rand)}`));
    })();
    other.close();

    let steps = 0;
    while (refreshKeptPostings(session)) steps += 1;
    // The lengths, then each of the query's words, one piece per call.
    expect(steps).toBe(1 + terms.length);
    expect(session.chunkLengths.loads).toBe(loads + 1);
    const after = bm25UnionTopK(session, terms, 6)!;
    expect(after.hits).toEqual(fts5Union(index.db, terms, 6));
    expect(after.hits.some((hit) => hit.rowid > 200)).toBe(true);
    expect(after.docs.get('router')).toBe(docCount(index.db, 'router'));
    expect(session.chunkLengths.loads).toBe(loads + 1); // read ahead, not inside the ranking

    // Inside a write of its own the session reads nothing ahead (the doclists are not flushed).
    index.db.exec('BEGIN');
    insert.run(500, segmentForIndex('router'));
    expect(refreshKeptPostings(session)).toBe(false);
    index.db.exec('ROLLBACK');
  });
});

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

function chunk(text: string): Chunk {
  return { startLine: 1, endLine: 1, text, hash: `h${text.length}` };
}
