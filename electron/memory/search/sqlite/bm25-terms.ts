// FTS5's bm25() taken apart, term by term, for the results a person looks at. bm25() only
// returns one number; this recomputes it from the same inputs FTS5 uses (fts5_aux.c,
// fts5Bm25Function) so each query term's share can be shown and the shares add up to bm25():
//
//   bm25 = −Σ_terms IDF(t) · f(t)·(k1 + 1) / (f(t) + k1·(1 − b + b·|D| / avgdl)),   k1 1.2, b 0.75
//   IDF(t) = ln((N − n(t) + 0.5) / (n(t) + 0.5)), floored at 1e-6
//
// N and avgdl come from FTS5's own totals record, |D| from its per-row size record, n(t) from an
// fts5vocab view and f(t) from the chunk's indexed tokens. bm25-terms.test.ts checks the sum
// against bm25() to 1e-9 on generated corpora.
import type Database from 'better-sqlite3';
import type { TermBreakdown } from '../../../../shared/domain.js';
import { FTS5_BM25_B, FTS5_BM25_K1, fts5Idf } from '../../../../shared/score.js';
import { readFts5Varint } from './fts5-varint.js';
import { sessionSlot, type IndexSession } from './index-session.js';
import { weightOf, type PartialPlan } from '../core/partial-words.js';

/** One term's share of −bm25 for a chunk of `docTokens` tokens (see the formula above). */
export function bm25TermContribution(idf: number, occurrences: number, docTokens: number, avgTokens: number): number {
  if (occurrences <= 0 || !(avgTokens > 0)) return 0;
  const num = occurrences * (FTS5_BM25_K1 + 1);
  const denom = occurrences + FTS5_BM25_K1 * (1 - FTS5_BM25_B + (FTS5_BM25_B * docTokens) / avgTokens);
  return idf * (num / denom);
}

export interface FtsTotals {
  /** Rows in the FTS table (N). */
  rows: number;
  /** Tokens in all rows; avgdl = tokens / rows. */
  tokens: number;
}

/** FTS5's averages record (rowid 1 of the %_data table): the row count, then tokens per column. */
export function readFtsTotals(db: Database.Database, table = 'chunks_fts'): FtsTotals {
  return parseFtsTotals(
    db.prepare(`SELECT block FROM ${table}_data WHERE id = 1`).pluck().get() as Uint8Array | undefined,
  );
}

/** readFtsTotals through the session's prepared statement (a query's ranking reads it every time). */
export function sessionFtsTotals(session: IndexSession): FtsTotals {
  const read = session
    .statement<Uint8Array | undefined>('SELECT block FROM chunks_fts_data WHERE id = 1')
    .pluck() as unknown as Database.Statement<[], Uint8Array | undefined>;
  return parseFtsTotals(read.get());
}

function parseFtsTotals(block: Uint8Array | undefined): FtsTotals {
  if (!block || block.length === 0) return { rows: 0, tokens: 0 };
  const [rows, next] = readFts5Varint(block, 0);
  const [tokens] = next < block.length ? readFts5Varint(block, next) : [0];
  return { rows, tokens };
}

/** A chunk's size in tokens as FTS5 recorded it (the %_docsize row), or null when absent. */
function docTokensOf(stmt: Database.Statement<[number], Uint8Array | undefined>, rowid: number): number | null {
  const sz = stmt.get(rowid);
  return sz && sz.length > 0 ? readFts5Varint(sz, 0)[0] : null;
}

function createVocab(session: IndexSession): () => void {
  return () => {
    session.db.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_fts_vocab USING fts5vocab(main, 'chunks_fts', 'row')",
    );
  };
}

/** Per term: how many chunks hold it, through a per-connection fts5vocab view (a TEMP table, not index schema). */
export function docsWithTerms(session: IndexSession, terms: readonly string[]): Map<string, number> {
  const lookup = session
    .statement<number | undefined>('SELECT doc FROM temp.chunks_fts_vocab WHERE term = @term', createVocab(session))
    .pluck();
  const out = new Map<string, number>();
  for (const term of terms) out.set(term, lookup.get({ term }) ?? 0);
  return out;
}

/** The blocks of Chinese characters (Extension A and the main block; compatibility; the supplementary planes). */
const HAN_TERM_RANGES: readonly (readonly [string, string])[] = [
  ['\u3400', '\ua000'],
  ['\uf900', '\ufb00'],
  ['\u{20000}', '\u{32000}'],
];
const HAN_TERMS = sessionSlot<{ key: string; held: boolean }>('whether the index holds Chinese terms');

/**
 * Whether any indexed term holds a Chinese character, kept until the index changes: a seek in the
 * term list per block (FTS5 keeps it sorted), not a scan.
 */
export function indexHoldsHan(session: IndexSession): boolean {
  const key = session.changeKey();
  const kept = session.get(HAN_TERMS);
  if (kept?.key === key) return kept.held;
  const first = session
    .statement<string | undefined>(
      'SELECT term FROM temp.chunks_fts_vocab WHERE term >= @from AND term < @to LIMIT 1',
      createVocab(session),
    )
    .pluck();
  const held = HAN_TERM_RANGES.some(([from, to]) => first.get({ from, to }) !== undefined);
  session.set(HAN_TERMS, { key, held });
  return held;
}

/** Everything a term breakdown needs that is the same for every chunk of one query. */
export interface QueryTermStats {
  totals: FtsTotals;
  avgTokens: number;
  docs: Map<string, number>;
  idf: Map<string, number>;
}

/**
 * Chunk counts per term for the index as it is now. Counting one term walks its whole list of
 * chunks in FTS5, so counts are kept per connection until the index changes (indexChangeKey).
 */
export interface TermStatsCache {
  key: string;
  totals: FtsTotals;
  docs: Map<string, number>;
}
/** Plenty for the terms of recent queries; cleared, not evicted one by one. */
const MAX_CACHED_TERMS = 20_000;
const TERM_STATS = sessionSlot<TermStatsCache>('term statistics');

function cachedStats(session: IndexSession): TermStatsCache {
  let cache = session.get(TERM_STATS);
  const key = session.changeKey();
  if (!cache || cache.key !== key || cache.docs.size > MAX_CACHED_TERMS) {
    cache = { key, totals: sessionFtsTotals(session), docs: new Map() };
    session.set(TERM_STATS, cache);
  }
  return cache;
}

/**
 * Counts a query learnt anyway (bm25-union.ts reads every term's doclist), so the breakdown need
 * not ask the vocabulary again. Kept only while the index is as it was when they were counted.
 */
export function rememberDocCounts(session: IndexSession, docs: ReadonlyMap<string, number>, countedAt: string): void {
  const cache = cachedStats(session);
  if (cache.key !== countedAt) return;
  for (const [term, n] of docs) cache.docs.set(term, n);
}

export function queryTermStats(session: IndexSession, terms: readonly string[]): QueryTermStats {
  const cache = cachedStats(session);
  const totals = cache.totals;
  const unknown = terms.filter((t) => !cache.docs.has(t));
  if (unknown.length > 0) for (const [term, n] of docsWithTerms(session, unknown)) cache.docs.set(term, n);
  const docs = new Map(terms.map((t) => [t, cache.docs.get(t) ?? 0]));
  const idf = new Map<string, number>();
  // FTS5 computes IDF for every phrase of the query, present in the index or not; a term no
  // chunk holds matches nothing, so its IDF never adds to a score (and fts5Idf reports it as 0).
  const ln = (x: number): number => session.ln(x);
  for (const term of terms) idf.set(term, fts5Idf(totals.rows, docs.get(term) ?? 0, ln));
  return { totals, avgTokens: totals.rows > 0 ? totals.tokens / totals.rows : 0, docs, idf };
}

/** A TermBreakdown before the words as written are known. */
export type IndexedTermBreakdown = Omit<TermBreakdown, 'asWritten'>;

export interface ChunkTermBreakdown {
  terms: IndexedTermBreakdown[];
  chunkTokens: number;
  /** Σ contributions: equals −bm25() of the chunk for a MATCH over these terms. */
  total: number;
}

/**
 * The term-by-term account of one chunk: occurrences of each query term among the chunk's
 * indexed tokens, and its contribution. `asWritten` maps an indexed term to the words that
 * produced it (query words; the chunk's own are added by the caller that has its text). A term
 * held only as part of a longer word adds its weighted share, as the ranking counted it.
 */
export function chunkTermBreakdown(
  textSeg: string,
  docTokens: number,
  terms: readonly string[],
  stats: QueryTermStats,
  partials: PartialPlan | null = null,
): ChunkTermBreakdown {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, tokenCount(textSeg, term));
  let total = 0;
  const holds = (t: string): boolean | undefined => (counts.has(t) ? counts.get(t)! > 0 : undefined);
  // Pushed into one array literal: `map` over no terms (a question of dates alone) returned an
  // array of another kind, which sent the optimized readers of `terms` back to be compiled again.
  const breakdown: IndexedTermBreakdown[] = [];
  for (const term of terms) {
    const occurrences = counts.get(term) ?? 0;
    const idf = stats.idf.get(term) ?? 0;
    const full = bm25TermContribution(idf, occurrences, docTokens, stats.avgTokens);
    const partial = occurrences > 0 ? weightOf(partials, term, holds) : null;
    const contribution = partial ? partial.weight * full : full;
    total += contribution;
    const base = { term, occurrences, chunksWithTerm: stats.docs.get(term) ?? 0, idf, contribution };
    breakdown.push(partial ? { ...base, partOf: partial.partOf, partialWeight: partial.weight } : base);
  }
  return { terms: breakdown, chunkTokens: docTokens, total };
}

/**
 * How many of the space-separated tokens of `textSeg` are `term`. A handful of terms against a long
 * token string: native substring search beats splitting it, and searching the text itself (not a
 * padded copy) spares a copy of it per term and result.
 */
function tokenCount(textSeg: string, term: string): number {
  if (term === '') return 0;
  let n = 0;
  const length = term.length;
  // One path for a whole-token match and a partial one (the next search starts past the match or
  // one unit on), so the first partial match of a process finds no untried code in the loop.
  for (let at = textSeg.indexOf(term); at >= 0;) {
    const end = at + length;
    const whole =
      (at === 0 || textSeg.charCodeAt(at - 1) === 0x20) && (end === textSeg.length || textSeg.charCodeAt(end) === 0x20);
    n += whole ? 1 : 0;
    at = textSeg.indexOf(term, at + (whole ? length : 1));
  }
  return n;
}

/** A chunk's indexed text and recorded size, as chunkTermBreakdown reads them. */
export interface ChunkIndexed {
  textSeg: string;
  docTokens: number;
}

/** Chunks already read, for the index as it was at `key`: the same results are shown query after query. */
interface KeptChunks {
  key: string;
  byRowid: Map<number, ChunkIndexed | null>;
}
/** Plenty for the chunks a session shows; cleared, not evicted one by one. */
const MAX_KEPT_CHUNKS = 2_000;
const CHUNKS_INDEXED = sessionSlot<KeptChunks>('shown chunks, as indexed');

/** Reads a chunk's indexed text and recorded size, for chunkTermBreakdown. */
export function chunkIndexReader(session: IndexSession): (rowid: number) => ChunkIndexed | null {
  const text = session
    .statement<string | undefined>('SELECT text_seg FROM chunks_fts WHERE rowid = ?')
    .pluck() as unknown as Database.Statement<[number], string | undefined>;
  const size = session
    .statement<Uint8Array | undefined>('SELECT sz FROM chunks_fts_docsize WHERE id = ?')
    .pluck() as unknown as Database.Statement<[number], Uint8Array | undefined>;
  const key = session.changeKey();
  let kept = session.get(CHUNKS_INDEXED);
  if (!kept || kept.key !== key || kept.byRowid.size >= MAX_KEPT_CHUNKS)
    kept = session.set(CHUNKS_INDEXED, { key, byRowid: new Map() });
  const byRowid = kept.byRowid;
  return (rowid) => {
    const found = byRowid.get(rowid);
    if (found !== undefined) return found;
    const textSeg = text.get(rowid);
    const indexed =
      textSeg === undefined
        ? null
        : { textSeg, docTokens: docTokensOf(size, rowid) ?? (textSeg === '' ? 0 : textSeg.split(' ').length) };
    byRowid.set(rowid, indexed);
    return indexed;
  };
}
