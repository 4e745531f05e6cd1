// Sources, date ranges and one file filter the keyword candidates the same way whether FTS5 ranks
// them (SQL joins) or the union is ranked from doclists (a filter on the ranked chunks, checked
// best first, or the whole passing set when few pass): the same chunks, order and bm25 bits, and
// the same answer to "does a chunk within the filters hold every term" (the relaxed-query notice).
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../embed/test-support/tiny-model.js';
import { bm25UnionTopK } from './bm25-union.js';
import { unionFilter } from './keyword-filters.js';
import {
  buildMatchQuery,
  keywordSearch,
  searchTerms,
  someChunkHasEveryTerm,
  type KeywordSearchOptions,
} from './keyword-search.js';
import { buildTestIndex, isoDay, type TestDoc } from '../test-support/test-index.js';
import { IndexSession } from './index-session.js';

const WORDS = [
  'router',
  'firmware',
  'meeting',
  'budget',
  'contract',
  'review',
  'gateway',
  'backup',
  '合同',
  '金额',
  '会议',
  '预算',
];

let db: Database.Database | null = null;
afterEach(() => {
  db?.close();
  db = null;
});

/** How filtered union rankings went, counted by the session's observer. */
const filterStrategyCounts = { oneByOne: 0, allPassing: 0 };

function sessionOf(database: Database.Database): IndexSession {
  return new IndexSession(database, {
    accelerators: { keyword: true },
    observer: {
      filterStrategy: (way) =>
        way === 'one-by-one' ? filterStrategyCounts.oneByOne++ : filterStrategyCounts.allPassing++,
    },
  });
}

function randomDay(rand: () => number): string {
  return `2026-${String(1 + Math.floor(rand() * 11)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
}

/**
 * Sessions (long chunks that rank low: a fifth of all chunks, yet few among the best), evergreen
 * files (dated by mtime, which a range must not match), daily notes, a rare day.
 */
function corpus(seed: number): TestDoc[] {
  const rand = seededRandom(seed);
  const docs: TestDoc[] = [];
  for (let i = 0; i < 1500; i++) {
    const text = Array.from(
      { length: 3 + Math.floor(rand() * 30) },
      () => WORDS[Math.floor(rand() * rand() * WORDS.length)]!,
    ).join(' ');
    const r = rand();
    if (r < 0.2) {
      const long = Array.from(
        { length: 60 + Math.floor(rand() * 60) },
        () => WORDS[Math.floor(rand() * WORDS.length)]!,
      ).join(' ');
      docs.push({
        path: `sessions/s${i % 40}.jsonl`,
        text: long,
        source: 'sessions',
        kind: 'session',
        date: isoDay(randomDay(rand)),
      });
    } else if (r < 0.3)
      docs.push({ path: `MEMORY${i % 3}.md`, text, kind: 'evergreen', date: isoDay(randomDay(rand)) });
    else if (r < 0.32) docs.push({ path: 'memory/2025-02-14.md', text, date: isoDay('2025-02-14') });
    else if (r < 0.33) docs.push({ path: 'notes/orphan.md', text, date: isoDay('2026-03-10') });
    else {
      const day = randomDay(rand);
      docs.push({ path: `memory/${day}.md`, text, date: isoDay(day) });
    }
  }
  return docs;
}

/** The index as the writer leaves it (chunk counts per file), plus a chunk whose file row is gone. */
function buildCorpus(seed: number): Database.Database {
  const built = buildTestIndex(corpus(seed)).db;
  built.exec('UPDATE files SET chunk_count = (SELECT count(*) FROM chunks c WHERE c.path = files.path)');
  built.exec("DELETE FROM files WHERE path = 'notes/orphan.md'");
  return built;
}

/** FTS5's filtered union as keyword search asked for it before the doclist path (the reference). */
function fts5Filtered(
  database: Database.Database,
  terms: readonly string[],
  options: KeywordSearchOptions,
): { rowid: number; bm25: number }[] {
  const joins = ['JOIN chunks c ON c.rowid = chunks_fts.rowid'];
  const where = ['chunks_fts MATCH @match'];
  const params: Record<string, unknown> = { match: buildMatchQuery(terms, 'OR'), limit: options.limit };
  if (options.sources && options.sources.length > 0) {
    where.push(`c.source IN (${options.sources.map((s) => `'${s}'`).join(', ')})`);
  }
  if (options.path !== undefined) {
    where.push('c.path = @path');
    params.path = options.path;
  }
  const range = options.dateRange;
  if (range && (range.from !== null || range.to !== null)) {
    joins.push('JOIN files f ON f.path = c.path');
    where.push("f.kind <> 'evergreen'", 'f.date IS NOT NULL');
    if (range.to !== null) where.push(`f.date <= '${range.to}'`);
    if (range.from !== null) {
      const d = new Date(`${range.from}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - 31);
      where.push(`f.date >= '${d.toISOString().slice(0, 10)}'`);
    }
  }
  return database
    .prepare(
      `SELECT chunks_fts.rowid AS rowid, bm25(chunks_fts) AS bm25 FROM chunks_fts ${joins.join(' ')} WHERE ${where.join(' AND ')} ORDER BY bm25(chunks_fts), chunks_fts.rowid LIMIT @limit`,
    )
    .all(params) as { rowid: number; bm25: number }[];
}

const FILTERS: Omit<KeywordSearchOptions, 'limit'>[] = [
  { sources: ['sessions'] },
  { sources: ['memory'] },
  { sources: ['memory', 'sessions'] },
  { dateRange: { from: '2026-03-01', to: '2026-03-31' } },
  { dateRange: { from: '2025-02-14', to: '2025-02-14' } },
  { dateRange: { from: null, to: '2026-02-01' } },
  { dateRange: { from: '2026-04-01', to: null } },
  { dateRange: { from: '2024-01-01', to: '2024-01-31' } },
  { sources: ['sessions'], dateRange: { from: '2026-05-01', to: '2026-08-31' } },
  { sources: ['memory'], dateRange: { from: '2026-02-01', to: null } },
  { path: 'memory/2025-02-14.md' },
  { path: 'notes/orphan.md' },
  { path: 'sessions/s7.jsonl', sources: ['sessions'] },
  { path: 'sessions/s7.jsonl', sources: ['memory'] },
  { path: 'nowhere.md' },
];

const QUERIES = [
  'router',
  'router budget 合同',
  'gateway zeppelin',
  '会议 预算 review',
  'backup firmware meeting contract',
];

describe('keyword filters on the union ranked from doclists', () => {
  for (const seed of [3, 9]) {
    it(`keep FTS5's chunks, order and bm25 bits, checked one by one or all at once (seed ${seed})`, () => {
      db = buildCorpus(seed);
      const session = sessionOf(db);
      // FTS5's own bm25() ranks on a session without the doclist accelerator.
      const baseline = new IndexSession(db, { accelerators: { keyword: false } });
      // Hits compared per way the filter was applied: one by one, one by one then all, all at once.
      const compared = { oneByOne: 0, fellBack: 0, allPassing: 0 };
      for (const query of QUERIES) {
        const { terms } = searchTerms(query);
        const required = new Set(terms);
        for (const filter of FILTERS) {
          for (const limit of [1, 6, 50, 400, -1]) {
            const options = { ...filter, limit } as KeywordSearchOptions;
            const label = `${query} ${JSON.stringify(options)}`;
            const before = { ...filterStrategyCounts };
            const union = bm25UnionTopK(session, terms, limit, required, unionFilter(session, options));
            expect(union, label).not.toBeNull();
            const reference = fts5Filtered(db, terms, options);
            // toEqual on numbers is exact: the same bits as bm25().
            expect(union!.hits, label).toEqual(reference);
            const oneByOne = filterStrategyCounts.oneByOne > before.oneByOne;
            const allPassing = filterStrategyCounts.allPassing > before.allPassing;
            compared[oneByOne && allPassing ? 'fellBack' : oneByOne ? 'oneByOne' : 'allPassing'] += reference.length;
            // Whether a chunk within the filters holds every term (asked for two or more): said
            // exactly, or left to the probe.
            if (terms.length > 1 && union!.someChunkHasAll !== null)
              expect(union!.someChunkHasAll, label).toBe(someChunkHasEveryTerm(session, terms, options));

            // Through keyword search, the doclist path against FTS5's.
            const fast = keywordSearch(session, query, options);
            const fts5 = keywordSearch(baseline, query, options);
            expect(
              fast.candidates.map((c) => [c.chunkRowid, c.keyword.bm25]),
              label,
            ).toEqual(fts5.candidates.map((c) => [c.chunkRowid, c.keyword.bm25]));
            expect(fast.idfMass, label).toBe(fts5.idfMass);
          }
        }
      }
      expect(compared.oneByOne).toBeGreaterThan(2000);
      expect(compared.fellBack).toBeGreaterThan(20);
      expect(compared.allPassing).toBeGreaterThan(2000);
    });
  }

  it('a second ranking of the same terms (the date booster) reuses the scores, and a write is seen', () => {
    db = buildCorpus(5);
    const session = sessionOf(db);
    const terms = ['router', 'budget'];
    const march = { limit: 6, dateRange: { from: '2026-03-01', to: '2026-03-31' } } as KeywordSearchOptions;
    expect(bm25UnionTopK(session, terms, 6)!.hits).toEqual(
      fts5Filtered(db, terms, { limit: 6, sources: ['memory', 'sessions'] }),
    );
    expect(bm25UnionTopK(session, terms, 6, new Set(), unionFilter(session, march))!.hits).toEqual(
      fts5Filtered(db, terms, march),
    );
    // The best March chunk leaves the range: the next ranking must not reuse what it knew.
    const best = bm25UnionTopK(session, terms, 1, new Set(), unionFilter(session, march))!.hits[0]!;
    const path = db.prepare('SELECT path FROM chunks WHERE rowid = ?').pluck().get(best.rowid) as string;
    db.prepare("UPDATE files SET date = '2026-06-01' WHERE path = ?").run(path);
    db.prepare('DELETE FROM chunks_fts WHERE rowid = ?').run(best.rowid);
    db.prepare("INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, 'router router router budget')").run(best.rowid);
    const after = bm25UnionTopK(session, terms, 6, new Set(), unionFilter(session, march))!.hits;
    expect(after.map((h) => h.rowid)).not.toContain(best.rowid);
    expect(after).toEqual(fts5Filtered(db, terms, march));
  });

  describe('the "no memory holds every term" answer within the filters', () => {
    it('is exact when every chunk holding a term was looked at', () => {
      db = buildTestIndex([
        { path: 'memory/2026-01-05.md', text: 'router budget', date: isoDay('2026-01-05') },
        { path: 'memory/2026-03-05.md', text: 'router only', date: isoDay('2026-03-05') },
        {
          path: 'sessions/a.jsonl',
          text: 'budget only',
          source: 'sessions',
          kind: 'session',
          date: isoDay('2026-03-06'),
        },
        { path: 'memory/2026-03-20.md', text: 'router firmware budget', date: isoDay('2026-03-20') },
      ]).db;
      const session = sessionOf(db);
      expect(keywordSearch(session, 'router budget', { limit: 10 }).everyTermSomewhere).toBe(true);
      // Sessions hold "budget" but never "router".
      expect(keywordSearch(session, 'router budget', { limit: 10, sources: ['sessions'] }).everyTermSomewhere).toBe(
        false,
      );
      expect(
        keywordSearch(session, 'router budget', { limit: 10, path: 'memory/2026-03-05.md' }).everyTermSomewhere,
      ).toBe(false);
      expect(
        keywordSearch(session, 'router budget', { limit: 10, path: 'memory/2026-03-20.md' }).everyTermSomewhere,
      ).toBe(true);
      // "From 5 Mar" reaches back a month (a monthly summary may cover it): 5 Jan stays out, 20 Mar is in.
      expect(
        keywordSearch(session, 'router budget', { limit: 1, dateRange: { from: '2026-03-05', to: null } })
          .everyTermSomewhere,
      ).toBe(true);
      expect(
        keywordSearch(session, 'router budget', { limit: 10, dateRange: { from: null, to: '2026-03-10' } })
          .everyTermSomewhere,
      ).toBe(true);
      expect(
        keywordSearch(session, 'router budget', { limit: 10, dateRange: { from: '2026-03-06', to: '2026-03-19' } })
          .everyTermSomewhere,
      ).toBe(false);
      // A term no chunk holds: nothing anywhere holds both.
      expect(keywordSearch(session, 'router zeppelin', { limit: 10, sources: ['memory'] }).everyTermSomewhere).toBe(
        false,
      );
    });

    it('is left to the AND probe when only the best chunks were looked at, and the probe finds the one further down', () => {
      // Two hundred short "router" chunks outrank the one long chunk that also says "budget".
      const docs: TestDoc[] = Array.from({ length: 200 }, (_, i) => ({ path: `memory/r${i}.md`, text: 'router' }));
      docs.push({ path: 'memory/long.md', text: `router budget ${'filler '.repeat(300)}` });
      docs.push(
        ...Array.from({ length: 300 }, (_, i) => ({ path: `memory/b${i}.md`, text: `budget ${'filler '.repeat(20)}` })),
      );
      db = buildTestIndex(docs).db;
      const session = sessionOf(db);
      const options = { limit: 6, sources: ['memory'] } as KeywordSearchOptions;
      const result = keywordSearch(session, 'router budget', options);
      expect(result.candidates.map((c) => c.chunkRowid)).not.toContain(201);
      expect(result.everyTermSomewhere).toBeNull();
      expect(someChunkHasEveryTerm(session, result.requiredTerms, options)).toBe(true);
    });
  });
});
