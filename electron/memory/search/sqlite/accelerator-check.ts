// When the fast paths may replace SQLite's own ranking: a SQLite release line and FTS5 format this
// reader was verified against, an index large enough for them to pay, and a self-check that their
// top results equal the baseline's on terms and vectors sampled from the index itself.
import type Database from 'better-sqlite3';
import { bm25UnionTopK } from './bm25-union.js';
import { readFtsTotals } from './bm25-terms.js';
import type { VectorHit } from '../core/quantized-scan.js';
import { scanVectorMatrix } from '../core/quantized-scan.js';
import type { QuantizedMatrix } from '../core/quantized-matrix.js';
import { META_KEYS, storedVectorTable } from '../../index/schema.js';
import {
  IndexSession,
  sessionSlot,
  type SearchBackends,
  type SelfCheckTamper,
  type UnionHit,
} from './index-session.js';

/** SQLite release lines whose FTS5 pages fts5-doclists.ts was checked against (bm25-union.test.ts). */
export const VERIFIED_SQLITE_LINES: readonly string[] = ['3.53'];
/** FTS5's on-disk format (`%_config` key `version`) the doclist reader knows. */
export const VERIFIED_FTS5_FORMAT = 4;
/**
 * Where the fast paths start to pay (docs/performance.md): the doclist ranking already saves ~30%
 * of a query's CPU at 700 chunks; the int8 matrix costs memory and a load, and sqlite-vec's KNN
 * is a few milliseconds up to about ten thousand vectors.
 */
export const KEYWORD_ACCELERATOR_MIN_CHUNKS = 500;
export const VECTOR_ACCELERATOR_MIN_ROWS = 10_000;
/** Bump when fts5-doclists.ts or bm25-union.ts change how they read or rank: verdicts kept in indexes are then checked again. */
const DOCLIST_READER_VERSION = 1;
/** How many results of each sampled query must agree. */
const CHECKED_TOP = 10;

export type Gate = { on: true } | { on: false; reason: string; final: boolean };

function sqliteLine(db: Database.Database): string {
  const version = db.prepare<[], string>('SELECT sqlite_version()').pluck().get() ?? '';
  return version.split('.').slice(0, 2).join('.');
}

/** Version, format and size gates of the doclist reader; `final` false when only the size stands in the way. */
export function keywordGate(db: Database.Database): Gate {
  const line = sqliteLine(db);
  if (!VERIFIED_SQLITE_LINES.includes(line))
    return {
      on: false,
      reason: `SQLite ${line} is not a release the FTS5 doclist reader was verified on`,
      final: true,
    };
  const format = db
    .prepare<[], number | undefined>("SELECT v FROM chunks_fts_config WHERE k = 'version'")
    .pluck()
    .get();
  if (format !== VERIFIED_FTS5_FORMAT)
    return { on: false, reason: `FTS5 format ${String(format)} is not the one the doclist reader knows`, final: true };
  const rows = readFtsTotals(db).rows;
  if (rows < KEYWORD_ACCELERATOR_MIN_CHUNKS)
    return { on: false, reason: `${rows} chunks: FTS5's bm25() is fast enough`, final: false };
  return { on: true };
}

/** keywordGate for the index as it is now, asked again only once it has changed. */
export function currentKeywordGate(session: IndexSession): Gate {
  const d = decisionsOf(session);
  const key = session.changeKey();
  if (d.keywordGateAt?.key !== key) d.keywordGateAt = { key, gate: keywordGate(session.db) };
  return d.keywordGateAt.gate;
}

/** Terms of a few chunks spread over the index: the first and middle token of each, then pairs of them. */
function sampleTermSets(db: Database.Database): string[][] {
  // FTS5 answers max(rowid) by reading every row; a descending rowid scan stops at the first.
  const max =
    db.prepare<[], number | undefined>('SELECT rowid FROM chunks_fts ORDER BY rowid DESC LIMIT 1').pluck().get() ?? 0;
  const read = db
    .prepare<[number], string | undefined>('SELECT text_seg FROM chunks_fts WHERE rowid >= ? ORDER BY rowid LIMIT 1')
    .pluck();
  const singles: string[] = [];
  for (let i = 1; i <= 5; i++) {
    const tokens = (read.get(Math.max(1, Math.floor((max * i) / 6))) ?? '').split(' ').filter(Boolean);
    for (const token of [tokens[0], tokens[tokens.length >> 1]])
      if (token && !singles.includes(token)) singles.push(token);
  }
  const sets = singles.map((t) => [t]);
  for (let i = 0; i + 1 < singles.length; i += 2) sets.push([singles[i]!, singles[i + 1]!]);
  return sets;
}

function fts5Quoted(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/** The doclist ranking against FTS5's bm25() on one sampled set of terms: null when they agree, else what differed. */
function checkKeywordTerms(
  session: IndexSession,
  terms: readonly string[],
  tamper?: SelfCheckTamper['keyword'],
): string | null {
  const union = bm25UnionTopK(session, terms, CHECKED_TOP);
  if (!union) return `the doclist reader could not read the index for “${terms.join(' ')}”`;
  const fast = tamper ? tamper(union.hits) : union.hits;
  const baseline = session.db
    .prepare<[string, number], UnionHit>(
      'SELECT rowid, bm25(chunks_fts) AS bm25 FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25(chunks_fts), rowid LIMIT ?',
    )
    .all(terms.map(fts5Quoted).join(' OR '), CHECKED_TOP);
  const same =
    fast.length === baseline.length &&
    fast.every((h, i) => h.rowid === baseline[i]!.rowid && h.bm25 === baseline[i]!.bm25);
  return same ? null : `the doclist ranking of “${terms.join(' ')}” differs from FTS5's bm25()`;
}

/** Size gate of the int8 scan (it needs sqlite-vec's KNN as its baseline). */
export function vectorGate(db: Database.Database): Gate {
  const rows = db.prepare<[], number>('SELECT count(*) FROM chunks_vec').pluck().get() ?? 0;
  if (rows < VECTOR_ACCELERATOR_MIN_ROWS)
    return { on: false, reason: `${rows} vectors: sqlite-vec's KNN is fast enough`, final: false };
  return { on: true };
}

/**
 * The int8 scan against sqlite-vec's KNN, the query vectors being stored vectors spread over the
 * index: the same rowids in the same order, cosines within float32 rounding.
 */
export function checkVectorAccelerator(
  db: Database.Database,
  matrix: QuantizedMatrix,
  knn: (query: Float32Array, limit: number) => VectorHit[],
  tamper?: SelfCheckTamper['vector'],
): string | null {
  const max = db.prepare<[], number | null>('SELECT max(rowid) FROM chunks_vec').pluck().get() ?? 0;
  const read = db
    .prepare<[number], Buffer | undefined>('SELECT embedding FROM chunks_vec WHERE rowid >= ? ORDER BY rowid LIMIT 1')
    .pluck();
  for (let i = 1; i <= 4; i++) {
    const blob = read.get(Math.max(1, Math.floor((max * i) / 5)));
    if (!blob) continue;
    const query = new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
    const scanned = scanVectorMatrix(matrix, query, CHECKED_TOP);
    const fast = tamper ? tamper(scanned) : scanned;
    const baseline = knn(query, CHECKED_TOP);
    const same =
      fast.length === baseline.length &&
      fast.every(
        (h, j) => h.chunkRowid === baseline[j]!.chunkRowid && Math.abs(h.cosine - baseline[j]!.cosine) <= 1e-6,
      );
    if (!same) return "the int8 scan differs from sqlite-vec's KNN on a sampled vector";
  }
  return null;
}

/** What the self-checks decided on one connection, and why an accelerator that could run does not. */
interface Decisions {
  keyword: Gate | null;
  /** The keyword self-check under way, one sampled query per turn of the event loop. */
  keywordCheck: { turn: NodeJS.Immediate | null; step: () => boolean } | null;
  vector: Gate | null;
  /** changeKey at which a size gate last kept an accelerator off: asked again only once the index changed. */
  keywordSizeCheckedAt: string | null;
  vectorSizeCheckedAt: string | null;
  /** keywordGate's answer and the changeKey it was given at (every search of a small index asks it). */
  keywordGateAt: { key: string; gate: Gate } | null;
  notices: string[];
}

const DECISIONS = sessionSlot<Decisions>('accelerator decisions', (d) => {
  if (d.keywordCheck?.turn) clearImmediate(d.keywordCheck.turn);
  d.keywordCheck = null;
});

function decisionsOf(session: IndexSession): Decisions {
  return session.slot(DECISIONS, () => ({
    keyword: null,
    keywordCheck: null,
    vector: null,
    keywordSizeCheckedAt: null,
    vectorSizeCheckedAt: null,
    keywordGateAt: null,
    notices: [],
  }));
}

/**
 * What a keyword verdict holds for: the SQLite build, the FTS5 table's format and definition and
 * the reader's version. The index's contents are not part of it, as within a session a verdict
 * also outlives the writes that follow it.
 */
function keywordVerdictKey(db: Database.Database): string {
  const format = db
    .prepare<[], number | undefined>("SELECT v FROM chunks_fts_config WHERE k = 'version'")
    .pluck()
    .get();
  const table = db
    .prepare<[], string | undefined>("SELECT sql FROM sqlite_master WHERE name = 'chunks_fts'")
    .pluck()
    .get();
  const sqlite = db.prepare<[], string>('SELECT sqlite_version()').pluck().get();
  return JSON.stringify({ sqlite, fts5: format ?? null, reader: DOCLIST_READER_VERSION, table: table ?? null });
}

/** The verdict an earlier self-check kept in the index for this key: null when it agreed, undefined when there is none. */
function storedKeywordVerdict(db: Database.Database, key: string): string | null | undefined {
  try {
    const raw = db
      .prepare<[string], string | null | undefined>('SELECT value FROM meta WHERE key = ?')
      .pluck()
      .get(META_KEYS.keywordAcceleratorCheck);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as { key?: unknown; mismatch?: unknown };
    if (stored.key !== key) return undefined;
    return typeof stored.mismatch === 'string' ? stored.mismatch : stored.mismatch === null ? null : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the verdict with the index, so that the next process ranks from its first query; a read-only connection keeps nothing. */
function storeKeywordVerdict(db: Database.Database, key: string, mismatch: string | null): void {
  if (db.readonly || !db.open || db.inTransaction) return;
  writeKeywordVerdict(db, key, mismatch);
}

function writeKeywordVerdict(db: Database.Database, key: string, mismatch: string | null): void {
  try {
    db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
      META_KEYS.keywordAcceleratorCheck,
      JSON.stringify({ key, mismatch }),
    );
  } catch {
    // Busy or damaged: the next session checks again.
  }
}

function decideKeyword(d: Decisions, mismatch: string | null): void {
  if (mismatch) {
    d.keyword = { on: false, reason: mismatch, final: true };
    d.notices.push(`Keyword ranking uses FTS5's bm25(): ${mismatch}.`);
  } else d.keyword = { on: true };
}

/**
 * Whether the keyword side ranks from FTS5's doclists (else FTS5's own bm25()). Once the index is
 * large enough the self-check starts after this search, off its path, unless the index keeps the
 * verdict of an earlier one; until it has passed, searches rank with bm25(), which gives the same results.
 */
export function keywordAccelerated(session: IndexSession): boolean {
  if (session.accelerators.keyword !== undefined) return session.accelerators.keyword;
  const d = decisionsOf(session);
  if (d.keyword && (d.keyword.on || d.keyword.final)) return d.keyword.on;
  if (d.keywordCheck) return false;
  // Inside a write the doclists cannot be read in one snapshot: decide on the next query.
  if (session.db.inTransaction) return false;
  const key = session.changeKey();
  if (d.keyword && d.keywordSizeCheckedAt === key) return false;
  d.keywordSizeCheckedAt = key;
  const gate = keywordGate(session.db);
  if (!gate.on) {
    d.keyword = gate;
    return false;
  }
  const verdictKey = keywordVerdictKey(session.db);
  const stored = storedKeywordVerdict(session.db, verdictKey);
  if (stored !== undefined) {
    decideKeyword(d, stored);
    return stored === null;
  }
  startKeywordCheck(session, d, verdictKey);
  return false;
}

/**
 * The keyword self-check in slices of one sampled query, each on its own turn of the event loop so
 * that a search (or a sync's slice) runs between two; closing the session stops it.
 */
function startKeywordCheck(session: IndexSession, d: Decisions, verdictKey: string): void {
  let sets: string[][] | null = null;
  let next = 0;
  /** One sampled query; true once the verdict is in. */
  const step = (): boolean => {
    sets ??= sampleTermSets(session.db);
    const terms = sets[next++];
    const mismatch = terms ? checkKeywordTerms(session, terms, session.tamper.keyword) : null;
    if (!mismatch && next < sets.length) return false;
    d.keywordCheck = null;
    decideKeyword(d, mismatch);
    storeKeywordVerdict(session.db, verdictKey, mismatch);
    session.observer?.keywordSelfCheck?.(mismatch);
    return true;
  };
  const check: NonNullable<Decisions['keywordCheck']> = { turn: null, step };
  const turn = (): void => {
    check.turn = null;
    if (!session.db.open) return;
    // A write is open on this connection: the next search after it starts the check again.
    if (session.db.inTransaction) {
      d.keywordCheck = null;
      d.keywordSizeCheckedAt = null;
      return;
    }
    if (!step()) check.turn = setImmediate(turn);
  };
  d.keywordCheck = check;
  check.turn = setImmediate(turn);
}

/**
 * Before the index closes: a keyword self-check that a process ending now never gave its turns
 * (a one-shot CLI search, an index just built) runs to the end here and keeps its verdict, so the
 * next process opening this index ranks from its doclists from its first query.
 */
export function settleKeywordCheck(session: IndexSession): void {
  const db = session.db;
  if (session.accelerators.keyword !== undefined || db.readonly || !db.open || db.inTransaction) return;
  try {
    const d = decisionsOf(session);
    if (d.keyword && (d.keyword.on || d.keyword.final)) return;
    if (!d.keywordCheck) {
      if (!keywordGate(db).on) return;
      const verdictKey = keywordVerdictKey(db);
      if (storedKeywordVerdict(db, verdictKey) !== undefined) return;
      startKeywordCheck(session, d, verdictKey);
    }
    const check = d.keywordCheck!;
    if (check.turn) clearImmediate(check.turn);
    check.turn = null;
    while (!check.step());
  } catch {
    // A damaged index keeps no verdict: the next session checks again.
  }
}

/**
 * For a writer about to commit a change that opens the size gate (the big-transcript worker): the
 * keyword self-check on its own connection, inside its transaction once FTS5's pending terms are
 * flushed, and an agreeing verdict kept in the same commit, so that readers of that commit rank
 * from the doclists from their first query instead of with bm25() while a check of theirs runs.
 * A mismatch keeps nothing (the readers check again); returns what the check found, or undefined
 * when there was nothing to check.
 */
export function checkKeywordBeforeCommit(db: Database.Database): string | null | undefined {
  if (!db.inTransaction || db.readonly) return undefined;
  // The row count the size gate reads is written with the pending terms.
  db.prepare("INSERT INTO chunks_fts(chunks_fts) VALUES ('flush')").run();
  if (!keywordGate(db).on) return undefined;
  const verdictKey = keywordVerdictKey(db);
  if (storedKeywordVerdict(db, verdictKey) !== undefined) return undefined;
  const session = new IndexSession(db, { withinOwnWrite: true });
  try {
    for (const terms of sampleTermSets(db)) {
      const mismatch = checkKeywordTerms(session, terms);
      if (mismatch) return mismatch;
    }
  } finally {
    session.close();
  }
  writeKeywordVerdict(db, verdictKey, null);
  return null;
}

/** Whether vector queries scan the in-memory int8 matrix (else sqlite-vec's KNN). */
export function vectorAccelerated(
  session: IndexSession,
  knn: (query: Float32Array, limit: number) => { chunkRowid: number; cosine: number }[],
): boolean {
  if (session.accelerators.vector !== undefined) return session.accelerators.vector;
  const d = decisionsOf(session);
  if (d.vector && (d.vector.on || d.vector.final)) return d.vector.on;
  const key = session.changeKey();
  if (d.vector && d.vectorSizeCheckedAt === key) return false;
  d.vectorSizeCheckedAt = key;
  let gate = vectorGate(session.db);
  if (gate.on) {
    const matrix = session.vectors.matrix();
    const mismatch = matrix
      ? checkVectorAccelerator(session.db, matrix, knn, session.tamper.vector)
      : 'no vectors could be read into memory';
    if (mismatch) {
      gate = { on: false, reason: mismatch, final: true };
      session.vectors.release();
      d.notices.push(`Vector search uses sqlite-vec's KNN: ${mismatch}.`);
    }
  }
  d.vector = gate;
  return gate.on;
}

/** The backends the last searches ran on (the accelerators count once they passed their self-check). */
export function searchBackends(session: IndexSession): SearchBackends {
  const d = session.get(DECISIONS);
  const keywordOn = session.accelerators.keyword ?? d?.keyword?.on ?? false;
  const vectorOn = session.accelerators.vector ?? d?.vector?.on ?? false;
  const table = storedVectorTable(session.db);
  const vector = table === 'none' ? 'none' : table === 'plain' ? 'js-scan' : vectorOn ? 'int8-scan' : 'sqlite-vec-knn';
  return { keyword: keywordOn ? 'fts5-doclists' : 'fts5-bm25', vector, notices: [...(d?.notices ?? [])] };
}
