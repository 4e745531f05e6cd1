// Runtime schemas (zod 4) for every value that crosses the contract — and, through z.output, the
// TypeScript types the engine, the shells and the renderer use (shared/domain.ts). One
// declaration per shape: a field added here is validated on every transport and typed everywhere.
import { z } from 'zod';
import { EmbedderRetryStateSchema } from './embedder-retry-schemas.js';
import { ERROR_CODES } from './errors.js';
import { ExpansionOptionsSchema, TermExpansionSchema } from './expansion-schemas.js';
import { ImportanceBreakdownSchema, OpenClawBreakdownSchema, SearchProfileSchema } from './openclaw-rank-schemas.js';
import { AUTOMATED_RUNS, SESSION_KINDS } from './session-kind.js';
import { TranscriptToolSchema } from './transcript-tool-schema.js';

// ---------------------------------------------------------------------------------------------
// Small building blocks

const SessionKindSchema = z.enum(SESSION_KINDS);
const AutomatedRunsSchema = z.enum(AUTOMATED_RUNS);

/** Workspace-relative path as the renderer sends it. Containment is the engine's job (realpath). */
export const RelPathSchema = z.string().min(1, 'path is empty').max(4096, 'path is too long');
/** sha256 hex, as every content hash in Memory Lens is. */
export const HashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'expected a sha256 hex hash');
export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected an ISO date YYYY-MM-DD');

/** Where a memory came from, as OpenClaw's memory_search reports it. */
export const MemorySourceSchema = z.enum(['memory', 'sessions']);
/** How a file behaves over time. Evergreen files never decay. */
export const FileKindSchema = z.enum(['evergreen', 'dated', 'session']);
/** Granularity of a file's date: a day file, a weekly/monthly summary, or a timestamp. */
export const DateGranularitySchema = z.enum(['day', 'week', 'month', 'instant']);
/** Where a date came from; every consumer (timeline, decay, breakdown) shows it. */
export const DateSourceSchema = z.enum(['path', 'frontmatter', 'first-record', 'mtime']);
/** The four-layer layout (daily notes, conversations, weekly and monthly summaries), recognised under memory/ (or at the workspace root). */
export const MemoryLayerSchema = z.enum([
  'conversations',
  'facts',
  'tasks',
  'summaries-daily',
  'summaries-weekly',
  'summaries-monthly',
]);

export const FileDateSchema = z.object({
  /** ISO date `YYYY-MM-DD` (for week/month granularity: the first day of that period). */
  date: z.string(),
  /** Epoch milliseconds of `date` at 00:00 UTC, or the exact instant for `instant`. */
  epochMs: z.number(),
  granularity: DateGranularitySchema,
  source: DateSourceSchema,
});

export const ChecksumStatusSchema = z.object({ declared: z.string(), actual: z.string(), ok: z.boolean() });

/**
 * One file the engine knows about. `path` is workspace-relative with forward slashes.
 * Session transcripts from outside the workspace get a virtual path `sessions/<agentId>/<file>`.
 */
export const WorkspaceFileSchema = z.object({
  path: z.string(),
  source: MemorySourceSchema,
  kind: FileKindSchema,
  /** Four-layer layout membership, if any. */
  layer: MemoryLayerSchema.optional(),
  /** `*.jsonl.reset.*` / `*.jsonl.deleted.*` archives. */
  archived: z.boolean(),
  /** OpenClaw agent id for sessions found under ~/.openclaw/agents/<id>/sessions. */
  agentId: z.string().optional(),
  /** Transcripts: who started the run (shared/session-kind.ts); absent for Markdown files. */
  sessionKind: SessionKindSchema.optional(),
  /** The date used by the timeline and by decay; evergreen files may still carry one for display. */
  date: FileDateSchema.nullable(),
  size: z.number(),
  mtimeMs: z.number(),
  /** Present when the frontmatter declares a checksum. */
  checksum: ChecksumStatusSchema.optional(),
  /** Frontmatter `type` / `tags`, when present. */
  type: z.string().optional(),
  tags: z.array(z.string()).optional(),
});

/** A message by id and parameters beside its English text, for the UI to word in its language. */
export const MessageRefFields = {
  messageId: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
};

/** Index state of one file, as the file browser badges it. */
export const FileIndexStateSchema = z.enum(['indexed', 'pending', 'failed', 'skipped']);

export const FileListEntrySchema = WorkspaceFileSchema.extend({
  /** Frontmatter `title` or first heading; for sessions the first user message. */
  title: z.string().optional(),
  indexState: FileIndexStateSchema,
  /** Why it is skipped or failed (English), and the same reason by id (shared/index-reasons.ts). */
  indexError: z.string().optional(),
  indexErrorId: MessageRefFields.messageId,
  indexErrorParams: MessageRefFields.params,
  chunks: z.number(),
  /** Session files: messages skipped because their JSONL line was malformed. */
  malformedLines: z.number().optional(),
});

// ---------------------------------------------------------------------------------------------
// Search

/** Sensible bounds: the UI's sliders stay inside them; anything outside is a bug or an attack. */
export const SearchOptionsSchema = z.strictObject({
  query: z.string().max(10_000, 'query is longer than 10,000 characters'),
  /** Default 6 (OpenClaw's memory_search default). */
  maxResults: z.number().int().min(1).max(1000).optional(),
  /** Default 0.35. */
  minScore: z.number().min(0).max(1).optional(),
  sources: z.array(MemorySourceSchema).optional(),
  /** Weights before renormalisation; default vector 0.7, text 0.3. */
  vectorWeight: z.number().min(0).max(1000).optional(),
  textWeight: z.number().min(0).max(1000).optional(),
  decay: z
    .strictObject({ enabled: z.boolean(), halfLifeDays: z.number().positive().max(100_000).optional() })
    .optional(),
  mmr: z.strictObject({ enabled: z.boolean(), lambda: z.number().min(0).max(1).optional() }).optional(),
  /** Inclusive ISO dates `YYYY-MM-DD`; evergreen files have no date and are excluded by a range. */
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  /** "Now" for decay and for dates in the query, as epoch ms; defaults to the current time. Tests pin it. */
  now: z.number().optional(),
  /** Lift chunks the agent keeps retrieving (an access-count boost); off by default. */
  accessBoost: z.strictObject({ enabled: z.boolean(), factor: z.number().min(0).max(10).optional() }).optional(),
  /**
   * The asker's time zone, in minutes east of UTC (480 for UTC+8): what "yesterday" and a file's
   * day mean. Default: the engine's local time zone.
   */
  timeZoneOffsetMinutes: z.number().int().min(-840).max(840).optional(),
  /** Dates in the query ("昨天", "Feb 5th", "2026-04-16"): boost memories from then. Default on, ×2. */
  dates: z.strictObject({ enabled: z.boolean(), boost: z.number().min(1).max(10).optional() }).optional(),
  /** `openclaw`: rank as OpenClaw 2026.9.6's memory_search does (its chunks, its scores; hybrid with the agent's embedder). Default: Memory Lens's own. */
  profile: SearchProfileSchema.optional(),
  /** Words searched besides the query's own, with less weight (shared/expansion-schemas.ts). */
  expansion: ExpansionOptionsSchema.optional(),
  /** Snippets show secrets (keys, passwords) raw instead of masked (shared/secrets.ts). Default off. */
  showSecrets: z.boolean().optional(),
  /**
   * `hide`: transcripts of automated runs (cron, heartbeat, sub-agent; shared/session-kind.ts) are
   * left out before candidates are cut, so they never take a human result's place. Default include.
   */
  automated: AutomatedRunsSchema.optional(),
});

/**
 * One query term's part of a chunk's BM25 (FTS5's formula, k1 1.2, b 0.75). The contributions of
 * a chunk's terms add up to −bm25 exactly as FTS5 computed it.
 */
export const TermBreakdownSchema = z.object({
  /** The term as indexed (lowercased; Latin words stemmed). */
  term: z.string(),
  /** The words, as written in the query and in this chunk, that this term stands for. */
  asWritten: z.array(z.string()),
  /** How often the term occurs in this chunk. */
  occurrences: z.number(),
  /** How many chunks of the index contain it (of `totalChunks`). */
  chunksWithTerm: z.number(),
  /** Its inverse document frequency: ln((N − n + 0.5) / (n + 0.5)); rarer terms weigh more. */
  idf: z.number(),
  /** Its share of −bm25 for this chunk. */
  contribution: z.number(),
  /** Part of a date written in the query ("2026-04-16"): searched, but not one of the terms a memory should hold. */
  dateWord: z.boolean().optional(),
  /**
   * A Chinese/Japanese/Korean character pair that straddles two words of the query ("密报" in
   * 华联精密报价): searched to catch partial matches and other segmentations, not a word itself.
   */
  fragment: z.boolean().optional(),
  /** Not a word of the query: a synonym, translation or feedback word standing for some of them. */
  expansion: TermExpansionSchema.optional(),
  /**
   * Held here only as part of a longer word: 不易 of the query's 毛不易, 用户 inside this chunk's
   * 用户名 when the query says 用户名字. `contribution` is already multiplied by `partialWeight`.
   */
  partOf: z.string().optional(),
  partialWeight: z.number().optional(),
});

export const KeywordBreakdownSchema = z.object({
  /**
   * FTS5's bm25() (lower is better; negative for matches), with the shares of partial CJK matches
   * weighted (TermBreakdown.partialWeight); the raw bm25() when no term is partial.
   */
  bm25: z.number(),
  /** 1-based position in the keyword candidate list. */
  rank: z.number(),
  /** The query's IDF mass: Σ FTS5 IDF over its terms that occur in the index (shared/score.ts). */
  idfMass: z.number(),
  /** bm25ToScore(bm25, idfMass): x / (1 + x) with x = -bm25 / idfMass; keeps BM25 order. */
  score: z.number(),
  /** Query terms this chunk contains, date words aside ("matched k of n": k = matchedTerms.length, n = termCount). */
  matchedTerms: z.array(z.string()),
  /** How many terms (date words aside) the query searched for. */
  termCount: z.number().optional(),
  /** The FTS5 MATCH expression that produced this hit (any query term). */
  query: z.string(),
  /** True when no chunk contains every query term (results match some of them). */
  relaxed: z.boolean(),
  /** Term by term, for results that are shown (not computed for every candidate). */
  terms: z.array(TermBreakdownSchema).optional(),
  /** This chunk's length in indexed tokens, and the index's average, as BM25 weighs them. */
  chunkTokens: z.number().optional(),
  avgChunkTokens: z.number().optional(),
  /** Chunks in the index (N in the IDF). */
  totalChunks: z.number().optional(),
});

export const VectorBreakdownSchema = z.object({
  cosine: z.number(),
  /** Vector score as fused; equals max(0, cosine). */
  score: z.number(),
  /** 1-based position in the vector candidate list. */
  rank: z.number(),
});
export const VectorUnavailableSchema = z.object({
  unavailable: z.literal(true),
  reason: z.string(),
  /** The same reason by message id and parameters (shared/mode-reasons.ts). */
  reasonId: MessageRefFields.messageId,
  reasonParams: MessageRefFields.params,
});

export const WeightsBreakdownSchema = z.object({
  /** As configured. */
  configured: z.object({ vector: z.number(), text: z.number() }),
  /** As applied: renormalised to sum to 1 when one side is unavailable. */
  vector: z.number(),
  text: z.number(),
});

export const DecayBreakdownSchema = z.object({
  enabled: z.boolean(),
  date: z.string().nullable(),
  dateSource: DateSourceSchema.nullable(),
  ageDays: z.number().nullable(),
  halfLifeDays: z.number(),
  multiplier: z.number(),
  evergreen: z.boolean(),
});

export const MmrBreakdownSchema = z.object({
  lambda: z.number(),
  /** Highest similarity (Jaccard over tokens) to a result already selected above this one. */
  maxSimilarity: z.number(),
  /** Path:lines of that result, or null for the first pick. */
  similarTo: z.string().nullable(),
  /** (1 - lambda) * maxSimilarity. */
  penalty: z.number(),
  /** lambda * relevance - penalty: the value MMR selected by. */
  mmrScore: z.number(),
  rankBefore: z.number(),
  rankAfter: z.number(),
});

/** A date the query mentions, as written and as the days it means (the asker's time zone). */
export const QueryDateSchema = z.object({ text: z.string(), from: z.string(), to: z.string() });

/**
 * Dates in the query: a memory from then is boosted. Present only when the query mentions a date.
 * `match` says why this chunk is from then: its file's date, when its session messages were
 * written, or a date written in its text.
 */
export const DateBoostBreakdownSchema = z.object({
  enabled: z.boolean(),
  mentions: z.array(QueryDateSchema),
  /** The configured factor for a memory from the mentioned dates. */
  boost: z.number(),
  match: z
    .object({
      evidence: z.enum(['file-date', 'session-messages', 'heading', 'text']),
      /** The days of the evidence (a file's day, week or month; the messages' days; the heading's; the date written). */
      from: z.string(),
      to: z.string(),
      /** For `text`: the date as written in the chunk. */
      written: z.string().nullable(),
      /** Which query date it matched (its words). */
      mention: z.string(),
      /** True when the evidence covers more than the query asked (a weekly summary for one day): half the boost. */
      broader: z.boolean(),
    })
    .nullable(),
  /** The factor applied to this chunk: `boost`, half of it for broader or written-date evidence, or 1. */
  multiplier: z.number(),
});

/**
 * A question of date words alone ("what did we do on Feb 5th", "上周二做了什么"): the memories
 * dated then are ranked by tier (shared/score.ts's DATED_TIERS: the day's note, notes dated then,
 * notes covering more, conversations, notes that only mention the day, automated runs, the rest),
 * then by day for a period, then by the ordinary score. `final` is computed from these parts.
 */
export const DatedBreakdownSchema = z.object({
  tier: z.enum(['note', 'dated-note', 'broader-note', 'conversation', 'mention', 'automated', 'undated']),
  /** Days in the asked period (1 for a day) and which of them this memory is from (0 = the first). */
  days: z.number().int().min(1),
  dayIndex: z.number().int().min(0),
  /** The words read as the date, and those read as the question ("what did we do on", "做了什么"). */
  dateWords: z.array(z.string()),
  questionWords: z.array(z.string()),
});

/**
 * How often agents retrieved this chunk (results of memory_search, lines read by memory_get),
 * counted outside the index so a rebuild keeps it, and the optional boost it earns.
 */
export const AccessBreakdownSchema = z.object({
  /** Agent accesses of this chunk (same file, same text) before this search. */
  count: z.number(),
  /** Epoch ms of the latest access, or null when never accessed. */
  lastAccessAt: z.number().nullable(),
  enabled: z.boolean(),
  /** multiplier = 1 + factor × ln(1 + count) when enabled, else 1 (shared/score.ts). */
  factor: z.number(),
  multiplier: z.number(),
});

/**
 * Everything that went into a result's score. `final` is computed from this object by
 * `computeFinalScore` (shared/score.ts) and by nothing else.
 */
export const ScoreBreakdownSchema = z.object({
  /** Null when the chunk was not in the keyword candidate list. */
  keyword: KeywordBreakdownSchema.nullable(),
  /** Null when the chunk was not in the vector list; `unavailable` when vectors were off. */
  vector: z.union([VectorBreakdownSchema, VectorUnavailableSchema]).nullable(),
  weights: WeightsBreakdownSchema,
  /** weights.vector * vectorScore + weights.text * keywordScore. */
  hybrid: z.number(),
  decay: DecayBreakdownSchema,
  /** Present only when MMR is enabled. MMR reorders; it never changes `final`. */
  mmr: MmrBreakdownSchema.nullable(),
  /** Present when the query mentions dates (and date boosting is on). */
  dates: DateBoostBreakdownSchema.nullable().optional(),
  /** Present when the host keeps access counts (the app, the CLI, the MCP server). */
  access: AccessBreakdownSchema.optional(),
  /** Present when the query is a date and nothing else: the tier decides, the rest orders within it. */
  dated: DatedBreakdownSchema.optional(),
  /** Present when the chunk's file carries line annotations OpenClaw reads (MEMORY.md, USER.md). */
  importance: ImportanceBreakdownSchema.optional(),
  /** The `openclaw` profile: OpenClaw's own steps; `final` still comes from the parts above. */
  openclaw: OpenClawBreakdownSchema.optional(),
  /**
   * hybrid × every multiplier (decay, importance, dates, access): shared/score.ts's scoreMultipliers;
   * with `dated`, that product only orders within the tier (shared/score.ts's datedScore).
   */
  final: z.number(),
});

/** Where a matched word sits in a snippet: UTF-16 offsets, end exclusive. The engine finds them; UIs draw them. */
export const HighlightRangeSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });

export const SearchResultSchema = z.object({
  /**
   * The chunk's id in the index (`<path>#<n>`): what identifies a result. Path and lines do not —
   * a long line cut into two chunks gives two results with the same path and line range.
   */
  id: z.string(),
  /** sha256 of the chunk's text: the same text keeps it across edits elsewhere in the file and across rebuilds. */
  chunkHash: z.string(),
  path: z.string(),
  startLine: z.number(),
  endLine: z.number(),
  score: z.number(),
  snippet: z.string(),
  /** The matched words in `snippet`, sorted and non-overlapping (numbers as written: 12345 marks "12,345"). */
  highlights: z.array(HighlightRangeSchema),
  /** The file line the snippet's first line is (Markdown files; transcripts' chunks skip records). */
  snippetLine: z.number().int().optional(),
  source: MemorySourceSchema,
  citation: z.string().optional(),
  /** The file's date for dated files and sessions; null for evergreen files (their mtime is not a memory's date). */
  date: z.string().nullable().optional(),
  /** Other places holding exactly this chunk's text, folded into this result ("also in …"). */
  alsoIn: z
    .array(z.object({ path: z.string(), startLine: z.number(), endLine: z.number(), citation: z.string() }))
    .optional(),
  /**
   * Other chunks of this file whose lines overlap or touch this one's, merged into this result:
   * its lines span them all, its score, snippet and breakdown are its best chunk's.
   */
  merged: z
    .array(z.object({ id: z.string(), startLine: z.number(), endLine: z.number(), score: z.number() }))
    .optional(),
  breakdown: ScoreBreakdownSchema,
});

export const SearchModeSchema = z.enum(['hybrid', 'fts-only']);

export const SearchNoticeSchema = z.object({
  code: z.enum([
    'relaxed-query',
    'keyword-only',
    'openclaw-profile',
    'vector-timeout',
    'no-terms',
    'index-building',
    'query-dates',
    'below-min-score',
    'no-memory-then',
    'not-agent-model',
    'index-rebuilt',
    'dictionary-pending',
  ]),
  message: z.string(),
  ...MessageRefFields,
});

/** OpenClaw's memory_search shape plus our additions. */
export const SearchResponseSchema = z.object({
  results: z.array(SearchResultSchema),
  provider: z.string(),
  model: z.string(),
  fallback: z.string().nullable(),
  mode: SearchModeSchema,
  /** Why the mode is fts-only, when it is: a short clause, then ` — ` and details (paths) if any. */
  modeReason: z.string().optional(),
  /** The same reason by message id and parameters, for the UI's language (shared/mode-reasons.ts). */
  modeReasonId: z.string().optional(),
  modeReasonParams: MessageRefFields.params,
  notices: z.array(SearchNoticeSchema),
  /** Candidates considered before thresholds (for the UI's "N more below minScore"). */
  candidates: z.number(),
  tookMs: z.number(),
  /** The ranking that answered (absent: Memory Lens's own). */
  profile: SearchProfileSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Explain a file

export const ExplainFileResultSchema = z.object({
  path: z.string(),
  inResults: z.boolean(),
  /** Final position in the returned results, 1-based, if returned. */
  resultRank: z.number().nullable(),
  bestChunk: z
    .object({
      startLine: z.number(),
      endLine: z.number(),
      keywordRank: z.number().nullable(),
      vectorRank: z.number().nullable(),
      breakdown: ScoreBreakdownSchema.nullable(),
    })
    .nullable(),
  /** Human-readable reasons, most decisive first. */
  reasons: z.array(z.string()),
  code: z.enum([
    'returned',
    'not-indexed',
    'no-keyword-match',
    'below-min-score',
    'beyond-max-results',
    'filtered-source',
    'filtered-date',
    'mmr-suppressed',
    'duplicate-shown-elsewhere',
    'missing-embeddings',
    'not-found',
  ]),
});

// ---------------------------------------------------------------------------------------------
// Index status and progress

export const IndexPhaseSchema = z.enum(['idle', 'scanning', 'indexing', 'embedding', 'removing', 'rebuilding', 'done']);

export const IndexProgressSchema = z.object({
  phase: IndexPhaseSchema,
  filesDone: z.number(),
  filesTotal: z.number(),
  currentPath: z.string().optional(),
  /** Embedding progress, when the embedder runs. */
  chunksDone: z.number().optional(),
  chunksTotal: z.number().optional(),
});

/** A file the index leaves out on purpose (over the size limit, binary), and why. */
export const SkippedFileSchema = z.object({
  path: z.string(),
  reason: z.string(),
  /** The same reason by message id and parameters (shared/index-reasons.ts). */
  reasonId: MessageRefFields.messageId,
  reasonParams: MessageRefFields.params,
});

export const IndexErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  ...MessageRefFields,
  at: z.number(),
});

const SourceCountsSchema = z.object({ files: z.number(), chunks: z.number() });

/**
 * Where the index is in its life: `serving` (answers and takes writes), `stale` (must be rebuilt;
 * the old one keeps answering), `rebuilding` (a new one is being built beside it, by this process
 * or another), `damaged` (found unreadable, deleted or overwritten; recovery is queued),
 * `recovering` (moved aside; a fresh one is being filled from the files, so results are
 * incomplete), `closed`.
 */
export const IndexLifecycleStateSchema = z.enum(['serving', 'stale', 'rebuilding', 'damaged', 'recovering', 'closed']);

export const IndexLifecycleSchema = z.object({
  state: IndexLifecycleStateSchema,
  /** Why, in words for the user: the rebuild's cause, the damage found, or why a serving index lives in a side file. Null when there is nothing to say. */
  reason: z.string().nullable(),
  /** The same reason by message id and parameters (shared/index-reasons.ts lifecycleReasons). */
  reasonId: MessageRefFields.messageId,
  reasonParams: MessageRefFields.params,
});

/** What searches really run on: SQLite's own ranking, or an accelerator that passed its self-check. */
export const SearchBackendsSchema = z.object({
  keyword: z.enum(['fts5-bm25', 'fts5-doclists']),
  vector: z.enum(['sqlite-vec-knn', 'int8-scan', 'js-scan', 'none']),
  /** Why an accelerator that could run does not (its self-check disagreed with SQLite). */
  notices: z.array(z.string()),
});

export const IndexStatusSchema = z.object({
  workspace: z.string(),
  dbPath: z.string(),
  files: z.number(),
  chunks: z.number(),
  bySource: z.object({ memory: SourceCountsSchema, sessions: SourceCountsSchema }),
  mode: SearchModeSchema,
  modeReason: z.string().optional(),
  modeReasonId: z.string().optional(),
  modeReasonParams: MessageRefFields.params,
  provider: z.string(),
  model: z.string(),
  dims: z.number().nullable(),
  vectorsStored: z.number(),
  embeddingCacheEntries: z.number(),
  embeddingCacheHitRate: z.number().nullable(),
  vectorBackend: z.enum(['sqlite-vec', 'js-scan', 'none']),
  /** Absent while the index cannot be read. */
  searchBackends: SearchBackendsSchema.optional(),
  watcher: z.enum(['off', 'starting', 'watching', 'error']),
  /** Why the watcher is in 'error', and what stands in for it (e.g. a rescan every 10 s). */
  watcherReason: z.string().optional(),
  /** The same reason by message id and parameters (shared/index-reasons.ts watchReasons). */
  watcherReasonId: MessageRefFields.messageId,
  watcherReasonParams: MessageRefFields.params,
  schemaVersion: z.number(),
  chunkerVersion: z.number(),
  lastSyncAt: z.number().nullable(),
  /** Engine errors (latest 50, oldest first), then files that failed to index. */
  errors: z.array(IndexErrorSchema),
  /** Files the index leaves out on purpose (too large, binary), with the reason. */
  skipped: z.array(SkippedFileSchema).optional(),
  /**
   * The running sync's progress; once a sync of this run finished, its `done` (until the next one
   * starts); null before the first one finished, or after one that failed.
   */
  progress: IndexProgressSchema.nullable(),
  lifecycle: IndexLifecycleSchema,
  /** An embedding endpoint that is down, and when it is tried next (search is keyword-only meanwhile). */
  embedderRetry: EmbedderRetryStateSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Timeline, memory_get, transcripts

export const TimelineEntryTypeSchema = z.enum(['daily', 'weekly', 'monthly', 'conversation', 'session', 'dated-topic']);

export const TimelineEntrySchema = z.object({
  path: z.string(),
  type: TimelineEntryTypeSchema,
  date: FileDateSchema,
  title: z.string(),
  archived: z.boolean(),
  agentId: z.string().optional(),
  size: z.number(),
  /** Transcripts started by the scheduler (cron, heartbeat, sub-agent): the timeline lists them apart. */
  sessionKind: SessionKindSchema.optional(),
});

export const TimelineQuerySchema = z.strictObject({
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  types: z.array(TimelineEntryTypeSchema).optional(),
});

export const MemoryGetResultSchema = z.object({
  path: z.string(),
  text: z.string(),
  from: z.number(),
  lines: z.number(),
  totalLines: z.number(),
});

/** A parsed session message, for the read-only transcript view. */
export const TranscriptMessageSchema = z.object({
  /** 1-based JSONL line number. */
  line: z.number(),
  role: z.enum(['user', 'assistant']),
  /** The message's text parts as written, line breaks kept (the index folds them into one line). */
  text: z.string(),
  timestamp: z.string().nullable(),
  /** Set when the message was too long to show or index whole: its full length in characters (`text` holds the start). */
  truncatedFrom: z.number().optional(),
  /** The words without OpenClaw's envelope (channel header, sender, message ids, metadata blocks); absent when `text` has none. */
  body: z.string().optional(),
  /** Who sent it, as the envelope named them (`用户248287`), when `body` took the label off. */
  sender: z.string().optional(),
});

export const TranscriptSchema = z.object({
  messages: z.array(TranscriptMessageSchema),
  /** Tool calls and their results, by line, for the viewer's collapsed rows (not indexed). */
  tools: z.array(TranscriptToolSchema).optional(),
  malformedLines: z.number(),
  /** Bytes of the JSONL file. */
  size: z.number(),
  mtimeMs: z.number(),
});

// ---------------------------------------------------------------------------------------------
// Files as the editor sees them

/**
 * The part of a file too large to open whole that `text` holds: whole lines (a single line longer
 * than the window is cut at a character boundary), byte offsets into the file, 1-based lines.
 */
export const FileWindowSchema = z.object({
  startByte: z.number().int().min(0),
  /** Exclusive; pass it as readFile's `offset` for the next window. */
  endByte: z.number().int().min(0),
  totalBytes: z.number().int().min(0),
  startLine: z.number().int().min(1),
  endLine: z.number().int().min(0),
  totalLines: z.number().int().min(0),
});

/** One text file as the editor opens it. */
export const FileContentSchema = z.object({
  path: z.string(),
  /** The whole text, or for files over the editor's limit only `window`'s part of it. */
  text: z.string(),
  /** sha256 hex of the exact bytes on disk (the whole file); saves must present it. */
  hash: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
  bom: z.boolean(),
  eol: z.enum(['lf', 'crlf', 'mixed', 'none']),
  /**
   * Why the file must open read-only (too large, invalid UTF-8, session transcript, or its file
   * mode has no write bit: `file-mode`, which "save anyway" may override), if so.
   */
  readOnly: z.enum(['too-large', 'invalid-utf8', 'session', 'file-mode']).nullable(),
  /** Present for files over the editor's limit: which slice of the file `text` is. */
  window: FileWindowSchema.optional(),
  /** Present when the frontmatter declares a `checksum` (sha256 of the body). */
  checksum: ChecksumStatusSchema.optional(),
});

export const SaveResultSchema = z.object({
  path: z.string(),
  hash: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
  /**
   * The text as written, when it differs from the text sent: a file that keeps a frontmatter
   * `checksum` gets its `checksum` and `updated` values refreshed by the save (nothing else changes).
   */
  text: z.string().optional(),
});

export const DeleteResultSchema = z.object({
  path: z.string(),
  /** `os`: the desktop app moved it to the OS trash; `app`: serve mode moved it to the app's trash folder. */
  trash: z.enum(['os', 'app']),
});

export const SyncReportSchema = z.object({
  filesScanned: z.number(),
  filesIndexed: z.number(),
  /** Files whose content is what the index already holds. */
  filesUnchanged: z.number(),
  /** Files not indexed on purpose (`skipped` says which and why); never counted as unchanged. */
  filesSkipped: z.number(),
  /** The skipped files (first 100), each with its reason. */
  skipped: z.array(SkippedFileSchema),
  filesRemoved: z.number(),
  filesFailed: z.number(),
  chunksWritten: z.number(),
  chunksEmbedded: z.number(),
  embeddingCacheHits: z.number(),
  tookMs: z.number(),
});

export const FileChangeEventSchema = z.object({
  path: z.string(),
  change: z.enum(['added', 'changed', 'deleted']),
  /** sha256 of the new bytes, for the editor to decide whether it is its own save. */
  hash: z.string().nullable(),
});

export const WorkspaceInfoSchema = z.object({
  workspaceDir: z.string(),
  /** True when the app fell back to its bundled sample workspace. */
  isSample: z.boolean(),
});

export const ErrorValueSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  ...MessageRefFields,
  details: z.record(z.string(), z.unknown()).optional(),
});
