// The term-by-term account must add up to what FTS5's bm25() returns, on corpora no one tuned:
// seeded random documents (English words with repeats, Chinese, accented Latin, numbers), chunks
// deleted along the way (FTS5's totals move), queries with present and absent terms.
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../embed/test-support/tiny-model.js';
import { segmentForIndex } from '../../text/segment.js';
import { bm25TermContribution, readFtsTotals } from './bm25-terms.js';
import { readFts5Varint } from './fts5-varint.js';
import { describeShownHits, keywordSearch, quoteFtsTerm } from './keyword-search.js';
import { buildTestIndex } from '../test-support/test-index.js';
import type { IndexSession } from './index-session.js';

const EN = [
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
  'naïve',
  'tokyo',
  'backup',
];
const ZH = ['合同', '金额', '备份', '路由器', '会议', '预算', '东京', '膝盖', '故障', '试点'];

function randomDoc(rand: () => number): string {
  const words: string[] = [];
  const n = 1 + Math.floor(rand() * 60);
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.5) words.push(EN[Math.floor(rand() * rand() * EN.length)]!);
    else if (r < 0.85) words.push(ZH[Math.floor(rand() * ZH.length)]! + (rand() < 0.3 ? '的' : ''));
    else words.push(String(Math.floor(rand() * 50_000)));
  }
  return words.join(rand() < 0.5 ? ' ' : '，');
}

let db: Database.Database | null = null;
let session: IndexSession | null = null;
afterEach(() => {
  db?.close();
  db = null;
  session = null;
});

describe('per-term BM25 account', () => {
  it('reads SQLite varints as FTS5 writes them', () => {
    expect(readFts5Varint(Uint8Array.from([0x05]), 0)).toEqual([5, 1]);
    expect(readFts5Varint(Uint8Array.from([0x81, 0x00]), 0)).toEqual([128, 2]);
    expect(readFts5Varint(Uint8Array.from([0x83, 0xff, 0x7f]), 0)).toEqual([(3 * 128 + 127) * 128 + 127, 3]);
  });

  it('a term adds nothing where it does not occur; more occurrences and shorter chunks add more', () => {
    expect(bm25TermContribution(2, 0, 10, 10)).toBe(0);
    expect(bm25TermContribution(2, 2, 10, 10)).toBeGreaterThan(bm25TermContribution(2, 1, 10, 10));
    expect(bm25TermContribution(2, 1, 5, 10)).toBeGreaterThan(bm25TermContribution(2, 1, 20, 10));
    // One occurrence in a chunk of average length contributes exactly its IDF.
    expect(bm25TermContribution(2.5, 1, 10, 10)).toBeCloseTo(2.5, 12);
  });

  for (const seed of [1, 7, 2026]) {
    it(`adds up to FTS5's bm25() within 1e-9 on generated corpus #${seed}`, () => {
      const rand = seededRandom(seed);
      const docs = Array.from({ length: 120 + Math.floor(rand() * 200) }, (_, i) => ({
        path: `memory/d${i}.md`,
        text: randomDoc(rand),
      }));
      ({ db, session } = buildTestIndex(docs));
      // Deletions and re-inserts change FTS5's totals record; the account must follow them.
      for (let i = 0; i < 20; i++)
        db.prepare('DELETE FROM chunks_fts WHERE rowid = ?').run(1 + Math.floor(rand() * docs.length));
      db.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)').run(
        100_000,
        segmentForIndex(randomDoc(rand)),
      );
      const totals = readFtsTotals(db);
      expect(totals.rows).toBe(db.prepare('SELECT count(*) FROM chunks_fts').pluck().get());

      let compared = 0;
      for (let q = 0; q < 40; q++) {
        const words = Array.from(
          { length: 1 + Math.floor(rand() * 4) },
          () => (rand() < 0.6 ? EN : ZH)[Math.floor(rand() * 10)]!,
        );
        if (rand() < 0.3) words.push('zeppelin');
        const result = keywordSearch(session, words.join(' '), { limit: 1000 });
        const alone = new Map<string, Map<number, number>>();
        describeShownHits(session, result.candidates, result.terms);
        for (const c of result.candidates) {
          const sum = c.keyword.terms!.reduce((s, t) => s + t.contribution, 0);
          expect(Math.abs(sum + c.keyword.bm25)).toBeLessThan(1e-9);
          // Each share is what FTS5 itself gives that term alone for this chunk. (Read from the
          // term's full hit list: with a rowid = ? constraint this SQLite's bm25() reuses the
          // size of the first row it saw.)
          for (const t of c.keyword.terms!) {
            if (t.occurrences === 0) continue;
            if (!alone.has(t.term)) {
              const rows = db
                .prepare('SELECT rowid, bm25(chunks_fts) AS b FROM chunks_fts WHERE chunks_fts MATCH ?')
                .all(quoteFtsTerm(t.term)) as { rowid: number; b: number }[];
              alone.set(t.term, new Map(rows.map((r) => [r.rowid, r.b])));
            }
            expect(Math.abs(alone.get(t.term)!.get(c.chunkRowid)! + t.contribution)).toBeLessThan(1e-9);
          }
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(200);
    });
  }

  it('follows the index as it changes (counts are cached until a write)', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: 'backup nas' },
      { path: 'memory/b.md', text: 'photos' },
    ]));
    const account = () => {
      const result = keywordSearch(session!, 'backup', { limit: 10 });
      describeShownHits(session!, result.candidates, result.terms);
      const top = result.candidates[0]!.keyword;
      expect(Math.abs(top.terms![0]!.contribution + top.bm25)).toBeLessThan(1e-9);
      return [top.terms![0]!.chunksWithTerm, top.totalChunks];
    };
    expect(account()).toEqual([1, 2]);
    db.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)').run(50, segmentForIndex('backup again backup'));
    expect(account()).toEqual([2, 3]);
    db.prepare('DELETE FROM chunks_fts WHERE rowid = ?').run(50);
    expect(account()).toEqual([1, 2]);
  });

  it('reports occurrences, chunks holding the term, and the chunk length against the average', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: 'backup backup backup nas' },
      { path: 'memory/b.md', text: 'backup of the photos' },
      { path: 'memory/c.md', text: 'nothing relevant here at all' },
    ]));
    const result = keywordSearch(session, 'backup zeppelin', { limit: 10 });
    describeShownHits(session, result.candidates, result.terms);
    const top = result.candidates[0]!.keyword;
    expect(top.terms!.map((t) => [t.term, t.occurrences, t.chunksWithTerm])).toEqual([
      ['backup', 3, 2],
      ['zeppelin', 0, 0],
    ]);
    expect(top.matchedTerms).toEqual(['backup']);
    expect(top.termCount).toBe(2);
    expect(top.chunkTokens).toBe(4);
    expect(top.avgChunkTokens).toBeCloseTo((4 + 4 + 5) / 3, 12);
    expect(top.totalChunks).toBe(3);
  });
});
