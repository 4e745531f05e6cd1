// Keyword side: FTS5 BM25 over the segmented text column. The MATCH expression is built only from
// quoted tokens of text/segment.ts, so user input can never reach FTS5 as syntax, and a query
// whose terms are not all present relaxes from all-terms to any-term instead of finding nothing.
import type Database from 'better-sqlite3';
import type { KeywordBreakdown, MemorySource } from '../../../shared/domain.js';
import { bm25ToScore, fts5Idf } from '../../../shared/score.js';
import { queryTerms } from '../text/segment.js';
import type { KeywordCandidate } from './fuse.js';

export interface KeywordSearchOptions {
  limit: number;
  sources?: readonly MemorySource[] | null;
  /**
   * Date pre-filter (inclusive ISO dates). Applied in SQL as a superset — dated, non-evergreen
   * files whose date could overlap the range — so the candidate limit is spent inside the range;
   * the exact check is filters.ts's.
   */
  dateRange?: { from: string | null; to: string | null } | null;
  /** Restrict to one file (explain-file). */
  path?: string;
}

export interface KeywordSearchResult {
  candidates: KeywordCandidate[];
  /** Tokens searched for (stop words only when the query has nothing else). */
  terms: string[];
  stopwords: string[];
  /** The MATCH expression that produced the candidates; null when the query has no terms. */
  matchQuery: string | null;
  relaxed: boolean;
  /** Σ FTS5 IDF of the terms (bm25ToScore's divisor); 0 when no term occurs in the index. */
  idfMass: number;
}

/** One FTS5 string literal: the token in double quotes, internal quotes doubled. */
export function quoteFtsTerm(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

export function buildMatchQuery(terms: readonly string[], operator: 'AND' | 'OR'): string {
  return terms.map(quoteFtsTerm).join(` ${operator} `);
}

/** Terms the keyword side searches for: non-stop-words, or the stop words if that is all there is. */
export function searchTerms(query: string): { terms: string[]; stopwords: string[] } {
  const parsed = queryTerms(query);
  return parsed.terms.length > 0 ? parsed : { terms: parsed.stopwords, stopwords: [] };
}

interface FtsHit {
  rowid: number;
  bm25: number;
}

/** A month is the longest period a dated file covers, so `from - 31 days` never drops a match. */
function shiftIsoDate(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Ranked hits, best first. Only rowid and bm25 go through the sort: selecting the text here
 * would make SQLite carry every matching row's text into the sorter (measured 2-3× slower).
 * Ties are broken by rowid afterwards so the order is deterministic.
 */
function runMatch(db: Database.Database, match: string, options: KeywordSearchOptions): FtsHit[] {
  const where: string[] = ['chunks_fts MATCH @match'];
  const params: Record<string, unknown> = { match, limit: options.limit };
  const joins: string[] = [];
  if ((options.sources && options.sources.length > 0) || options.path !== undefined || options.dateRange) {
    joins.push('JOIN chunks c ON c.rowid = chunks_fts.rowid');
  }
  if (options.sources && options.sources.length > 0) {
    const names = options.sources.map((_, i) => `@source${i}`);
    options.sources.forEach((source, i) => (params[`source${i}`] = source));
    where.push(`c.source IN (${names.join(', ')})`);
  }
  if (options.path !== undefined) {
    where.push('c.path = @path');
    params.path = options.path;
  }
  const range = options.dateRange;
  if (range && (range.from !== null || range.to !== null)) {
    joins.push('JOIN files f ON f.path = c.path');
    where.push("f.kind <> 'evergreen'", 'f.date IS NOT NULL');
    if (range.to !== null) {
      where.push('f.date <= @to');
      params.to = range.to;
    }
    if (range.from !== null) {
      where.push('f.date >= @fromEarliest');
      params.fromEarliest = shiftIsoDate(range.from, -31);
    }
  }
  const sql = `SELECT chunks_fts.rowid AS rowid, bm25(chunks_fts) AS bm25
    FROM chunks_fts ${joins.join(' ')}
    WHERE ${where.join(' AND ')}
    ORDER BY bm25(chunks_fts)
    LIMIT @limit`;
  const hits = db.prepare(sql).all(params) as FtsHit[];
  return hits.sort((a, b) => a.bm25 - b.bm25 || a.rowid - b.rowid);
}

/**
 * Fill `matchedTerms` (query terms present in the chunk's indexed tokens) for the given hits.
 * Done only for what is shown — the returned results, an explained chunk — because walking
 * every candidate's tokens cost more than the FTS5 query itself (measured on CMRC 2018).
 */
export function fillMatchedTerms(db: Database.Database, hits: readonly { chunkRowid: number; keyword: KeywordBreakdown | null }[], terms: readonly string[]): void {
  const lookup = db.prepare('SELECT text_seg FROM chunks_fts WHERE rowid = ?').pluck();
  const wanted = new Set(terms);
  for (const hit of hits) {
    if (!hit.keyword) continue;
    const textSeg = lookup.get(hit.chunkRowid) as string | undefined;
    if (textSeg === undefined) continue;
    const found = new Set<string>();
    for (const token of textSeg.split(' ')) if (wanted.has(token)) found.add(token);
    hit.keyword.matchedTerms = terms.filter((t) => found.has(t));
  }
}

/**
 * The query's IDF mass as FTS5 computes IDF (N = rows in the FTS table, n = rows holding the
 * term), read from an fts5vocab view. A TEMP table: it is a per-connection view, not index schema.
 */
export function queryIdfMass(db: Database.Database, terms: readonly string[]): number {
  if (terms.length === 0) return 0;
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_fts_vocab USING fts5vocab(main, 'chunks_fts', 'row')");
  const totalRows = db.prepare('SELECT count(*) FROM chunks').pluck().get() as number;
  const docsWith = db.prepare('SELECT doc FROM temp.chunks_fts_vocab WHERE term = ?').pluck();
  let mass = 0;
  for (const term of terms) mass += fts5Idf(totalRows, (docsWith.get(term) as number | undefined) ?? 0);
  return mass;
}

/** matchedTerms start empty; fillMatchedTerms completes them for what is shown. */
function toCandidates(hits: FtsHit[], match: string, relaxed: boolean, idfMass: number): KeywordCandidate[] {
  return hits.map((hit, i) => {
    const keyword: KeywordBreakdown = {
      bm25: hit.bm25,
      rank: i + 1,
      idfMass,
      score: bm25ToScore(hit.bm25, idfMass),
      matchedTerms: [],
      query: match,
      relaxed,
    };
    return { chunkRowid: hit.rowid, keyword };
  });
}

/**
 * All terms first (AND); if that finds nothing and there is more than one term, any term (OR),
 * marked relaxed. Candidates come in BM25 order, best first, with the raw bm25 kept.
 */
export function keywordSearch(db: Database.Database, query: string, options: KeywordSearchOptions): KeywordSearchResult {
  const { terms, stopwords } = searchTerms(query);
  if (terms.length === 0 || options.limit <= 0) {
    return { candidates: [], terms, stopwords, matchQuery: null, relaxed: false, idfMass: 0 };
  }
  const strict = buildMatchQuery(terms, 'AND');
  const strictRows = runMatch(db, strict, options);
  if (strictRows.length > 0 || terms.length === 1) {
    const idfMass = strictRows.length > 0 ? queryIdfMass(db, terms) : 0;
    return { candidates: toCandidates(strictRows, strict, false, idfMass), terms, stopwords, matchQuery: strict, relaxed: false, idfMass };
  }
  const relaxed = buildMatchQuery(terms, 'OR');
  const relaxedRows = runMatch(db, relaxed, options);
  const idfMass = relaxedRows.length > 0 ? queryIdfMass(db, terms) : 0;
  return { candidates: toCandidates(relaxedRows, relaxed, true, idfMass), terms, stopwords, matchQuery: relaxed, relaxed: true, idfMass };
}

/**
 * Re-run a search's exact MATCH expression for one file (explain-file): that file's hits, each
 * with the rank it has in the full, unlimited candidate list under the same filters.
 */
export function keywordHitsForPath(
  db: Database.Database,
  matchQuery: string,
  path: string,
  terms: readonly string[],
  relaxed: boolean,
  options: Omit<KeywordSearchOptions, 'path' | 'limit'>,
): KeywordCandidate[] {
  const fileRowids = new Set(db.prepare('SELECT rowid FROM chunks WHERE path = ?').pluck().all(path) as number[]);
  if (fileRowids.size === 0) return [];
  // LIMIT -1: every match, so the rank is the one the hit would have with an unlimited net.
  const all = runMatch(db, matchQuery, { ...options, limit: -1 });
  const ranked = all.map((hit, i) => ({ hit, rank: i + 1 })).filter(({ hit }) => fileRowids.has(hit.rowid));
  const candidates = toCandidates(ranked.map((r) => r.hit), matchQuery, relaxed, queryIdfMass(db, terms));
  candidates.forEach((c, i) => (c.keyword.rank = ranked[i]!.rank));
  fillMatchedTerms(db, candidates, terms);
  return candidates;
}
