// Domain types shared by the engine, the CLI, the server, the Electron shell and the renderer.
// Pure TypeScript: nothing here may import Node, Electron or React.

/** Where a memory came from, as OpenClaw's memory_search reports it. */
export type MemorySource = 'memory' | 'sessions';

/** How a file behaves over time. Evergreen files never decay. */
export type FileKind = 'evergreen' | 'dated' | 'session';

/** Granularity of a file's date: a day file, a weekly/monthly summary, or a timestamp. */
export type DateGranularity = 'day' | 'week' | 'month' | 'instant';

/** Where a date came from; every consumer (timeline, decay, breakdown) shows it. */
export type DateSource = 'path' | 'frontmatter' | 'first-record' | 'mtime';

/** Seed 001's four-layer layout, recognised under memory/ (or at the workspace root). */
export type MemoryLayer =
  | 'conversations'
  | 'facts'
  | 'tasks'
  | 'summaries-daily'
  | 'summaries-weekly'
  | 'summaries-monthly';

export interface FileDate {
  /** ISO date `YYYY-MM-DD` (for week/month granularity: the first day of that period). */
  date: string;
  /** Epoch milliseconds of `date` at 00:00 UTC, or the exact instant for `instant`. */
  epochMs: number;
  granularity: DateGranularity;
  source: DateSource;
}

export interface ChecksumStatus {
  declared: string;
  actual: string;
  ok: boolean;
}

/**
 * One file the engine knows about. `path` is workspace-relative with forward slashes.
 * Session transcripts from outside the workspace get a virtual path `sessions/<agentId>/<file>`.
 */
export interface WorkspaceFile {
  path: string;
  source: MemorySource;
  kind: FileKind;
  /** Four-layer layout membership, if any. */
  layer?: MemoryLayer;
  /** `*.jsonl.reset.*` / `*.jsonl.deleted.*` archives. */
  archived: boolean;
  /** OpenClaw agent id for sessions found under ~/.openclaw/agents/<id>/sessions. */
  agentId?: string;
  /** The date used by the timeline and by decay; evergreen files may still carry one for display. */
  date: FileDate | null;
  size: number;
  mtimeMs: number;
  /** Present when the frontmatter declares a checksum. */
  checksum?: ChecksumStatus;
  /** Frontmatter `type` / `tags`, when present. */
  type?: string;
  tags?: string[];
}

/** Index state of one file, as the file browser badges it. */
export type FileIndexState = 'indexed' | 'pending' | 'failed' | 'skipped';

export interface FileListEntry extends WorkspaceFile {
  indexState: FileIndexState;
  indexError?: string;
  chunks: number;
  /** Session files: messages skipped because their JSONL line was malformed. */
  malformedLines?: number;
}

// ---------------------------------------------------------------------------------------------
// Search

export interface SearchOptions {
  query: string;
  /** Default 6 (OpenClaw's memory_search default). */
  maxResults?: number;
  /** Default 0.35. */
  minScore?: number;
  sources?: MemorySource[];
  /** Weights before renormalisation; default vector 0.7, text 0.3. */
  vectorWeight?: number;
  textWeight?: number;
  decay?: { enabled: boolean; halfLifeDays?: number };
  mmr?: { enabled: boolean; lambda?: number };
  /** Inclusive ISO dates `YYYY-MM-DD`; evergreen files have no date and are excluded by a range. */
  from?: string;
  to?: string;
  /** "Now" for decay, ISO or epoch ms; defaults to the current time. Tests pin it. */
  now?: number;
}

export interface KeywordBreakdown {
  /** Raw FTS5 bm25() value (lower is better; negative for matches). */
  bm25: number;
  /** 1-based position in the keyword candidate list. */
  rank: number;
  /** The query's IDF mass: Σ FTS5 IDF over its terms that occur in the index (shared/score.ts). */
  idfMass: number;
  /** bm25ToScore(bm25, idfMass): x / (1 + x) with x = -bm25 / idfMass; keeps BM25 order. */
  score: number;
  matchedTerms: string[];
  /** The FTS5 MATCH expression that produced this hit. */
  query: string;
  /** True when the all-terms query found nothing and the any-term query was used. */
  relaxed: boolean;
}

export interface VectorBreakdown {
  cosine: number;
  /** Vector score as fused; equals max(0, cosine). */
  score: number;
  /** 1-based position in the vector candidate list. */
  rank: number;
}

export interface VectorUnavailable {
  unavailable: true;
  reason: string;
}

export interface WeightsBreakdown {
  /** As configured. */
  configured: { vector: number; text: number };
  /** As applied: renormalised to sum to 1 when one side is unavailable. */
  vector: number;
  text: number;
}

export interface DecayBreakdown {
  enabled: boolean;
  date: string | null;
  dateSource: DateSource | null;
  ageDays: number | null;
  halfLifeDays: number;
  multiplier: number;
  evergreen: boolean;
}

export interface MmrBreakdown {
  lambda: number;
  /** Highest similarity (Jaccard over tokens) to a result already selected above this one. */
  maxSimilarity: number;
  /** Path:lines of that result, or null for the first pick. */
  similarTo: string | null;
  /** (1 - lambda) * maxSimilarity. */
  penalty: number;
  /** lambda * relevance - penalty: the value MMR selected by. */
  mmrScore: number;
  rankBefore: number;
  rankAfter: number;
}

/**
 * Everything that went into a result's score. `final` is computed from this object by
 * `computeFinalScore` (shared/score.ts) and by nothing else.
 */
export interface ScoreBreakdown {
  /** Null when the chunk was not in the keyword candidate list. */
  keyword: KeywordBreakdown | null;
  /** Null when the chunk was not in the vector list; `unavailable` when vectors were off. */
  vector: VectorBreakdown | VectorUnavailable | null;
  weights: WeightsBreakdown;
  /** weights.vector * vectorScore + weights.text * keywordScore. */
  hybrid: number;
  decay: DecayBreakdown;
  /** Present only when MMR is enabled. MMR reorders; it never changes `final`. */
  mmr: MmrBreakdown | null;
  /** hybrid * decay.multiplier. */
  final: number;
}

export interface SearchResult {
  path: string;
  startLine: number;
  endLine: number;
  score: number;
  snippet: string;
  source: MemorySource;
  citation?: string;
  /** Date shown next to the result (file date), if any. */
  date?: string | null;
  breakdown: ScoreBreakdown;
}

export type SearchMode = 'hybrid' | 'fts-only';

export interface SearchNotice {
  code: 'relaxed-query' | 'keyword-only' | 'vector-timeout' | 'no-terms' | 'index-building';
  message: string;
}

/** OpenClaw's memory_search shape plus our additions. */
export interface SearchResponse {
  results: SearchResult[];
  provider: string;
  model: string;
  fallback: string | null;
  mode: SearchMode;
  /** Why the mode is fts-only, when it is. */
  modeReason?: string;
  notices: SearchNotice[];
  /** Candidates considered before thresholds (for the UI's "N more below minScore"). */
  candidates: number;
  tookMs: number;
}

// ---------------------------------------------------------------------------------------------
// Explain a file

export interface ExplainFileResult {
  path: string;
  inResults: boolean;
  /** Final position in the returned results, 1-based, if returned. */
  resultRank: number | null;
  bestChunk: {
    startLine: number;
    endLine: number;
    keywordRank: number | null;
    vectorRank: number | null;
    breakdown: ScoreBreakdown | null;
  } | null;
  /** Human-readable reasons, most decisive first. */
  reasons: string[];
  code:
    | 'returned'
    | 'not-indexed'
    | 'no-keyword-match'
    | 'below-min-score'
    | 'beyond-max-results'
    | 'filtered-source'
    | 'filtered-date'
    | 'mmr-suppressed'
    | 'missing-embeddings'
    | 'not-found';
}

// ---------------------------------------------------------------------------------------------
// Index status and progress

export type IndexPhase = 'idle' | 'scanning' | 'indexing' | 'embedding' | 'removing' | 'rebuilding' | 'done';

export interface IndexProgress {
  phase: IndexPhase;
  filesDone: number;
  filesTotal: number;
  currentPath?: string;
  /** Embedding progress, when the embedder runs. */
  chunksDone?: number;
  chunksTotal?: number;
}

export interface IndexError {
  path: string;
  message: string;
  at: number;
}

export interface IndexStatus {
  workspace: string;
  dbPath: string;
  files: number;
  chunks: number;
  bySource: Record<MemorySource, { files: number; chunks: number }>;
  mode: SearchMode;
  modeReason?: string;
  provider: string;
  model: string;
  dims: number | null;
  vectorsStored: number;
  embeddingCacheEntries: number;
  embeddingCacheHitRate: number | null;
  vectorBackend: 'sqlite-vec' | 'js-scan' | 'none';
  watcher: 'off' | 'starting' | 'watching' | 'error';
  schemaVersion: number;
  chunkerVersion: number;
  lastSyncAt: number | null;
  errors: IndexError[];
  progress: IndexProgress | null;
}

// ---------------------------------------------------------------------------------------------
// Timeline

export type TimelineEntryType = 'daily' | 'weekly' | 'monthly' | 'conversation' | 'session' | 'dated-topic';

export interface TimelineEntry {
  path: string;
  type: TimelineEntryType;
  date: FileDate;
  title: string;
  archived: boolean;
  agentId?: string;
  size: number;
}

// ---------------------------------------------------------------------------------------------
// memory_get

export interface MemoryGetResult {
  path: string;
  text: string;
  from: number;
  lines: number;
  totalLines: number;
}

/** A parsed session message, for the read-only transcript view. */
export interface TranscriptMessage {
  /** 1-based JSONL line number. */
  line: number;
  role: 'user' | 'assistant';
  text: string;
  timestamp: string | null;
}
