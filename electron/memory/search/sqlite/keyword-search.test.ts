import { afterEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import {
  buildMatchQuery,
  describeShownHits,
  keywordHitsForPath,
  keywordSearch,
  quoteFtsTerm,
  someChunkHasEveryTerm,
} from './keyword-search.js';
import { buildTestIndex, isoDay } from '../test-support/test-index.js';
import type { IndexSession } from './index-session.js';
import { bm25ToScore } from '../../../../shared/score.js';

let db: Database.Database | null = null;
let session: IndexSession | null = null;
afterEach(() => {
  db?.close();
  db = null;
  session = null;
});

describe('keyword search', () => {
  it('finds 合同金额是12,345万元 for 昨天那个合同金额 (CJK segmented at index and query time)', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/2026-05-04.md', text: '下午和客户开会。\n合同金额是12,345万元，下周签字。' },
      { path: 'memory/2026-05-05.md', text: '今天天气不错，去公园散步。' },
      { path: 'MEMORY.md', text: 'Prefers tea over coffee.' },
    ]));
    const result = keywordSearch(session, '昨天那个合同金额', { limit: 10 });
    expect(result.candidates.length).toBeGreaterThan(0);
    expect(result.candidates[0]!.chunkRowid).toBe(1);
    describeShownHits(session, result.candidates, result.terms);
    expect(result.candidates[0]!.keyword.matchedTerms).toEqual(expect.arrayContaining(['合同', '金额']));
    expect(result.candidates.map((c) => c.chunkRowid)).not.toContain(3);
  });

  it('finds 12,345 whether typed with or without the separator', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: '合同金额是12,345万元' },
      { path: 'memory/b.md', text: 'nothing here' },
    ]));
    expect(keywordSearch(session, '12345', { limit: 10 }).candidates.map((c) => c.chunkRowid)).toEqual([1]);
    expect(keywordSearch(session, '12,345', { limit: 10 }).candidates.map((c) => c.chunkRowid)).toEqual([1]);
  });

  it('ranks every chunk holding any term by BM25: chunks with both terms first, then the rest', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: 'The router firmware was upgraded on Friday.' },
      { path: 'memory/b.md', text: 'Firmware notes for the printer.' },
      { path: 'memory/c.md', text: 'Lunch with Alice.' },
    ]));
    const both = keywordSearch(session, 'router firmware', { limit: 10 });
    expect(both.matchQuery).toBe('"router" OR "firmwar"');
    expect(both.candidates.map((c) => c.chunkRowid)).toEqual([1, 2]);
    expect(both.termMissing).toBe(false);
  });

  it('no AND cliff: with one term absent from every chunk, the chunks matching the others still come back in BM25 order', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: 'The router firmware was upgraded on Friday.' },
      { path: 'memory/b.md', text: 'Firmware notes for the printer, and more firmware.' },
      { path: 'memory/c.md', text: 'Lunch with Alice.' },
      { path: 'memory/d.md', text: 'A router in the hallway, a long note about many other things entirely.' },
    ]));
    const result = keywordSearch(session, 'router firmware zeppelin', { limit: 10 });
    expect(result.matchQuery).toBe('"router" OR "firmwar" OR "zeppelin"');
    expect(result.missingTerms).toEqual(['zeppelin']);
    expect(result.relaxed).toBe(true);
    expect(result.candidates.map((c) => c.chunkRowid)).toEqual([1, 2, 4]);
    const bm25 = result.candidates.map((c) => c.keyword.bm25);
    expect([...bm25].sort((x, y) => x - y)).toEqual(bm25);
    describeShownHits(session, result.candidates, result.terms, result.written);
    expect(result.candidates.map((c) => c.keyword.matchedTerms)).toEqual([
      ['router', 'firmwar'],
      ['firmwar'],
      ['router'],
    ]);
    // The breakdown names the words as written, not the stems.
    expect(result.candidates[1]!.keyword.terms!.find((t) => t.term === 'firmwar')!.asWritten).toEqual(['firmware']);
    expect(result.candidates.every((c) => c.keyword.termCount === 3 && c.keyword.relaxed)).toBe(true);
  });

  it("names a chunk's own spellings of each query's terms, search after search on one connection", () => {
    const text = 'Meetings moved. The meeting room hosts the Budgets and budget review.';
    ({ db, session } = buildTestIndex([{ path: 'memory/a.md', text }]));
    const spellings = (query: string, term: string): string[] => {
      const result = keywordSearch(session!, query, { limit: 10 });
      const hits = result.candidates.map((c) => ({ chunkRowid: c.chunkRowid, keyword: c.keyword, text }));
      describeShownHits(session!, hits, result.terms, result.written);
      return hits[0]!.keyword.terms!.find((t) => t.term === term)!.asWritten;
    };
    // The query's word first, then the chunk's other spellings (case-insensitively new ones).
    expect(spellings('meeting', 'meet')).toEqual(['meeting', 'Meetings']);
    // The same chunk shown again for another word: its spellings of that word, not the last query's.
    expect(spellings('budgets', 'budget')).toEqual(['budgets', 'budget']);
    expect(spellings('Meetings budget', 'meet')).toEqual(['meetings', 'meeting']);
  });

  it('knows whether some chunk holds every term without ranking twice', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: 'router only' },
      { path: 'memory/b.md', text: 'firmware only' },
      { path: 'memory/c.md', text: 'router and firmware' },
    ]));
    expect(someChunkHasEveryTerm(session, ['router', 'firmwar'], {})).toBe(true);
    expect(someChunkHasEveryTerm(session, ['router', 'firmwar'], { path: 'memory/a.md' })).toBe(false);
  });

  it('keeps BM25 order: scores strictly follow the raw bm25 values', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: 'budget budget budget budget review' },
      {
        path: 'memory/b.md',
        text: 'budget review of the whole quarter with many other words around it to dilute the term',
      },
      { path: 'memory/c.md', text: 'budget budget meeting' },
      { path: 'memory/d.md', text: 'unrelated' },
    ]));
    const { candidates } = keywordSearch(session, 'budget', { limit: 10 });
    expect(candidates).toHaveLength(3);
    for (let i = 1; i < candidates.length; i++) {
      const [prev, cur] = [candidates[i - 1]!.keyword, candidates[i]!.keyword];
      expect(prev.bm25).toBeLessThanOrEqual(cur.bm25);
      expect(prev.score).toBeGreaterThanOrEqual(cur.score);
      expect(cur.rank).toBe(i + 1);
    }
    // Distinct BM25 values give distinct scores (OpenClaw's mapping gave every hit 1.0).
    expect(new Set(candidates.map((c) => c.keyword.score)).size).toBe(3);
    expect(candidates.every((c) => c.keyword.score > 0 && c.keyword.score < 1)).toBe(true);
  });

  it('never lets FTS syntax in a query throw', () => {
    ({ db, session } = buildTestIndex([{ path: 'memory/a.md', text: 'alpha beta gamma "quoted" near things' }]));
    for (const q of [
      '"',
      '""',
      'alpha*',
      'NEAR(alpha beta)',
      '-alpha',
      'text_seg:alpha',
      'alpha AND',
      'OR',
      '(',
      '^alpha',
      '{a b}: c',
      "al'pha",
      '*',
      'a"b',
    ]) {
      expect(() => keywordSearch(session!, q, { limit: 10 }), q).not.toThrow();
    }
    expect(keywordSearch(session, 'NEAR(alpha beta)', { limit: 10 }).candidates).toHaveLength(1);
    expect(quoteFtsTerm('a"b')).toBe('"a""b"');
    expect(buildMatchQuery(['x', 'y'], 'OR')).toBe('"x" OR "y"');
  });

  it('uses stop words only when the query has nothing else', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: 'what is this' },
      { path: 'memory/b.md', text: 'the cat' },
    ]));
    const onlyStop = keywordSearch(session, 'what', { limit: 10 });
    expect(onlyStop.terms).toEqual(['what']);
    expect(onlyStop.candidates.map((c) => c.chunkRowid)).toEqual([1]);
    const mixed = keywordSearch(session, 'the cat', { limit: 10 });
    expect(mixed.terms).toEqual(['cat']);
    expect(mixed.stopwords).toEqual(['the']);
    expect(mixed.candidates.map((c) => c.chunkRowid)).toEqual([2]);
  });

  it('applies the source filter and the date pre-filter in SQL, and respects the limit', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/2026-05-01.md', text: 'deploy notes', date: isoDay('2026-05-01') },
      { path: 'sessions/s1.jsonl', text: 'User: deploy now', kind: 'session', date: isoDay('2026-05-02') },
      { path: 'MEMORY.md', text: 'deploy policy' },
      { path: 'memory/2026-01-01.md', text: 'deploy old', date: isoDay('2026-01-01') },
    ]));
    expect(
      keywordSearch(session, 'deploy', { limit: 10, sources: ['sessions'] }).candidates.map((c) => c.chunkRowid),
    ).toEqual([2]);
    const ranged = keywordSearch(session, 'deploy', {
      limit: 10,
      dateRange: { from: '2026-04-15', to: null },
    }).candidates.map((c) => c.chunkRowid);
    expect(ranged.sort()).toEqual([1, 2]);
    expect(keywordSearch(session, 'deploy', { limit: 2 }).candidates).toHaveLength(2);
  });

  it("reports a file's hits with their rank in the unlimited list (explain-file)", () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: 'cat cat cat' },
      { path: 'memory/b.md', text: 'cat cat and a dog' },
      { path: 'memory/c.md', text: 'one cat among many many many other words here' },
    ]));
    const search = keywordSearch(session, 'cat', { limit: 1 });
    const hits = keywordHitsForPath(session, search.matchQuery!, 'memory/c.md', search.terms, search.relaxed, {});
    expect(hits).toHaveLength(1);
    expect(hits[0]!.keyword.rank).toBe(3);
  });
  it('scores a match in a one-file workspace like the same match in a large one (no IDF-floor collapse)', () => {
    // FTS5 floors IDF at 1e-6 when a term is in half the rows or more, so in a tiny index every raw
    // bm25 is ≈ 0; dividing by the query's IDF mass keeps the score meaningful there.
    const text = '合同金额是12,345万元，下周签字。';
    ({ db, session } = buildTestIndex([{ path: 'MEMORY.md', text }]));
    const tiny = keywordSearch(session, '合同金额', { limit: 10 });
    expect(tiny.candidates).toHaveLength(1);
    expect(Math.abs(tiny.candidates[0]!.keyword.bm25)).toBeLessThan(1e-3);
    expect(tiny.candidates[0]!.keyword.score).toBeGreaterThan(0.35);
    db.close();

    const filler = Array.from({ length: 200 }, (_, i) => ({
      path: `memory/n${i}.md`,
      text: `周${i}的会议记录，讨论了路线图和招聘计划。`,
    }));
    ({ db, session } = buildTestIndex([{ path: 'MEMORY.md', text }, ...filler]));
    const large = keywordSearch(session, '合同金额', { limit: 10 });
    expect(large.candidates[0]!.chunkRowid).toBe(1);
    expect(large.candidates[0]!.keyword.score).toBeGreaterThan(0.35);
    expect(large.candidates[0]!.keyword.score).toBeCloseTo(tiny.candidates[0]!.keyword.score, 1);
  });

  it('keeps BM25 order in its scores, and each score is bm25ToScore(bm25, idfMass)', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: 'router router router firmware' },
      { path: 'memory/b.md', text: 'router firmware notes with many other words about the office and lunch plans' },
      { path: 'memory/c.md', text: 'router only' },
      { path: 'memory/d.md', text: 'lunch with Alice' },
    ]));
    const result = keywordSearch(session, 'router firmware', { limit: 10 });
    const bm25s = result.candidates.map((c) => c.keyword.bm25);
    const scores = result.candidates.map((c) => c.keyword.score);
    expect(bm25s).toEqual([...bm25s].sort((x, y) => x - y));
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    for (const c of result.candidates) expect(c.keyword.score).toBe(bm25ToScore(c.keyword.bm25, c.keyword.idfMass));
  });
});
