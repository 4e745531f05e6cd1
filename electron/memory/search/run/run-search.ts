// One search, start to finish: keyword side + vector side → fuse → decay → sort by final →
// source/date filters → minScore → MMR (if on) → maxResults. The breakdown is assembled once per
// candidate and its final score comes from shared/score.ts's computeFinalScore, nothing else.
import type {
  DateBoostBreakdown,
  FileDate,
  FileKind,
  MemorySource,
  ScoreBreakdown,
  SearchMode,
  SearchNotice,
  SearchOptions,
  SearchResponse,
} from '../../../../shared/domain.js';
import { chunkImportance } from '../../../../shared/memory-annotations.js';
import { modeReasonFields, modeReasons, type ModeReason } from '../../../../shared/mode-reasons.js';
import { computeFinalScore } from '../../../../shared/score.js';
import { candidateCount } from '../../../../shared/search-defaults.js';
import type { AccessStatsLookup, ChunkAccessStats } from '../core/access-boost.js';
import { accessBreakdown } from '../core/access-boost.js';
import { sessionSlot, type IndexSession } from '../sqlite/index-session.js';
import type { ExpansionResources } from '../sqlite/query-expansion/lexical-expansion.js';
import {
  resolveSearchOptions,
  matchesDateFilter,
  matchesSource,
  meetsMinScore,
  type ResolvedSearchOptions,
} from '../core/filters.js';
import { fuseCandidates, type FusedCandidate, type VectorSide } from '../core/fuse.js';
import { describeShownHits, type KeywordSearchResult } from '../sqlite/keyword-search.js';
import { dateGap } from '../sqlite/date-gap.js';
import { searchNotices } from '../core/response-notices.js';
import type { CandidateFate, TracedCandidate } from '../core/traced-candidate.js';
import { dateOnlyQuestion, markRelaxedWhenNoChunkHasEveryTerm, searchKeywords } from './keyword-side.js';
import { computeDecay } from '../core/temporal-decay.js';
import { compareCandidates, keepKeywordMatchesBelowMinScore, selectResults } from '../core/select-results.js';
import { toSearchResult } from '../core/search-result.js';
import { DEFAULT_QUERY_TIMEOUT_MS, runVectorSide, type QueryEmbedder, type VectorSearchFn } from './vector-side.js';
import { isAutomatedKind, type SessionKind } from '../../../../shared/session-kind.js';
import { datedBreakdown, type DateOnlyQuestion } from '../core/dated-score.js';
import type { DateBooster } from '../core/date-boost.js';
import { datedChunkRowids } from '../sqlite/dated-candidates.js';

export type { QueryEmbedder, VectorSearchFn } from './vector-side.js';

/** What a search needs to know about a file (the engine answers from its `files` table). */
export interface SearchFileMeta {
  kind: FileKind;
  date: FileDate | null;
  source: MemorySource;
  /** Who started a transcript (absent for memory files and unknown runs). */
  sessionKind?: SessionKind;
}

export interface SearchContext {
  session: IndexSession;
  fileMeta(path: string): SearchFileMeta | null;
  /** Null/absent: keyword-only. */
  embedder?: QueryEmbedder | null;
  /** Override for tests; default vector-search.ts's `vectorSearch`. */
  vectorSearch?: VectorSearchFn;
  vectorBackend: 'sqlite-vec' | 'js-scan' | 'none';
  mode: SearchMode;
  /** Why the engine is fts-only, when it is. */
  modeReason?: ModeReason;
  provider: string;
  model: string;
  /** Per-query embedding timeout (EmbedderConfig.queryTimeoutMs). */
  queryTimeoutMs?: number;
  /** Agent access counts (EngineOptions.accessStats); absent, breakdowns carry no `access`. */
  accessStats?: AccessStatsLookup;
  /** The engine's thesaurus and dictionaries; absent, the package's dictionary file (never built). */
  expansion?: ExpansionResources;
}

export type { CandidateFate, TracedCandidate } from '../core/traced-candidate.js';

/** Everything a search decided, for runSearch's response and explain-file's account. */
export interface SearchTrace {
  options: ResolvedSearchOptions;
  keyword: KeywordSearchResult;
  vector: VectorSide;
  /** Every fused candidate, best final score first (MMR order does not apply here). */
  candidates: TracedCandidate[];
  /** Returned candidates, in result order. */
  results: TracedCandidate[];
  notices: SearchNotice[];
  mode: SearchMode;
  modeReason?: ModeReason;
  fallback: string | null;
  /** Set when the query is a date and nothing else: the memories dated then, ranked by tier (core/dated-score.ts). */
  dateOnly: DateOnlyQuestion | null;
}

export interface ChunkRow {
  rowid: number;
  id: string;
  hash: string;
  path: string;
  source: MemorySource;
  start_line: number;
  end_line: number;
  text: string;
  first_ms: number | null;
  last_ms: number | null;
  /** JSON array of the days dated headings name over the chunk (chunk/heading-dates.ts). */
  days: string | null;
}

/** The chunk columns a search reads. */
export const CHUNK_COLUMNS = 'rowid, id, hash, path, source, start_line, end_line, text, first_ms, last_ms, days';

const IN_LIST = 'WHERE rowid IN (SELECT value FROM json_each(?))';

/**
 * Chunk rows (text apart) and texts already read, for the index as it was at `key`: a session's
 * searches bring back the same chunks query after query.
 */
interface KeptRows {
  key: string;
  rows: Map<number, ChunkRow>;
  texts: Map<number, string>;
}
const KEPT_ROWS = sessionSlot<KeptRows>('chunk rows');
/** Plenty for the candidates of recent searches; cleared, not evicted one by one. */
const MAX_KEPT_ROWS = 5_000;

function keptRows(session: IndexSession): KeptRows {
  const key = session.changeKey();
  const kept = session.get(KEPT_ROWS);
  if (kept?.key === key && kept.rows.size < MAX_KEPT_ROWS && kept.texts.size < MAX_KEPT_ROWS) return kept;
  return session.set(KEPT_ROWS, { key, rows: new Map(), texts: new Map() });
}

/** The rows of `rowids` that exist, by rowid; `text` is '' unless `withText`. */
function loadChunks(session: IndexSession, rowids: number[], withText: boolean): Map<number, ChunkRow> {
  if (rowids.length === 0) return new Map();
  const kept = keptRows(session);
  const missing = rowids.filter((rowid) => !kept.rows.has(rowid) || (withText && !kept.texts.has(rowid)));
  if (missing.length > 0) {
    const columns = withText
      ? CHUNK_COLUMNS
      : "rowid, id, hash, path, source, start_line, end_line, '' AS text, first_ms, last_ms, days";
    const read = session
      .statement<ChunkRow>(`SELECT ${columns} FROM chunks ${IN_LIST}`)
      .all(JSON.stringify(missing) as never);
    for (const row of read) {
      if (withText) kept.texts.set(row.rowid, row.text);
      kept.rows.set(row.rowid, chunkRow(row, ''));
    }
  }
  const out = new Map<number, ChunkRow>();
  for (const rowid of rowids) {
    const row = kept.rows.get(rowid);
    if (row) out.set(rowid, chunkRow(row, withText ? (kept.texts.get(rowid) ?? '') : ''));
  }
  return out;
}

/** A copy of `row` with `text`, built key by key: every row a search scores has the same shape
 * (spread copies took their shape from the row they copied, and V8 met several). */
function chunkRow(row: ChunkRow, text: string): ChunkRow {
  return {
    rowid: row.rowid,
    id: row.id,
    hash: row.hash,
    path: row.path,
    source: row.source,
    start_line: row.start_line,
    end_line: row.end_line,
    text,
    first_ms: row.first_ms,
    last_ms: row.last_ms,
    days: row.days,
  };
}

/** The chunk's heading days, from their column (a JSON array; null for most chunks). */
function headingDays(column: string | null): string[] {
  if (column === null) return [];
  try {
    const days: unknown = JSON.parse(column);
    return Array.isArray(days) ? days.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

/** A chunk's date boost, out of scoreCandidate: every candidate runs that function and V8 compiles it
 * in each process's first questions, while few questions hold a date. */
function dateBoost(booster: DateBooster, row: ChunkRow, file: SearchFileMeta): DateBoostBreakdown {
  return booster.boostFor(
    { text: row.text, firstMs: row.first_ms, lastMs: row.last_ms, headingDays: headingDays(row.days) },
    file,
  );
}

/** Reads the text of candidates loaded without it. */
function loadTexts(session: IndexSession, candidates: readonly TracedCandidate[]): void {
  const missing = candidates.filter((c) => c.text === '');
  if (missing.length === 0) return;
  const kept = keptRows(session);
  const unread = missing.filter((c) => !kept.texts.has(c.chunkRowid));
  if (unread.length > 0) {
    const read = session.statement<{ rowid: number; text: string }>(`SELECT rowid, text FROM chunks ${IN_LIST}`);
    for (const r of read.all(JSON.stringify(unread.map((c) => c.chunkRowid)) as never)) kept.texts.set(r.rowid, r.text);
  }
  for (const c of missing) c.text = kept.texts.get(c.chunkRowid) ?? '';
}

/** The counts of returned results when the boost is off: shown, multiplier 1, order unchanged. */
function attachAccess(
  ctx: Pick<SearchContext, 'accessStats'>,
  results: TracedCandidate[],
  options: ResolvedSearchOptions,
): void {
  const stats = ctx.accessStats?.(results.map((r) => ({ path: r.path, hash: r.chunkHash })));
  if (!stats) return;
  results.forEach((r, i) => {
    const { final, ...parts } = r.breakdown;
    r.breakdown = { ...parts, access: accessBreakdown(stats[i] ?? null, options.accessBoost), final };
  });
}

/** Access stats for rows, in order; undefined when the host keeps none. */
export function lookupAccess(
  ctx: Pick<SearchContext, 'accessStats'>,
  rows: readonly ChunkRow[],
): (ChunkAccessStats | null)[] | undefined {
  return ctx.accessStats?.(rows.map((row) => ({ path: row.path, hash: row.hash })));
}

/**
 * Score one fused candidate and decide whether the filters let it through (fate before max results).
 * `access` undefined: the host keeps no access counts, so the breakdown has no `access` part.
 * `dateOnly`: the query is a date and nothing else, so the breakdown's `dated` tier decides.
 */
export function scoreCandidate(
  fused: FusedCandidate,
  row: ChunkRow,
  meta: SearchFileMeta | null,
  options: ResolvedSearchOptions,
  access?: ChunkAccessStats | null,
  dateOnly: DateOnlyQuestion | null = null,
): TracedCandidate {
  const file = meta ?? { kind: 'evergreen' as const, date: null, source: row.source };
  const dates = options.dateBooster ? dateBoost(options.dateBooster, row, file) : null;
  // Built key by key, in the order the response lists them: tens of candidates per query, and
  // conditional spreads gave each one a copy and objects of several shapes.
  const breakdown = {
    keyword: fused.keyword,
    vector: fused.vector,
    weights: fused.weights,
    hybrid: fused.hybrid,
    decay: computeDecay(file, {
      enabled: options.decay.enabled,
      halfLifeDays: options.decay.halfLifeDays,
      nowMs: options.nowMs,
    }),
    mmr: null,
    dates,
  } as ScoreBreakdown;
  if (access !== undefined) breakdown.access = accessBreakdown(access, options.accessBoost);
  // MEMORY.md / USER.md chunks carry an importance line: × 0.75 + 0.05 N for `<!-- importance: N -->`.
  const importance = chunkImportance(row.path, row.text, row.start_line);
  if (importance) breakdown.importance = importance;
  if (dateOnly)
    breakdown.dated = datedBreakdown(
      dateOnly,
      { path: row.path, source: row.source, sessionKind: meta?.sessionKind },
      dates,
    );
  breakdown.final = computeFinalScore(breakdown);
  let fate: CandidateFate = 'beyond-max-results';
  if (!matchesSource(row.source, options.sources)) fate = 'filtered-source';
  else if (options.hideAutomated && isAutomatedKind(meta?.sessionKind)) fate = 'filtered-source';
  else if (!matchesDateFilter(file, options.from, options.to)) fate = 'filtered-date';
  else if (!meetsMinScore(breakdown.final, options.minScore)) fate = 'below-min-score';
  return {
    chunkRowid: row.rowid,
    chunkId: row.id,
    chunkHash: row.hash,
    path: row.path,
    source: row.source,
    startLine: row.start_line,
    endLine: row.end_line,
    text: row.text,
    // An evergreen file's date is its modification time: not when the memory happened.
    date: file.kind === 'evergreen' ? null : (file.date?.date ?? null),
    breakdown,
    fate,
    resultRank: null,
    alsoIn: [],
    foldedInto: null,
    region: null,
    merged: [],
    mergedInto: null,
  };
}

/**
 * How many chunks dated on the asked days a date-only question considers: a month of daily notes
 * and the day's conversations fit; beyond it, the most automated runs of a busy period are left out.
 */
const DATED_CANDIDATES = 400;

export interface TraceOptions {
  /** Candidates per side; default candidateCount(maxResults). explain-file casts a wider net. */
  candidateLimit?: number;
}

export async function traceSearch(
  ctx: SearchContext,
  searchOptions: SearchOptions,
  traceOptions: TraceOptions = {},
): Promise<SearchTrace> {
  const options = resolveSearchOptions(searchOptions);
  const limit = traceOptions.candidateLimit ?? candidateCount(options.maxResults);
  const dateRange = options.from !== null || options.to !== null ? { from: options.from, to: options.to } : null;
  // Each half of the search reads the change key once (its caches each ask for it).
  const keyword = ctx.session.withChangeKey(() =>
    searchKeywords(ctx.session, options, limit, dateRange, ctx.expansion),
  );

  const vectorResult = await runVectorSide({
    session: ctx.session,
    embedder: ctx.embedder,
    vectorSearch: ctx.vectorSearch,
    unavailableReason:
      ctx.mode === 'fts-only' || ctx.vectorBackend === 'none' ? (ctx.modeReason ?? modeReasons.off()) : null,
    query: options.query,
    limit,
    sources: options.sources,
    timeoutMs: ctx.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
  });

  return ctx.session.withChangeKey((): SearchTrace => {
    const dateOnly = dateOnlyQuestion(options, keyword);
    const booster = options.dates.enabled ? options.dateBooster : null;
    const gap = booster ? dateGap(ctx.session, booster.mentions, options.sources, options.timeZoneOffsetMinutes) : null;

    const dated = dateOnly
      ? datedChunkRowids(ctx.session, dateOnly.mentions, {
          sources: options.sources,
          hideAutomated: options.hideAutomated,
          timeZoneOffsetMinutes: options.timeZoneOffsetMinutes,
          limit: DATED_CANDIDATES,
        })
      : [];
    const fused = fuseCandidates(
      keyword.candidates,
      vectorResult.side,
      options.weights,
      keyword.terms.length > 0,
      dated,
    );
    // The date boost and MMR read every candidate's text; otherwise only the results need theirs.
    const everyText = options.dateBooster !== null || options.mmr.enabled;
    const rows = loadChunks(
      ctx.session,
      fused.map((f) => f.chunkRowid),
      everyText,
    );
    const metaCache = new Map<string, SearchFileMeta | null>();
    const metaOf = (path: string): SearchFileMeta | null => {
      if (!metaCache.has(path)) metaCache.set(path, ctx.fileMeta(path));
      return metaCache.get(path) ?? null;
    };
    // A vector row whose chunk is gone (index mid-update) is not a result.
    const present = fused.filter((f) => rows.has(f.chunkRowid));
    // With the boost on, counts can change the order, so every candidate needs its count; with it
    // off (the default) only the returned results show theirs, so only they are looked up.
    const access = options.accessBoost.enabled
      ? lookupAccess(
          ctx,
          present.map((f) => rows.get(f.chunkRowid)!),
        )
      : undefined;
    const candidates: TracedCandidate[] = [];
    present.forEach((f, i) => {
      const row = rows.get(f.chunkRowid)!;
      candidates.push(scoreCandidate(f, row, metaOf(row.path), options, access ? access[i] : undefined, dateOnly));
    });
    candidates.sort(compareCandidates);
    let results = selectResults(candidates, options);
    const kept = results.length === 0 ? keepKeywordMatchesBelowMinScore(candidates) : 0;
    if (kept > 0) results = selectResults(candidates, options);
    if (!everyText) loadTexts(ctx.session, results);
    if (!access) attachAccess(ctx, results, options);
    describeShownHits(
      ctx.session,
      results.map((r) => ({ chunkRowid: r.chunkRowid, keyword: r.breakdown.keyword, text: r.text })),
      keyword.terms,
      keyword.written,
      options.dateTerms,
      keyword.fragments,
      keyword.partials,
      keyword.expansions,
    );
    const relaxed = markRelaxedWhenNoChunkHasEveryTerm(ctx.session, keyword, results, {
      sources: options.sources,
      dateRange,
      hideAutomated: options.hideAutomated,
    });
    const notices = searchNotices({
      // A query of date words alone is answered by the dates (dateOnly); anything else needs words.
      noTerms: keyword.terms.length === 0 && !dateOnly,
      questionWords: options.questionWords.map((q) => q.text),
      mentionsDates: options.dateBooster !== null,
      dates: booster ? { mentions: booster.mentions, boost: options.dates.boost, dateOnly: dateOnly !== null } : null,
      gap,
      vectorLoss: vectorResult.loss,
      dictionaryPending: keyword.dictionaryPending,
      relaxed,
      keptBelowMinScore: kept > 0 ? { minScore: options.minScore, best: results[0]!.breakdown.final } : null,
    });

    const fellBack = vectorResult.fellBack;
    return {
      options,
      keyword,
      vector: vectorResult.side,
      candidates,
      results,
      notices,
      mode: fellBack ? 'fts-only' : ctx.mode,
      modeReason: fellBack && !vectorResult.side.available ? vectorResult.side.reason : ctx.modeReason,
      fallback: fellBack ? 'fts-only' : null,
      dateOnly,
    };
  });
}

/** memory_search: OpenClaw's response shape plus a breakdown per result. */
export async function runSearch(ctx: SearchContext, options: SearchOptions): Promise<SearchResponse> {
  const started = performance.now();
  return responseOf(ctx, await traceSearch(ctx, options), started);
}

/** One candidate of a search, best final score first, with the result that lists it. */
export interface RankedCandidate {
  path: string;
  startLine: number;
  endLine: number;
  /** Its keyword side's matched terms are filled in, as for a returned result. */
  breakdown: ScoreBreakdown;
  fate: CandidateFate;
  /** 1-based rank of the result that shows it (its own, the region it joined, or the copy it folded into); null when none does. */
  listedAt: number | null;
}

/** A search's response and its candidates in the same ranking, from one run. */
export interface RankedSearch {
  response: SearchResponse;
  /** The best `depth` candidates the filters let through (any score), best first. */
  candidates: RankedCandidate[];
}

/**
 * The search as `runSearch` answers it, and the candidates it ranked: an account of what it
 * found beyond its results (a diagnosis) comes from the same run, so it cannot disagree with them.
 */
export async function runRankedSearch(
  ctx: SearchContext,
  options: SearchOptions,
  depth: number,
): Promise<RankedSearch> {
  const started = performance.now();
  const trace = await traceSearch(ctx, options);
  const considered = trace.candidates
    .filter((c) => c.fate !== 'filtered-source' && c.fate !== 'filtered-date')
    .slice(0, depth);
  const { keyword } = trace;
  describeShownHits(
    ctx.session,
    considered
      .filter((c) => c.fate !== 'returned')
      .map((c) => ({ chunkRowid: c.chunkRowid, keyword: c.breakdown.keyword, ...(c.text ? { text: c.text } : {}) })),
    keyword.terms,
    keyword.written,
    trace.options.dateTerms,
    keyword.fragments,
    keyword.partials,
    keyword.expansions,
  );
  return {
    response: responseOf(ctx, trace, started),
    candidates: considered.map((c) => ({
      path: c.path,
      startLine: c.startLine,
      endLine: c.endLine,
      breakdown: c.breakdown,
      fate: c.fate,
      listedAt: listingOf(c).resultRank,
    })),
  };
}

/** The candidate that stands for `c` in the results (itself unless folded or merged into another). */
function listingOf(c: TracedCandidate): TracedCandidate {
  let at = c;
  while (at.foldedInto ?? at.mergedInto) at = (at.foldedInto ?? at.mergedInto)!;
  return at;
}

function responseOf(ctx: SearchContext, trace: SearchTrace, started: number): SearchResponse {
  const response: SearchResponse = {
    results: trace.results.map(toSearchResult),
    provider: ctx.provider,
    model: ctx.model,
    fallback: trace.fallback,
    mode: trace.mode,
    notices: trace.notices,
    candidates: trace.candidates.filter((c) => c.fate !== 'filtered-source' && c.fate !== 'filtered-date').length,
    tookMs: 0,
  };
  if (trace.modeReason !== undefined && trace.mode === 'fts-only')
    Object.assign(response, modeReasonFields(trace.modeReason));
  response.tookMs = Math.round((performance.now() - started) * 100) / 100;
  return response;
}
