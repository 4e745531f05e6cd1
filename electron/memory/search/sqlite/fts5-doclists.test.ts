// The doclist reader against FTS5's own answer (the fts5vocab 'instance' table: one row per
// occurrence) for every term of corpora shaped to reach the corners of the on-disk format: tiny
// pages (doclists and poslists running over many pages, terms ending a page), many segments and
// levels, incremental merges left half done, deletions and rewrites shadowing older entries,
// rowids far apart, a term hundreds of times in one chunk.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../embed/test-support/tiny-model.js';
import { createBaseSchema } from '../../index/schema.js';
import { segmentForIndex } from '../../text/segment.js';
import { Fts5DoclistReader, parseStructure } from './fts5-doclists.js';

const WORDS = [
  'router',
  'firmware',
  'meeting',
  'budget',
  'contract',
  'review',
  'priya',
  'gateway',
  'dns',
  'release',
  'café',
  'tokyo',
  'backup',
  'a',
  'zz',
];
const ZH = ['合同', '金额', '备份', '路由器', '会议', '预算', '东京', '膝盖'];

function randomText(rand: () => number): string {
  const n = 1 + Math.floor(rand() * (rand() < 0.1 ? 400 : 40));
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.55) words.push(WORDS[Math.floor(rand() * rand() * WORDS.length)]!);
    else if (r < 0.85) words.push(ZH[Math.floor(rand() * ZH.length)]!);
    else words.push(`w${Math.floor(rand() * 3000)}`);
  }
  return words.join(' ');
}

/** Per term: [rowid, occurrences] sorted by rowid, as FTS5 reports them. */
function fts5Postings(db: Database.Database): Map<string, [number, number][]> {
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.inst USING fts5vocab(main, 'chunks_fts', 'instance')");
  const rows = db
    .prepare('SELECT term, doc, count(*) AS n FROM temp.inst GROUP BY term, doc ORDER BY term, doc')
    .raw()
    .all() as [string, number, number][];
  const out = new Map<string, [number, number][]>();
  for (const [term, doc, n] of rows) out.set(term, [...(out.get(term) ?? []), [doc, n]]);
  return out;
}

function readerPostings(db: Database.Database, term: string): [number, number][] {
  const reader = new Fts5DoclistReader(db);
  const structure = reader.structureRecord();
  const segments = structure ? parseStructure(structure)! : [];
  const p = reader.postings(segments, term);
  const out: [number, number][] = [];
  for (let i = 0; i < p.count; i++) out.push([p.rowids[i]!, p.occurrences[i]!]);
  return out.sort((a, b) => a[0] - b[0]);
}

function expectSamePostings(db: Database.Database): number {
  const expected = fts5Postings(db);
  for (const [term, postings] of expected) expect(readerPostings(db, term), term).toEqual(postings);
  for (const absent of ['zeppelin', 'routers', 'rout', '合', ''])
    if (!expected.has(absent)) expect(readerPostings(db, absent)).toEqual([]);
  return expected.size;
}

let db: Database.Database | null = null;
afterEach(() => {
  db?.close();
  db = null;
});

function openIndex(pageSize: number | null): Database.Database {
  const d = new Database(':memory:');
  createBaseSchema(d);
  // A bound parameter is not a valid configuration value: the number goes in the SQL.
  if (pageSize !== null) d.exec(`INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('pgsz', ${pageSize})`);
  return d;
}

describe('FTS5 doclists read from the index', () => {
  for (const [seed, pageSize] of [
    [1, 64],
    [2, 96],
    [3, 200],
    [4, null],
  ] as const) {
    it(`match FTS5 term by term (seed ${seed}, ${pageSize ?? 'default'}-byte pages)`, () => {
      const rand = seededRandom(seed);
      db = openIndex(pageSize);
      const insert = db.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)');
      const remove = db.prepare('DELETE FROM chunks_fts WHERE rowid = ?');
      const live = new Set<number>();
      let next = 1;
      // Many small commits: many segments, automerges into higher levels along the way.
      for (let batch = 0; batch < 30; batch++) {
        db.transaction(() => {
          for (let i = 0; i < 1 + Math.floor(rand() * 12); i++) {
            // Rowids far apart now and then: multi-byte deltas.
            next += rand() < 0.1 ? 1 + Math.floor(rand() * 50_000) : 1;
            insert.run(next, segmentForIndex(randomText(rand)));
            live.add(next);
          }
          // Deletions and rewrites: newer segments shadow what older ones hold for a rowid.
          for (const rowid of [...live]) {
            const r = rand();
            if (r < 0.04) {
              remove.run(rowid);
              live.delete(rowid);
            } else if (r < 0.07) {
              remove.run(rowid);
              insert.run(rowid, segmentForIndex(randomText(rand)));
            }
          }
        })();
      }
      // One chunk holding a word hundreds of times: a poslist over many pages, a 2-byte size.
      insert.run(
        next + 1,
        segmentForIndex(Array.from({ length: 700 }, (_, i) => (i % 7 === 0 ? 'firmware' : `x${i}`)).join(' ')),
      );
      expect(expectSamePostings(db)).toBeGreaterThan(50);
      // Half an incremental merge (segments trimmed as the merge goes), then everything merged.
      db.prepare("INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('merge', 5)").run();
      expectSamePostings(db);
      db.prepare("INSERT INTO chunks_fts(chunks_fts) VALUES ('optimize')").run();
      expectSamePostings(db);
    });
  }

  it('match FTS5 while an incremental merge is half done (input segments trimmed from the front)', () => {
    const rand = seededRandom(11);
    db = openIndex(64);
    db.exec("INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('automerge', 0)");
    const insert = db.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)');
    for (let i = 1; i <= 150; i++) insert.run(i, segmentForIndex(randomText(rand)));
    let trimmed = 0;
    for (const pages of [2, 3, 5, 8, 13]) {
      db.exec(`INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('merge', ${pages})`);
      const record = db.prepare('SELECT block FROM chunks_fts_data WHERE id = 10').pluck().get() as Buffer;
      trimmed += parseStructure(record)!.filter((s) => s.firstPage > 1).length;
      expectSamePostings(db);
    }
    expect(trimmed).toBeGreaterThan(0);
  });

  it('reads segments newest first, level by level', () => {
    db = openIndex(null);
    for (let i = 0; i < 3; i++)
      db.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)').run(i + 1, 'router');
    const record = db.prepare('SELECT block FROM chunks_fts_data WHERE id = 10').pluck().get() as Buffer;
    const segments = parseStructure(record)!;
    expect(segments.length).toBe(3);
    // Each insert committed its own level-0 segment; the last written comes first.
    expect(segments.map((s) => s.id)).toEqual([...segments.map((s) => s.id)].sort((a, b) => b - a));
  });
});
