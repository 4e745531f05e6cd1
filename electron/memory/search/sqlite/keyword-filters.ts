// The keyword side's filters — sources, a date range, one file — written once, as SQL conditions on
// a chunk (`c`) and its file (`f`), and applied in three shapes: joined to FTS5's MATCH, checked for
// one ranked chunk, and listing every passing chunk (the UnionFilter of bm25-union.ts). A chunk row
// must exist; a date range also needs the file's row, dated and not evergreen.
import type { MemorySource } from '../../../../shared/domain.js';
import type { UnionFilter } from './bm25-union.js';
import { sessionSlot, type IndexSession } from './index-session.js';
import { addDays } from '../../../../shared/query-dates.js';
import { AUTOMATED_KINDS } from '../../../../shared/session-kind.js';

export interface KeywordFilters {
  sources?: readonly MemorySource[] | null;
  /**
   * Date pre-filter (inclusive ISO dates). Applied as a superset — dated, non-evergreen files
   * whose date could overlap the range — so the candidate limit is spent inside the range; the
   * exact check is filters.ts's.
   */
  dateRange?: { from: string | null; to: string | null } | null;
  /** Restrict to one file (explain-file). */
  path?: string;
  /** Leave out transcripts of automated runs (shared/session-kind.ts), before the candidate limit. */
  hideAutomated?: boolean;
}

/** A month is the longest period a dated file covers, so `from - 31 days` never drops a match. */
const MONTH_SLACK_DAYS = 31;

interface ResolvedFilters {
  sources: readonly MemorySource[] | null;
  /** Inclusive bounds on files.date, when a date range applies. */
  dates: { to: string | null; fromEarliest: string | null } | null;
  path: string | null;
  hideAutomated: boolean;
}

function resolve(filters: KeywordFilters): ResolvedFilters | null {
  const sources = filters.sources && filters.sources.length > 0 ? filters.sources : null;
  const range = filters.dateRange;
  const dates =
    range && (range.from !== null || range.to !== null)
      ? { to: range.to, fromEarliest: range.from === null ? null : addDays(range.from, -MONTH_SLACK_DAYS) }
      : null;
  const path = filters.path ?? null;
  const hideAutomated = filters.hideAutomated === true;
  return sources === null && dates === null && path === null && !hideAutomated
    ? null
    : { sources, dates, path, hideAutomated };
}

/** SQL that is true for the files row `alias` of an automated run's transcript (shared/session-kind.ts's kinds). */
export function automatedRunSql(alias: string): string {
  const kinds = AUTOMATED_KINDS.map((kind) => `'${kind}'`).join(', ');
  return `coalesce(json_extract(${alias}.metadata, '$.sessionKind'), 'conversation') IN (${kinds})`;
}

export function hasKeywordFilters(filters: KeywordFilters): boolean {
  return resolve(filters) !== null;
}

/** The filters as conditions on `chunks c` and, when `files` is true, `files f` joined on the path. */
function conditions(f: ResolvedFilters): { files: boolean; where: string[]; params: Record<string, unknown> } {
  const out = {
    files: f.dates !== null || f.hideAutomated,
    where: [] as string[],
    params: {} as Record<string, unknown>,
  };
  if (f.hideAutomated) out.where.push(`NOT ${automatedRunSql('f')}`);
  if (f.sources) out.where.push(sourceCondition('c.source', f.sources, out.params));
  if (f.path !== null) {
    out.where.push('c.path = @path');
    out.params.path = f.path;
  }
  if (f.dates) out.where.push(...dateConditions(f.dates, out.params));
  return out;
}

/** The date rule: a dated, non-evergreen file whose date could overlap the range (ISO dates compare as text). */
function dateConditions(dates: NonNullable<ResolvedFilters['dates']>, params: Record<string, unknown>): string[] {
  const where = ["f.kind <> 'evergreen'", 'f.date IS NOT NULL'];
  if (dates.to !== null) {
    where.push('f.date <= @to');
    params.to = dates.to;
  }
  if (dates.fromEarliest !== null) {
    where.push('f.date >= @fromEarliest');
    params.fromEarliest = dates.fromEarliest;
  }
  return where;
}

/** Joins, conditions and parameters that add the filters to a query over `chunks_fts`. */
export function filterSql(filters: KeywordFilters): {
  joins: string[];
  where: string[];
  params: Record<string, unknown>;
} {
  const f = resolve(filters);
  if (!f) return { joins: [], where: [], params: {} };
  const { files, where, params } = conditions(f);
  const joins = ['JOIN chunks c ON c.rowid = chunks_fts.rowid'];
  if (files) joins.push('JOIN files f ON f.path = c.path');
  return { joins, where, params };
}

/**
 * Few enough chunks to rank them all rather than check the best one by one (a guess from
 * files.chunk_count): with an eighth of all chunks passing, ~8 checks find each of the `limit`.
 */
const FEW_SHARE = 1 / 8;

function sourceCondition(column: string, sources: readonly MemorySource[], params: Record<string, unknown>): string {
  sources.forEach((source, i) => (params[`source${i}`] = source));
  return `${column} IN (${sources.map((_, i) => `@source${i}`).join(', ')})`;
}

/**
 * The files a date range can let through (dated, not evergreen), sorted by date, and every
 * source's chunk count: the date-range and sources estimates in memory, where a scan of the files
 * table on every filtered query cost more than the ranking. Kept per index until it changes.
 */
export interface FileDates {
  key: string;
  dates: string[];
  paths: string[];
  sources: string[];
  chunks: number[];
  chunksBySource: Map<string, number>;
  allChunks: number;
}

const FILE_DATES = sessionSlot<FileDates>('dated files');

function fileDates(session: IndexSession): FileDates {
  const key = session.changeKey();
  const cached = session.get(FILE_DATES);
  if (cached?.key === key) return cached;
  const db = session.db;
  const rows = db
    .prepare<[], { path: string; source: string; date: string; chunks: number }>(
      "SELECT path, source, date, chunk_count AS chunks FROM files WHERE kind <> 'evergreen' AND date IS NOT NULL",
    )
    .all()
    // Compared as passes() compares them (ISO dates: as SQLite does).
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const chunksBySource = new Map(
    db.prepare<[], [string, number]>('SELECT source, total(chunk_count) FROM files GROUP BY source').raw().all(),
  );
  let allChunks = 0;
  for (const count of chunksBySource.values()) allChunks += count;
  const built: FileDates = {
    key,
    dates: rows.map((r) => r.date),
    paths: rows.map((r) => r.path),
    sources: rows.map((r) => r.source),
    chunks: rows.map((r) => r.chunks),
    chunksBySource,
    allChunks,
  };
  return session.set(FILE_DATES, built);
}

/** The first index in sorted `dates` at or after `date` (after it, with `after`). */
function firstFrom(dates: readonly string[], date: string, after: boolean): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! < date || (after && dates[mid] === date)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The files whose date lies within `dates`: [from, to) in FileDates' order. */
function inRange(files: FileDates, dates: NonNullable<ResolvedFilters['dates']>): { from: number; to: number } {
  return {
    from: dates.fromEarliest === null ? 0 : firstFrom(files.dates, dates.fromEarliest, false),
    to: dates.to === null ? files.dates.length : firstFrom(files.dates, dates.to, true),
  };
}

/**
 * Which chunks passed the last filter asked, while the index is as it was: a session's searches
 * mostly ask the same one (its sources), and the best chunks come back query after query.
 */
interface KeptVerdicts {
  key: string;
  verdicts: Map<number, boolean>;
}
const FILTER_VERDICTS = sessionSlot<KeptVerdicts>('filter verdicts');
/** Plenty for the chunks checked one by one; cleared, not evicted one by one. */
const MAX_KEPT_VERDICTS = 20_000;

function keptVerdicts(session: IndexSession, filter: string): Map<number, boolean> {
  const key = `${session.changeKey()}\u0001${filter}`;
  const kept = session.get(FILTER_VERDICTS);
  if (kept?.key === key && kept.verdicts.size < MAX_KEPT_VERDICTS) return kept.verdicts;
  return session.set(FILTER_VERDICTS, { key, verdicts: new Map() }).verdicts;
}

/**
 * The filters as a UnionFilter; null without filters. A chunk is checked through its row and its
 * file's (a few µs); the whole passing set is read from the chunks table (for a date range, the
 * chunks of the files in range). One file's chunks are always few; for sources and dates the
 * files' chunk counts say whether the best few hundred chunks would hold enough that pass:
 * "yesterday" in a workspace of years holds a handful.
 */
export function unionFilter(session: IndexSession, filters: KeywordFilters): UnionFilter | null {
  const f = resolve(filters);
  if (!f) return null;
  const { files, where, params } = conditions(f);
  const conditionsSql = where.join(' AND ');
  const one = session
    .statement(
      `SELECT 1 FROM chunks c ${files ? 'JOIN files f ON f.path = c.path' : ''} WHERE c.rowid = @rowid AND ${conditionsSql}`,
    )
    .pluck();
  const sources = f.sources ? new Set<string>(f.sources) : null;
  const dates = f.dates;
  const verdicts = keptVerdicts(session, `${conditionsSql}\u0000${JSON.stringify(params)}`);
  return {
    passes(rowid) {
      let verdict = verdicts.get(rowid);
      if (verdict === undefined) {
        verdict = one.get({ ...params, rowid }) !== undefined;
        verdicts.set(rowid, verdict);
      }
      return verdict;
    },
    fewPass() {
      if (f.path !== null) return true;
      // Automated runs alone say nothing of how few pass: most chunks do, so check the best ones.
      if (f.hideAutomated && !dates && !sources) return false;
      const known = fileDates(session);
      let passing = 0;
      if (dates) {
        const range = inRange(known, dates);
        for (let i = range.from; i < range.to; i++)
          if (!sources || sources.has(known.sources[i]!)) passing += known.chunks[i]!;
      } else {
        for (const source of sources ?? []) passing += known.chunksBySource.get(source) ?? 0;
      }
      return passing <= known.allChunks * FEW_SHARE;
    },
    passing() {
      // CROSS JOIN keeps files the outer loop: the dated files are few, their chunks found by path.
      const from = files ? 'files f CROSS JOIN chunks c ON c.path = f.path' : 'chunks c';
      return session.statement<number>(`SELECT c.rowid FROM ${from} WHERE ${conditionsSql}`).pluck().all(params);
    },
  };
}
