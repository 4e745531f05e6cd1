// Keyword side: FTS5 BM25 over the segmented text column. The MATCH expression is built only from
// quoted tokens of text/segment.ts, so user input can never reach FTS5 as syntax. Every chunk that
// holds any query term is ranked by BM25 (the union of the terms): a chunk with every term ranks
// first by itself, and one missing term no longer hides the chunks that hold the others.
import type { KeywordBreakdown, TermBreakdown } from '../../../../shared/domain.js';
import { bm25ToScore } from '../../../../shared/score.js';
import { cjkWords, hasCjk, queryTerms, stemToken, type QueryTerms } from '../../text/segment.js';
import { hasSpellings, TextSpellings } from '../../text/surface-forms.js';
import {
  chunkIndexReader,
  chunkTermBreakdown,
  queryTermStats,
  rememberDocCounts,
  type IndexedTermBreakdown,
} from './bm25-terms.js';
import { currentKeywordGate, keywordAccelerated } from './accelerator-check.js';
import { bm25UnionTopK, doclistDocCounts } from './bm25-union.js';
import { filterSql, unionFilter, type KeywordFilters } from './keyword-filters.js';
import type { KeywordCandidate } from '../core/fuse.js';
import { sessionSlot, type IndexSession } from './index-session.js';
import type { ExpansionTerm } from '../core/expansion-terms.js';
import { partialPlan, weightOf, type PartialPlan } from '../core/partial-words.js';

export interface KeywordSearchOptions extends KeywordFilters {
  limit: number;
  /** Terms that come from a date in the query: searched, but not counted as required ("matched k of n"). */
  dateTerms?: ReadonlySet<string>;
  /** Words searched besides the query's, with less weight; only where the union ranking reads the index. */
  expansions?: readonly ExpansionTerm[];
  /** Terms only the question's words give ("what", 了什): never searched (question-words.ts). */
  questionTerms?: ReadonlySet<string>;
}

export interface KeywordSearchResult {
  candidates: KeywordCandidate[];
  /** Tokens searched for (stop words only when the query has nothing else). */
  terms: string[];
  /** The terms a memory should hold all of: `terms` without date words and character-pair fragments. */
  requiredTerms: string[];
  stopwords: string[];
  /** The MATCH expression that produced the candidates; null when the query has no terms. */
  matchQuery: string | null;
  /** The words of the query each term stands for, as the person wrote them. */
  written: Map<string, string[]>;
  /** Character pairs searched to catch partial matches, not words of the query. */
  fragments: Set<string>;
  /** Terms that count less where a chunk holds them only as part of a longer word (partial-words.ts). */
  partials: PartialPlan;
  /** Query terms no chunk holds. */
  missingTerms: string[];
  /** A query term occurs in no chunk at all, so no chunk can hold every term. */
  termMissing: boolean;
  /** Set by describeShownHits once it knows whether any chunk holds every term. */
  relaxed: boolean;
  /**
   * Whether some chunk (under the search's filters) holds every required term, when the ranking
   * learnt it on the way; null when it did not (someChunkHasEveryTerm asks).
   */
  everyTermSomewhere: boolean | null;
  /** Σ FTS5 IDF of the terms (bm25ToScore's divisor); 0 when no term occurs in the index. */
  idfMass: number;
  /** The expansion words that were searched, after `terms` (none when expansion is off). */
  expansions: ExpansionTerm[];
}

/** One FTS5 string literal: the token in double quotes, internal quotes doubled. */
export function quoteFtsTerm(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

export function buildMatchQuery(terms: readonly string[], operator: 'AND' | 'OR'): string {
  return terms.map(quoteFtsTerm).join(` ${operator} `);
}

export interface SearchTerms {
  terms: string[];
  stopwords: string[];
  /** Per term, the query's words it came from. */
  written: Map<string, string[]>;
  /** Chinese/Japanese/Korean character pairs that are not words of the query (they straddle two). */
  fragments: Set<string>;
  /** Terms that count less where a chunk holds them only as part of a longer word. */
  partials: PartialPlan;
}

/**
 * Terms the keyword side searches for: non-stop-words, or the stop words if that is all there is;
 * never `questionTerms` (what only the question's words give, question-words.ts).
 */
export function searchTerms(query: string, questionTerms: ReadonlySet<string> = new Set()): SearchTerms {
  const { onlyStopwords, ...words } = parseWords(query, questionTerms);
  return { ...words, partials: onlyStopwords ? partialPlan('', new Set()) : partialPlan(query, new Set(words.terms)) };
}

/** searchTerms without the partial-word plan, for callers that make their own or need none. */
export function searchWords(
  query: string,
  questionTerms: ReadonlySet<string> = new Set(),
): Omit<SearchTerms, 'partials'> {
  const { onlyStopwords: _, ...words } = parseWords(query, questionTerms);
  return words;
}

/** The last query's words, by query and question terms: one search reads them for its expansion, its ranking and its dated pass. */
const LAST_WORDS = sessionSlot<{ key: string; words: Omit<SearchTerms, 'partials'> }>('last query words');

/** searchWords, kept for the search under way (its passes ask again); the result is shared, not to be changed. */
export function queryWordsOf(
  session: IndexSession,
  query: string,
  questionTerms: ReadonlySet<string> = new Set(),
): Omit<SearchTerms, 'partials'> {
  const key = questionTerms.size === 0 ? query : `${query}\u0000${[...questionTerms].join('\u0000')}`;
  const last = session.get(LAST_WORDS);
  if (last?.key === key) return last.words;
  return session.set(LAST_WORDS, { key, words: searchWords(query, questionTerms) }).words;
}

function parseWords(
  query: string,
  questionTerms: ReadonlySet<string>,
): Omit<SearchTerms, 'partials'> & { onlyStopwords: boolean } {
  const parsed = withoutQuestion(queryTerms(query), questionTerms);
  const words = cjkWords(query);
  const fragmentsOf = (terms: readonly string[]): Set<string> =>
    new Set(terms.filter((t) => hasCjk(t) && !words.has(t)));
  if (parsed.terms.length > 0) return { ...parsed, fragments: fragmentsOf(parsed.terms), onlyStopwords: false };
  const terms = [...new Set(parsed.stopwords.map(stemToken))];
  const written = new Map<string, string[]>();
  for (const word of parsed.stopwords) written.set(stemToken(word), [...(written.get(stemToken(word)) ?? []), word]);
  return { terms, stopwords: [], written, fragments: fragmentsOf(terms), onlyStopwords: true };
}

function withoutQuestion(parsed: QueryTerms, questionTerms: ReadonlySet<string>): QueryTerms {
  if (questionTerms.size === 0) return parsed;
  const terms = parsed.terms.filter((t) => !questionTerms.has(t));
  const written = new Map([...parsed.written].filter(([t]) => !questionTerms.has(t)));
  const stopwords = parsed.stopwords.filter((w) => !questionTerms.has(stemToken(w)));
  return { terms, stopwords, written };
}

interface FtsHit {
  rowid: number;
  bm25: number;
}

/**
 * Ranked hits, best first (bm25, then rowid). The OR of single terms is scored from FTS5's
 * doclists by bm25-union.ts (the same numbers, without FTS5's cost per matching row), filters
 * applied to the ranked chunks; wherever the index cannot be read that way, FTS5 ranks them. Only
 * rowid and bm25 go through FTS5's sort: selecting the text there would make SQLite carry every
 * matching row's text into the sorter.
 */
function runMatch(
  session: IndexSession,
  terms: readonly string[],
  options: KeywordSearchOptions,
  required: readonly string[] = [],
  partials: PartialPlan | null = null,
  weights: ReadonlyMap<string, number> | null = null,
): { hits: FtsHit[]; everyTermSomewhere: boolean | null } {
  const plan = partials && partials.terms.size > 0 ? partials : null;
  const union =
    keywordAccelerated(session) || (weights !== null && canWeighTerms(session))
      ? bm25UnionTopK(session, terms, options.limit, new Set(required), unionFilter(session, options), plan, weights)
      : null;
  if (union) {
    rememberDocCounts(session, union.docs, union.key);
    return { hits: union.hits, everyTermSomewhere: union.someChunkHasAll };
  }
  if (plan || weights)
    return { hits: runWeightedFts5(session, terms, options, plan, weights), everyTermSomewhere: null };
  return {
    hits: runFts5Match(session, buildMatchQuery(terms, 'OR'), options, true) as FtsHit[],
    everyTermSomewhere: null,
  };
}

/**
 * The OR of the terms ranked by FTS5 with partial matches weighted: bm25() cannot weigh one term
 * less, but a one-term MATCH's bm25() is exactly that term's share, so each term is asked alone
 * and the shares are added here (small indexes only; larger ones go through bm25-union.ts).
 */
function runWeightedFts5(
  session: IndexSession,
  terms: readonly string[],
  options: KeywordSearchOptions,
  plan: PartialPlan | null,
  weights: ReadonlyMap<string, number> | null,
): FtsHit[] {
  const conditioned = (t: string): boolean => plan?.terms.has(t) ?? false;
  const shares = new Map<string, Map<number, number>>();
  for (const term of terms) {
    const rows = runFts5Match(session, quoteFtsTerm(term), { ...options, limit: -1 }, true) as FtsHit[];
    shares.set(term, new Map(rows.map((r) => [r.rowid, -r.bm25])));
  }
  const scores = new Map<number, number>();
  // Whole terms first, then the conditioned ones: bm25-union.ts adds them in this order too.
  for (const term of [...terms.filter((t) => !conditioned(t)), ...terms.filter(conditioned)]) {
    const weight = weights?.get(term) ?? 1;
    for (const [rowid, found] of shares.get(term)!) {
      const share = weight !== 1 ? weight * found : found;
      const partial = plan ? weightOf(plan, term, (t) => shares.get(t)?.has(rowid)) : null;
      scores.set(rowid, (scores.get(rowid) ?? 0) + (partial ? partial.weight * share : share));
    }
  }
  const ranked = [...scores].map(([rowid, score]) => ({ rowid, bm25: -score }));
  ranked.sort((a, b) => a.bm25 - b.bm25 || a.rowid - b.rowid);
  return options.limit < 0 ? ranked : ranked.slice(0, options.limit);
}

/**
 * The MATCH through FTS5 with the filters joined in. `ranked`: rowid and bm25 in rank order;
 * otherwise rowids only, in no order — without bm25() FTS5 skips counting every term's rows.
 */
function runFts5Match(
  session: IndexSession,
  match: string,
  options: KeywordSearchOptions,
  ranked: boolean,
): FtsHit[] | { rowid: number }[] {
  const { joins, where, params } = filterSql(options);
  Object.assign(params, { match, limit: options.limit });
  const conditions = ['chunks_fts MATCH @match', ...where].join(' AND ');
  const sql = ranked
    ? `SELECT chunks_fts.rowid AS rowid, bm25(chunks_fts) AS bm25
    FROM chunks_fts ${joins.join(' ')}
    WHERE ${conditions}
    ORDER BY bm25(chunks_fts), chunks_fts.rowid
    LIMIT @limit`
    : `SELECT chunks_fts.rowid AS rowid FROM chunks_fts ${joins.join(' ')} WHERE ${conditions} LIMIT @limit`;
  return session.statement(sql).all(params) as FtsHit[] | { rowid: number }[];
}

/**
 * Whether the union ranking can read this index, so that terms can carry weights: on where it is
 * switched on, and on a small index (where FTS5 is fast enough) as long as its format is known.
 */
function canWeighTerms(session: IndexSession): boolean {
  if (keywordAccelerated(session)) return true;
  // Switched off by the session's options: FTS5 ranks, and expansion words stay out.
  if (session.accelerators.keyword === false) return false;
  const gate = currentKeywordGate(session);
  return !gate.on && !gate.final;
}

/** A keyword hit whose breakdown is about to be shown. */
export interface ShownHit {
  chunkRowid: number;
  keyword: KeywordBreakdown | null;
  /** The chunk's text, to name the words behind each stemmed term as written there. */
  text?: string;
}

/** What a term's account shows the same for every result of one query. */
interface TermShown {
  /** The query's words for the term, and the same lowercased. */
  queryWords: readonly string[];
  queryLower: ReadonlySet<string>;
  /** dateWord, fragment and expansion, in that order, where they apply. */
  marks: Partial<Pick<TermBreakdown, 'dateWord' | 'fragment' | 'expansion'>>;
  /** Whether it counts among matchedTerms when the chunk holds it. */
  matches: boolean;
}

/** The query's words for a term, then the chunk's own spellings of it (case-insensitively new ones). */
function wordsAsWritten(shown: TermShown, chunkWords: readonly string[] | undefined): string[] {
  const words = [...shown.queryWords];
  let seen: Set<string> | null = null;
  for (const w of chunkWords ?? []) {
    const lower = w.toLowerCase();
    if (shown.queryLower.has(lower) || seen?.has(lower)) continue;
    (seen ??= new Set()).add(lower);
    words.push(w);
  }
  return words;
}

/** Per text, its spellings and the words as written of each term asked of it so far (none: an empty list). */
interface TextForms {
  spellings: TextSpellings;
  known: Map<string, readonly string[]>;
}
const WRITTEN_FORMS = sessionSlot<Map<string, TextForms>>('words as written');
/** Plenty for the chunks a session shows; cleared, not evicted one by one. */
const MAX_WRITTEN_FORM_TEXTS = 2_000;
const NO_FORMS: ReadonlyMap<string, readonly string[]> = new Map();

/**
 * Per term the chunk holds, the chunk's own spellings of it (surface-forms.ts). A text is looked
 * at only for the terms not asked of it before, stemming only words that could give them: the
 * same results are shown query after query, and stemming every word of a text was most of a
 * process's first query.
 */
function writtenFormsOf(
  session: IndexSession,
  text: string,
  indexed: string,
  terms: readonly { term: string; occurrences: number }[],
): ReadonlyMap<string, readonly string[]> {
  // Only stemmed Latin terms have spellings to find: a Chinese query's results need no scan.
  // A loop into one array literal: filter and map return arrays whose kind differs when empty,
  // which sent V8 back to unoptimized code the first time a chunk held no such term.
  const held: string[] = [];
  for (const t of terms) if (t.occurrences > 0 && hasSpellings(t.term)) held.push(t.term);
  if (held.length === 0) return NO_FORMS;
  const cache = session.slot(WRITTEN_FORMS, () => new Map());
  let entry = cache.get(text);
  if (!entry) {
    if (cache.size >= MAX_WRITTEN_FORM_TEXTS) cache.clear();
    entry = { spellings: new TextSpellings(text, indexed), known: new Map() };
    cache.set(text, entry);
  }
  const { spellings, known } = entry;
  const unasked = held.filter((t) => !known.has(t));
  if (unasked.length > 0) {
    const found = spellings.forms(unasked);
    for (const term of unasked) known.set(term, found.get(term) ?? []);
  }
  const forms = new Map<string, readonly string[]>();
  for (const term of held) {
    const found = known.get(term)!;
    if (found.length > 0) forms.set(term, found);
  }
  return forms;
}

/**
 * The term-by-term BM25 account (bm25-terms.ts) and the matched terms, for the given hits only —
 * the returned results, an explained chunk — because reading every candidate's tokens cost more
 * than the FTS5 query itself.
 */
export function describeShownHits(
  session: IndexSession,
  hits: readonly ShownHit[],
  terms: readonly string[],
  written: ReadonlyMap<string, readonly string[]> = new Map(),
  dateTerms: ReadonlySet<string> = new Set(),
  fragments: ReadonlySet<string> = new Set(),
  partials: PartialPlan | null = null,
  expansions: readonly ExpansionTerm[] = [],
): void {
  const shown = hits.filter((h) => h.keyword !== null);
  if (shown.length === 0 || terms.length === 0) return;
  const expandedBy = new Map(expansions.map((e) => [e.term, e]));
  terms = [...terms, ...expansions.map((e) => e.term).filter((t) => !terms.includes(t))];
  const stats = queryTermStats(session, terms);
  const read = chunkIndexReader(session);
  const perTerm = new Map(
    terms.map((term): [string, TermShown] => {
      const expansion = expandedBy.get(term);
      const queryWords = expansion ? [expansion.word] : (written.get(term) ?? [term]);
      const marks = {
        ...(dateTerms.has(term) ? { dateWord: true } : {}),
        ...(fragments.has(term) ? { fragment: true } : {}),
        ...expansionOf(expansion),
      };
      const matches = !dateTerms.has(term) && !fragments.has(term) && !expansion;
      return [term, { queryWords, queryLower: new Set(queryWords.map((w) => w.toLowerCase())), marks, matches }];
    }),
  );
  for (const hit of shown) {
    const indexed = read(hit.chunkRowid);
    if (!indexed) continue;
    const account = weighExpansions(
      chunkTermBreakdown(indexed.textSeg, indexed.docTokens, terms, stats, partials),
      expandedBy,
    );
    const keyword = hit.keyword!;
    const inChunk =
      hit.text !== undefined ? writtenFormsOf(session, hit.text, indexed.textSeg, account.terms) : NO_FORMS;
    keyword.terms = account.terms.map((t) => completeTerm(t, perTerm.get(t.term)!, inChunk.get(t.term)));
    keyword.matchedTerms = account.terms
      .filter((t) => t.occurrences > 0 && perTerm.get(t.term)!.matches)
      .map((t) => t.term);
    keyword.chunkTokens = account.chunkTokens;
    keyword.avgChunkTokens = stats.avgTokens;
    keyword.totalChunks = stats.totals.rows;
  }
}

/**
 * The account's entry completed in place (it is this result's own), keys in the order a spread of
 * it, asWritten and the marks would give: ten results × every term per query, and spreads of
 * objects of several shapes were the account's largest cost.
 */
function completeTerm(
  t: IndexedTermBreakdown,
  shown: TermShown,
  chunkWords: readonly string[] | undefined,
): TermBreakdown {
  const term = t as TermBreakdown;
  term.asWritten = wordsAsWritten(shown, chunkWords);
  const { dateWord, fragment, expansion } = shown.marks;
  if (dateWord !== undefined) term.dateWord = dateWord;
  if (fragment !== undefined) term.fragment = fragment;
  if (expansion !== undefined) term.expansion = expansion;
  return term;
}

/** An expansion word's share of BM25 counts its weight, as the ranking counted it (bm25-union.ts). */
function weighExpansions<T extends { terms: { term: string; contribution: number; idf: number }[]; total: number }>(
  account: T,
  expandedBy: ReadonlyMap<string, ExpansionTerm>,
): T {
  if (expandedBy.size === 0) return account;
  let total = 0;
  for (const t of account.terms) {
    const weight = expandedBy.get(t.term)?.weight ?? 1;
    t.contribution *= weight;
    total += t.contribution;
  }
  account.total = total;
  return account;
}

function expansionOf(e: ExpansionTerm | undefined): {
  expansion?: { from: string[]; source: ExpansionTerm['source']; weight: number };
} {
  return e ? { expansion: { from: e.from, source: e.source, weight: e.weight } } : {};
}

/**
 * The query's IDF mass as FTS5 computes IDF (N = rows in the FTS table, n = rows holding the
 * term): bm25ToScore's divisor. Terms no chunk holds add nothing.
 */
export function queryIdfMass(session: IndexSession, terms: readonly string[]): number {
  if (terms.length === 0) return 0;
  let mass = 0;
  for (const idf of queryTermStats(session, terms).idf.values()) mass += idf;
  return mass;
}

/** matchedTerms start empty; describeShownHits completes them for what is shown. */
function toCandidates(
  hits: FtsHit[],
  match: string,
  relaxed: boolean,
  idfMass: number,
  termCount: number,
): KeywordCandidate[] {
  return hits.map((hit, i) => {
    const keyword: KeywordBreakdown = {
      bm25: hit.bm25,
      rank: i + 1,
      idfMass,
      score: bm25ToScore(hit.bm25, idfMass),
      matchedTerms: [],
      termCount,
      query: match,
      relaxed,
    };
    return { chunkRowid: hit.rowid, keyword };
  });
}

/**
 * Every chunk holding any term, in BM25 order, best first, with the raw bm25 kept. One query:
 * FTS5's bm25() sums over the query's terms, so chunks with more (and rarer) terms come first.
 */
export function keywordSearch(
  session: IndexSession,
  query: string,
  options: KeywordSearchOptions,
): KeywordSearchResult {
  const { terms, stopwords, written, fragments } = queryWordsOf(session, query, options.questionTerms);
  const dateTerms = options.dateTerms ?? new Set<string>();
  // Date words are no evidence of the words around them: nothing is conditioned on them.
  const partials = partialPlan(query, new Set(terms), dateTerms);
  // Date words and character pairs across word boundaries are searched, but a memory need not hold them.
  const requiredTerms = terms.filter((t) => !dateTerms.has(t) && !fragments.has(t));
  if (terms.length === 0 || options.limit <= 0) {
    return {
      candidates: [],
      terms,
      requiredTerms,
      stopwords,
      written,
      fragments,
      partials,
      matchQuery: null,
      missingTerms: [],
      termMissing: false,
      relaxed: false,
      idfMass: 0,
      everyTermSomewhere: null,
      expansions: [],
    };
  }
  // Where the ranking can read the doclists, the counts come from them (read once for both).
  const counted = canWeighTerms(session) ? doclistDocCounts(session, terms) : null;
  if (counted) rememberDocCounts(session, counted.docs, counted.key);
  const ownStats = queryTermStats(session, terms);
  // Expansion words stand in for the query's, never replace them: when no word of the query is in
  // any memory (a name, 毛不易), a translation of a piece of it must not bring up a stranger's note.
  const someOwnWord = requiredTerms.some((t) => (ownStats.docs.get(t) ?? 0) > 0);
  // Expansion words carry weights: the union ranking applies them, or FTS5 ranks one term at a time.
  const expansions =
    options.expansions?.length && someOwnWord ? options.expansions.filter((e) => !terms.includes(e.term)) : [];
  const searched = [...terms, ...expansions.map((e) => e.term)];
  const weights = expansions.length > 0 ? new Map(expansions.map((e) => [e.term, e.weight])) : null;
  const match = buildMatchQuery(searched, 'OR');
  const { hits: rows, everyTermSomewhere } = runMatch(session, searched, options, requiredTerms, partials, weights);
  const stats = ownStats;
  const missingTerms = requiredTerms.filter((t) => (stats.docs.get(t) ?? 0) === 0);
  const termMissing = requiredTerms.length > 1 && missingTerms.length > 0;
  let idfMass = 0;
  if (rows.length > 0) for (const idf of stats.idf.values()) idfMass += idf;
  return {
    candidates: toCandidates(rows, match, termMissing, idfMass, requiredTerms.length),
    terms,
    requiredTerms,
    stopwords,
    written,
    fragments,
    partials,
    matchQuery: match,
    missingTerms,
    termMissing,
    relaxed: termMissing,
    idfMass,
    everyTermSomewhere,
    expansions,
  };
}

/**
 * Does some chunk (under the same filters) hold every term? Asked only when none of the shown
 * results does, to say so truthfully; an AND query stops at its first match.
 */
export function someChunkHasEveryTerm(
  session: IndexSession,
  terms: readonly string[],
  options: Omit<KeywordSearchOptions, 'limit'>,
): boolean {
  if (terms.length <= 1) return true;
  return runFts5Match(session, buildMatchQuery(terms, 'AND'), { ...options, limit: 1 }, false).length > 0;
}

/**
 * Re-run a search's exact MATCH expression for one file (explain-file): that file's hits, each
 * with the rank it has in the full, unlimited candidate list under the same filters.
 */
export function keywordHitsForPath(
  session: IndexSession,
  matchQuery: string,
  path: string,
  terms: readonly string[],
  relaxed: boolean,
  options: Omit<KeywordSearchOptions, 'path' | 'limit'>,
  words: {
    written?: ReadonlyMap<string, readonly string[]>;
    fragments?: ReadonlySet<string>;
    partials?: PartialPlan;
    expansions?: readonly ExpansionTerm[];
  } = {},
): KeywordCandidate[] {
  const db = session.db;
  const fileRowids = new Set(db.prepare('SELECT rowid FROM chunks WHERE path = ?').pluck().all(path) as number[]);
  if (fileRowids.size === 0) return [];
  // LIMIT -1: every match, so the rank is the one the hit would have with an unlimited net.
  // The search's expansion words with their weights, so the file ranks as it did in the search.
  const expansions = words.expansions ?? [];
  const weights = expansions.length > 0 ? new Map(expansions.map((e) => [e.term, e.weight])) : null;
  const all = runMatch(
    session,
    [...terms, ...expansions.map((e) => e.term)],
    { ...options, limit: -1 },
    [],
    words.partials ?? null,
    weights,
  ).hits;
  const ranked = all.map((hit, i) => ({ hit, rank: i + 1 })).filter(({ hit }) => fileRowids.has(hit.rowid));
  const dateTerms = options.dateTerms ?? new Set<string>();
  const required = terms.filter((t) => !dateTerms.has(t) && !(words.fragments?.has(t) ?? false));
  const candidates = toCandidates(
    ranked.map((r) => r.hit),
    matchQuery,
    relaxed,
    queryIdfMass(session, terms),
    required.length,
  );
  candidates.forEach((c, i) => (c.keyword.rank = ranked[i]!.rank));
  const texts = new Map(
    (db.prepare('SELECT rowid, text FROM chunks WHERE path = ?').all(path) as { rowid: number; text: string }[]).map(
      (r) => [r.rowid, r.text],
    ),
  );
  describeShownHits(
    session,
    candidates.map((c) => ({ ...c, text: texts.get(c.chunkRowid) })),
    terms,
    words.written,
    dateTerms,
    words.fragments,
    words.partials ?? null,
    expansions,
  );
  return candidates;
}
