// The best chunks for `"t1" OR "t2" OR …` by FTS5's bm25(), computed from FTS5's own doclists
// (fts5-doclists.ts) and recorded lengths (chunk-lengths.ts) instead of by FTS5. The numbers are
// bm25()'s to the last bit: the same inputs (rows and tokens from the averages record, each term's
// chunk count, occurrences, |D|) go through the same operations in the same order as
// fts5Bm25Function (fts5_aux.c):
//
//   score = Σ_i idf_i · (f_i · (k1 + 1)) / (f_i + k1 · (1 − b + b · |D| / avgdl)),  bm25 = −score
//
// summed over the query's phrases in query order (an absent term adds exactly 0). What changes is
// the cost per matching row, and the best `limit` are kept in a heap. Order: bm25, then rowid, as
// FTS5's own ranking (keyword-search.ts) orders them. The index session switches it on
// (accelerator-check.ts).
import { FTS5_BM25_B, FTS5_BM25_K1, fts5Idf } from '../../../../shared/score.js';
import { sessionFtsTotals } from './bm25-terms.js';
import { Fts5DoclistReader, Fts5Leaves, parseStructure, type Fts5Segment } from './fts5-doclists.js';
import { Fts5FormatError } from './fts5-varint.js';
import { sessionSlot, type IndexSession, type UnionHit } from './index-session.js';
import { PostingsInbox, type PostingsExchange } from './postings-handover.js';
import { weightOf, type PartialPlan } from '../core/partial-words.js';

export type { UnionHit };

export interface UnionResult {
  /** Best first: bm25 ascending, then rowid. */
  hits: UnionHit[];
  /** Per term, the chunks holding it (FTS5's nHit). */
  docs: Map<string, number>;
  /** indexChangeKey of the snapshot read (its first statement fixes the snapshot). */
  key: string;
  /**
   * Some chunk (that the filter lets through) holds every `required` term; true when none are
   * required; null when a filter leaves it open (only the best passing chunks were looked at).
   */
  someChunkHasAll: boolean | null;
}

/**
 * A filter on the ranked chunks (a date range, sources). Chunks are checked best first, one by
 * one, until `limit` pass; when few chunks pass (`fewPass`, or few of the best checked),
 * `passing` names all that do at once.
 */
export interface UnionFilter {
  passes(rowid: number): boolean;
  passing(): Iterable<number>;
  /** A cheap guess that few chunks pass, so that checking the best one by one would not pay. */
  fewPass(): boolean;
}

const K1_PLUS_1 = FTS5_BM25_K1 + 1;
const ONE_MINUS_B = 1 - FTS5_BM25_B;
/** Chunks checked one by one (a few µs each) before asking for every passing chunk instead. */
const FILTER_CHECK_BUDGET = 800;

export interface UnionState {
  reader: Fts5DoclistReader;
  /** Per rowid: the score so far in this query, valid where `stamp[rowid] === query`. */
  scores: Float64Array;
  /** Per rowid: how many required terms it holds, valid like `scores`. */
  held: Int32Array;
  stamp: Int32Array;
  query: number;
  touched: Int32Array;
  /** What the arrays hold now: a second ranking of the same query (say, within dates) reuses it. */
  last: { key: string; terms: string; touchedCount: number; mostHeld: number; docs: Map<string, number> } | null;
  /** Terms read from the doclists of the term index as it was at `structure` (its structure record). */
  postings: KeptPostings | null;
  /** The last queries' terms, oldest first: read again after the term index changes (refreshKeptPostings). */
  recent: string[];
  /** One read transaction: structure, pages and lengths from the same snapshot even while another process commits. */
  snapshot: <T>(run: () => T) => T;
}

/**
 * Doclists already read: the same words come back query after query (a conversation's names, a
 * language's common words), and a structure record names one state of FTS5's term index.
 */
interface KeptPostings {
  structure: string;
  segments: Fts5Segment[];
  leaves: Fts5Leaves;
  byTerm: Map<string, { rowids: Int32Array; occurrences: Int32Array }>;
  entries: number;
}
/** Chunk entries kept (8 bytes each); past it the kept doclists start over. */
const MAX_KEPT_POSTINGS = 1 << 20;

/** A chunk in a doclist has no recorded length: the lengths fell behind the index. */
class StaleLengthsError extends Fts5FormatError {}

/** The scoring arrays, created on the first union ranking of a connection. */
const UNION = sessionSlot<UnionState>('bm25 union arrays');
/** Doclists another connection read for this one inside its write (postings-handover.ts). */
const INBOX = sessionSlot<PostingsInbox>('postings handed over', (inbox) => inbox.dispose());

/** What a writer on another connection (a big transcript's worker) reads ahead for this session's searches. */
export function postingsExchange(session: IndexSession): PostingsExchange {
  return {
    recentTerms: () => session.get(UNION)?.recent.slice() ?? [],
    inbox: session.slot(INBOX, () => new PostingsInbox()),
  };
}

function stateOf(session: IndexSession): UnionState {
  return session.slot(UNION, () => {
    const db = session.db;
    return {
      reader: new Fts5DoclistReader(db),
      scores: new Float64Array(1024),
      held: new Int32Array(1024),
      stamp: new Int32Array(1024),
      query: 0,
      touched: new Int32Array(1024),
      last: null,
      postings: null,
      recent: [],
      snapshot: db.transaction((run: () => unknown) => run()) as <T>(run: () => T) => T,
    };
  });
}

/**
 * The `limit` best chunks holding any of `terms` (all of them for a negative limit) that pass
 * `filter`, or null when this index cannot be read directly (the caller asks FTS5). `required` (a
 * subset of `terms`): whether some chunk holds them all is answered on the way, for the "matched
 * k of n" notice.
 */
export function bm25UnionTopK(
  session: IndexSession,
  terms: readonly string[],
  limit: number,
  required: ReadonlySet<string> = new Set(),
  filter: UnionFilter | null = null,
  partials: PartialPlan | null = null,
  weights: ReadonlyMap<string, number> | null = null,
): UnionResult | null {
  if ((session.db.inTransaction && !session.withinOwnWrite) || terms.length === 0) return null;
  const state = stateOf(session);
  try {
    return state.snapshot(() => scoreUnion(session, state, terms, limit, required, filter, partials, weights));
  } catch (error) {
    state.last = null;
    if (!(error instanceof Fts5FormatError)) throw error;
    // A length missing for a row in a doclist means the lengths fell behind: read them again
    // next time. Either way FTS5 answers this query.
    if (error instanceof StaleLengthsError) session.chunkLengths.invalidate();
    return null;
  }
}

function scoreUnion(
  session: IndexSession,
  state: UnionState,
  terms: readonly string[],
  limit: number,
  required: ReadonlySet<string>,
  filter: UnionFilter | null,
  partials: PartialPlan | null,
  weights: ReadonlyMap<string, number> | null,
): UnionResult | null {
  const key = session.changeKey();
  const weighted = weights ? `\u0002${terms.map((t) => weights.get(t) ?? 1).join(',')}` : '';
  const termsKey = `${terms.join('\u0000')}\u0001${[...required].join('\u0000')}\u0001${partials?.key ?? ''}${weighted}`;
  let scored = state.last;
  if (scored === null || scored.key !== key || scored.terms !== termsKey) {
    state.last = null;
    const fresh = scoreTerms(session, state, terms, required, partials, weights);
    if (fresh === null) return null;
    scored = { ...fresh, key, terms: termsKey };
    state.last = scored;
  }
  const { touchedCount, mostHeld, docs } = scored;
  const all = mostHeld === required.size;
  if (!filter) {
    return {
      hits: toHits(state, bestOf(state.scores, state.touched, touchedCount, limit)),
      docs,
      key,
      someChunkHasAll: all,
    };
  }
  const passing = bestPassing(session, state, touchedCount, limit, filter, all ? required.size : -1);
  const someChunkHasAll = required.size === 0 || (all && passing.someHasAll);
  return { hits: toHits(state, passing.rowids), docs, key, someChunkHasAll };
}

function toHits(state: UnionState, rowids: readonly number[]): UnionHit[] {
  return rowids.map((rowid) => ({ rowid, bm25: -state.scores[rowid]! }));
}

/**
 * Scores every chunk holding a term into `state`; null for an index format this reader does not
 * know. A term `partials` conditions adds its share once every term is read, weighted by what
 * else the chunk holds (partial-words.ts).
 */
function scoreTerms(
  session: IndexSession,
  state: UnionState,
  terms: readonly string[],
  required: ReadonlySet<string>,
  partials: PartialPlan | null,
  weights: ReadonlyMap<string, number> | null = null,
): { touchedCount: number; mostHeld: number; docs: Map<string, number> } | null {
  const kept = currentPostings(session, state);
  if (kept === null) return null;
  noteRecent(state, terms);
  const structureKey = kept.structure;
  const totals = sessionFtsTotals(session);
  const docs = new Map<string, number>();
  if (totals.rows <= 0) {
    for (const term of terms) docs.set(term, 0);
    return { touchedCount: 0, mostHeld: 0, docs };
  }
  const nRow = totals.rows;
  const avgdl = totals.tokens / nRow;
  const lengths = session.chunkLengths.for(structureKey);
  if (state.stamp.length < lengths.length) growScores(state, lengths.length - 1);
  state.query = state.query === 0x7fffffff ? 1 : state.query + 1;
  if (state.query === 1) state.stamp.fill(0);
  const query = state.query;
  const ln = (x: number): number => session.ln(x);
  let touchedCount = 0;
  let mostHeld = 0;
  const heldBy = new Map<string, Set<number>>();
  const deferred: { term: string; rowids: Int32Array; shares: Float64Array }[] = [];
  for (const term of terms) {
    const isRequired = required.has(term);
    const postings = keptPostings(session, state.reader, kept, term);
    const n = postings.rowids.length;
    docs.set(term, n);
    if (partials?.watched.has(term)) heldBy.set(term, new Set(postings.rowids.subarray(0, n)));
    if (n === 0) continue;
    // An expansion word (query-expansion/) counts its weight's share of what a query word would.
    // Applied to each contribution, after FTS5's own operations, so that FTS5 ranking one term at
    // a time and weighing its share (keyword-search.ts) gives the same bits.
    const idf = fts5Idf(nRow, n, ln);
    const weight = weights?.get(term) ?? 1;
    const { rowids, occurrences } = postings;
    const later = partials?.terms.has(term) ? { term, rowids, shares: new Float64Array(n) } : null;
    if (later) deferred.push(later);
    for (let i = 0; i < n; i++) {
      const rowid = rowids[i]!;
      const f = occurrences[i]!;
      const d = rowid < lengths.length ? lengths[rowid]! : 0;
      if (d === 0) throw new StaleLengthsError(`no recorded length for chunk ${rowid}`);
      let contribution = idf * ((f * K1_PLUS_1) / (f + FTS5_BM25_K1 * (ONE_MINUS_B + (FTS5_BM25_B * d) / avgdl)));
      if (weight !== 1) contribution = weight * contribution;
      if (later) {
        later.shares[i] = contribution;
        contribution = 0;
      }
      if (state.stamp[rowid] === query) {
        state.scores[rowid]! += contribution;
      } else {
        state.stamp[rowid] = query;
        state.scores[rowid] = contribution;
        state.held[rowid] = 0;
        if (touchedCount === state.touched.length) {
          const grown = new Int32Array(touchedCount * 2);
          grown.set(state.touched);
          state.touched = grown;
        }
        state.touched[touchedCount++] = rowid;
      }
      if (isRequired) {
        const held = state.held[rowid]! + 1;
        state.held[rowid] = held;
        if (held > mostHeld) mostHeld = held;
      }
    }
  }
  for (const { term, rowids, shares } of deferred) {
    for (let i = 0; i < rowids.length; i++) {
      const rowid = rowids[i]!;
      const partial = weightOf(partials, term, (t) => heldBy.get(t)?.has(rowid));
      state.scores[rowid]! += partial ? partial.weight * shares[i]! : shares[i]!;
    }
  }
  return { touchedCount, mostHeld, docs };
}

/** Terms the next query after a change is likely to ask for again (the last queries' words). */
const RECENT_TERMS = 32;

function noteRecent(state: UnionState, terms: readonly string[]): void {
  for (const term of terms) {
    const at = state.recent.indexOf(term);
    if (at !== -1) state.recent.splice(at, 1);
    state.recent.push(term);
  }
  if (state.recent.length > RECENT_TERMS) state.recent.splice(0, state.recent.length - RECENT_TERMS);
}

/**
 * After a commit changed the term index (a transcript's whole file at once), the first search
 * read its words' doclists and every chunk length again inside itself: ~60 ms of CPU, several
 * times that in wall time on a busy machine. This does that work ahead of it, one piece per call
 * (the lengths, then one recent term), so searches run between the pieces. Returns whether
 * anything is left to read; false on a connection that never ranked a union.
 */
export function refreshKeptPostings(session: IndexSession): boolean {
  const state = session.get(UNION);
  if (state === undefined || state.recent.length === 0 || session.db.inTransaction) return false;
  try {
    return state.snapshot(() => {
      const kept = currentPostings(session, state);
      if (kept === null || sessionFtsTotals(session).rows <= 0) return false;
      if (!session.chunkLengths.holds(kept.structure)) {
        session.chunkLengths.for(kept.structure);
        return true;
      }
      const term = [...state.recent].reverse().find((t) => !kept.byTerm.has(t));
      if (term === undefined) return false;
      keptPostings(session, state.reader, kept, term);
      return true;
    });
  } catch (error) {
    if (!(error instanceof Fts5FormatError)) throw error;
    return false;
  }
}

/** The doclists kept for the term index as it is now; null for a format this reader does not know. */
function currentPostings(session: IndexSession, state: UnionState): KeptPostings | null {
  const structure = state.reader.structureRecord();
  const structureKey = structure ? structure.toString('latin1') : '';
  const kept = state.postings;
  if (kept !== null && kept.structure === structureKey && kept.entries <= MAX_KEPT_POSTINGS) return kept;
  state.postings = null;
  const segments = structure ? parseStructure(structure) : [];
  if (segments === null) return null;
  const fresh: KeptPostings = {
    structure: structureKey,
    segments,
    leaves: new Fts5Leaves(),
    byTerm: new Map(),
    entries: 0,
  };
  // Read by the writer in the transaction this snapshot sees: the same doclists and lengths.
  const handed = session.get(INBOX)?.take(structureKey);
  if (handed) {
    for (const { term, rowids, occurrences } of handed.postings) {
      fresh.byTerm.set(term, { rowids, occurrences });
      fresh.entries += rowids.length + 1;
    }
    session.chunkLengths.adopt(structureKey, handed.lengths);
  }
  return (state.postings = fresh);
}

/**
 * Per term, how many chunks hold it (FTS5's nHit), from the doclists the ranking reads next
 * anyway, and the changeKey the counts hold for; null where the index cannot be read directly.
 */
export function doclistDocCounts(
  session: IndexSession,
  terms: readonly string[],
): { docs: Map<string, number>; key: string } | null {
  if (session.db.inTransaction || terms.length === 0) return null;
  const state = stateOf(session);
  try {
    return state.snapshot(() => {
      const key = session.changeKey();
      const kept = currentPostings(session, state);
      if (kept === null) return null;
      noteRecent(state, terms);
      const docs = new Map(terms.map((term) => [term, keptPostings(session, state.reader, kept, term).rowids.length]));
      return { docs, key };
    });
  } catch (error) {
    if (!(error instanceof Fts5FormatError)) throw error;
    return null;
  }
}

/** `term`'s doclist, read once per state of the term index. */
function keptPostings(
  session: IndexSession,
  reader: Fts5DoclistReader,
  kept: KeptPostings,
  term: string,
): { rowids: Int32Array; occurrences: Int32Array } {
  let found = kept.byTerm.get(term);
  if (!found) {
    session.observer?.doclistRead?.(term);
    const read = reader.postings(kept.segments, term, kept.leaves);
    found = { rowids: read.rowids.slice(0, read.count), occurrences: read.occurrences.slice(0, read.count) };
    kept.byTerm.set(term, found);
    kept.entries += read.count + 1;
  }
  return found;
}

function growScores(state: UnionState, rowid: number): void {
  const size = Math.max(rowid + 1, Math.ceil(state.stamp.length * 1.5));
  const scores = new Float64Array(size);
  scores.set(state.scores);
  state.scores = scores;
  const held = new Int32Array(size);
  held.set(state.held);
  state.held = held;
  const stamp = new Int32Array(size);
  stamp.set(state.stamp);
  state.stamp = stamp;
}

/**
 * The best `limit` chunks that pass `filter`, best first, and whether a passing chunk holds
 * `wanted` required terms (null when only some of them were looked at; false for wanted < 0).
 * Checks the best few hundred one by one (the best that pass are then exactly the first that
 * pass); if too few of them pass, or the filter expects few to, ranks every passing chunk.
 */
function bestPassing(
  session: IndexSession,
  state: UnionState,
  touchedCount: number,
  limit: number,
  filter: UnionFilter,
  wanted: number,
): { rowids: number[]; someHasAll: boolean | null } {
  let found = false;
  if (limit > 0 && !filter.fewPass()) {
    session.observer?.filterStrategy?.('one-by-one');
    const out: number[] = [];
    let checked = 0;
    for (let window = Math.max(4 * limit, 200); ; window *= 4) {
      const best = bestOf(state.scores, state.touched, touchedCount, window);
      for (; checked < best.length; checked++) {
        const rowid = best[checked]!;
        if (!filter.passes(rowid)) continue;
        if (state.held[rowid] === wanted) found = true;
        if (out.push(rowid) === limit) return { rowids: out, someHasAll: found || null };
      }
      // Every chunk holding a term was checked.
      if (best.length === touchedCount) return { rowids: out, someHasAll: found };
      if (checked >= FILTER_CHECK_BUDGET) break;
    }
  }
  session.observer?.filterStrategy?.('all-passing');
  const passing = new Set(filter.passing());
  const kept = new Int32Array(touchedCount);
  let count = 0;
  for (let i = 0; i < touchedCount; i++) {
    const rowid = state.touched[i]!;
    if (!passing.has(rowid)) continue;
    kept[count++] = rowid;
    if (state.held[rowid] === wanted) found = true;
  }
  return { rowids: bestOf(state.scores, kept, count, limit), someHasAll: found };
}

/**
 * The `limit` best of `rowids[0..count)` (all of them when limit < 0), best first: higher score,
 * then lower rowid. A heap keeps the worst of the best at its root, so most rows cost one comparison.
 */
export function bestOf(scores: Float64Array, rowids: Int32Array, count: number, limit: number): number[] {
  const better = (a: number, b: number): boolean => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
  const byRank = (a: number, b: number): number => (better(a, b) ? -1 : better(b, a) ? 1 : 0);
  if (limit < 0 || count <= limit) return Array.from(rowids.subarray(0, count)).sort(byRank);
  if (limit === 0) return [];
  const heap: number[] = [];
  const siftDown = (): void => {
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && better(heap[worst]!, heap[l]!)) worst = l;
      if (r < heap.length && better(heap[worst]!, heap[r]!)) worst = r;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst]!, heap[i]!];
      i = worst;
    }
  };
  for (let i = 0; i < count; i++) {
    const rowid = rowids[i]!;
    if (heap.length < limit) {
      heap.push(rowid);
      for (let c = heap.length - 1; c > 0;) {
        const parent = (c - 1) >> 1;
        if (!better(heap[parent]!, heap[c]!)) break;
        [heap[parent], heap[c]] = [heap[c]!, heap[parent]!];
        c = parent;
      }
    } else if (better(rowid, heap[0]!)) {
      heap[0] = rowid;
      siftDown();
    }
  }
  return heap.sort(byRank);
}
