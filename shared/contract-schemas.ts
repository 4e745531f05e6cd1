// Runtime schemas (zod 4) for every value that crosses the contract. Each mirrors a type of
// shared/domain.ts (or of the engine's FileContent/SaveResult/…), and contract-type-checks.ts
// fails the type-check if the two ever drift apart.
import { z } from 'zod';
import { ERROR_CODES } from './errors.js';

// ---------------------------------------------------------------------------------------------
// Small building blocks

/** Workspace-relative path as the renderer sends it. Containment is the engine's job (realpath). */
export const RelPathSchema = z.string().min(1, 'path is empty').max(4096, 'path is too long');
/** sha256 hex, as every content hash in Memory Lens is. */
export const HashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'expected a sha256 hex hash');
export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected an ISO date YYYY-MM-DD');

export const MemorySourceSchema = z.enum(['memory', 'sessions']);
export const FileKindSchema = z.enum(['evergreen', 'dated', 'session']);
export const DateGranularitySchema = z.enum(['day', 'week', 'month', 'instant']);
export const DateSourceSchema = z.enum(['path', 'frontmatter', 'first-record', 'mtime']);
export const MemoryLayerSchema = z.enum([
  'conversations',
  'facts',
  'tasks',
  'summaries-daily',
  'summaries-weekly',
  'summaries-monthly',
]);

export const FileDateSchema = z.object({
  date: z.string(),
  epochMs: z.number(),
  granularity: DateGranularitySchema,
  source: DateSourceSchema,
});

export const ChecksumStatusSchema = z.object({ declared: z.string(), actual: z.string(), ok: z.boolean() });

export const WorkspaceFileSchema = z.object({
  path: z.string(),
  source: MemorySourceSchema,
  kind: FileKindSchema,
  layer: MemoryLayerSchema.optional(),
  archived: z.boolean(),
  agentId: z.string().optional(),
  date: FileDateSchema.nullable(),
  size: z.number(),
  mtimeMs: z.number(),
  checksum: ChecksumStatusSchema.optional(),
  type: z.string().optional(),
  tags: z.array(z.string()).optional(),
});

export const FileIndexStateSchema = z.enum(['indexed', 'pending', 'failed', 'skipped']);

export const FileListEntrySchema = WorkspaceFileSchema.extend({
  indexState: FileIndexStateSchema,
  indexError: z.string().optional(),
  chunks: z.number(),
  malformedLines: z.number().optional(),
});

// ---------------------------------------------------------------------------------------------
// Search

/** Sensible bounds: the UI's sliders stay inside them; anything outside is a bug or an attack. */
export const SearchOptionsSchema = z.strictObject({
  query: z.string().max(10_000, 'query is longer than 10,000 characters'),
  maxResults: z.number().int().min(1).max(1000).optional(),
  minScore: z.number().min(0).max(1).optional(),
  sources: z.array(MemorySourceSchema).optional(),
  vectorWeight: z.number().min(0).max(1000).optional(),
  textWeight: z.number().min(0).max(1000).optional(),
  decay: z.strictObject({ enabled: z.boolean(), halfLifeDays: z.number().positive().max(100_000).optional() }).optional(),
  mmr: z.strictObject({ enabled: z.boolean(), lambda: z.number().min(0).max(1).optional() }).optional(),
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  now: z.number().optional(),
});

export const KeywordBreakdownSchema = z.object({
  bm25: z.number(),
  rank: z.number(),
  idfMass: z.number(),
  score: z.number(),
  matchedTerms: z.array(z.string()),
  query: z.string(),
  relaxed: z.boolean(),
});

export const VectorBreakdownSchema = z.object({ cosine: z.number(), score: z.number(), rank: z.number() });
export const VectorUnavailableSchema = z.object({ unavailable: z.literal(true), reason: z.string() });

export const WeightsBreakdownSchema = z.object({
  configured: z.object({ vector: z.number(), text: z.number() }),
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
  maxSimilarity: z.number(),
  similarTo: z.string().nullable(),
  penalty: z.number(),
  mmrScore: z.number(),
  rankBefore: z.number(),
  rankAfter: z.number(),
});

export const ScoreBreakdownSchema = z.object({
  keyword: KeywordBreakdownSchema.nullable(),
  vector: z.union([VectorBreakdownSchema, VectorUnavailableSchema]).nullable(),
  weights: WeightsBreakdownSchema,
  hybrid: z.number(),
  decay: DecayBreakdownSchema,
  mmr: MmrBreakdownSchema.nullable(),
  final: z.number(),
});

export const SearchResultSchema = z.object({
  path: z.string(),
  startLine: z.number(),
  endLine: z.number(),
  score: z.number(),
  snippet: z.string(),
  source: MemorySourceSchema,
  citation: z.string().optional(),
  date: z.string().nullable().optional(),
  breakdown: ScoreBreakdownSchema,
});

export const SearchModeSchema = z.enum(['hybrid', 'fts-only']);

export const SearchNoticeSchema = z.object({
  code: z.enum(['relaxed-query', 'keyword-only', 'vector-timeout', 'no-terms', 'index-building']),
  message: z.string(),
});

export const SearchResponseSchema = z.object({
  results: z.array(SearchResultSchema),
  provider: z.string(),
  model: z.string(),
  fallback: z.string().nullable(),
  mode: SearchModeSchema,
  modeReason: z.string().optional(),
  notices: z.array(SearchNoticeSchema),
  candidates: z.number(),
  tookMs: z.number(),
});

export const ExplainFileResultSchema = z.object({
  path: z.string(),
  inResults: z.boolean(),
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
  chunksDone: z.number().optional(),
  chunksTotal: z.number().optional(),
});

export const IndexErrorSchema = z.object({ path: z.string(), message: z.string(), at: z.number() });

const SourceCountsSchema = z.object({ files: z.number(), chunks: z.number() });

export const IndexStatusSchema = z.object({
  workspace: z.string(),
  dbPath: z.string(),
  files: z.number(),
  chunks: z.number(),
  bySource: z.object({ memory: SourceCountsSchema, sessions: SourceCountsSchema }),
  mode: SearchModeSchema,
  modeReason: z.string().optional(),
  provider: z.string(),
  model: z.string(),
  dims: z.number().nullable(),
  vectorsStored: z.number(),
  embeddingCacheEntries: z.number(),
  embeddingCacheHitRate: z.number().nullable(),
  vectorBackend: z.enum(['sqlite-vec', 'js-scan', 'none']),
  watcher: z.enum(['off', 'starting', 'watching', 'error']),
  schemaVersion: z.number(),
  chunkerVersion: z.number(),
  lastSyncAt: z.number().nullable(),
  errors: z.array(IndexErrorSchema),
  progress: IndexProgressSchema.nullable(),
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

export const TranscriptMessageSchema = z.object({
  line: z.number(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  timestamp: z.string().nullable(),
});

export const TranscriptSchema = z.object({
  messages: z.array(TranscriptMessageSchema),
  malformedLines: z.number(),
});

// ---------------------------------------------------------------------------------------------
// Files as the editor sees them (engine-types.ts FileContent / SaveResult / SyncReport / FileChangeEvent)

export const FileContentSchema = z.object({
  path: z.string(),
  text: z.string(),
  hash: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
  bom: z.boolean(),
  eol: z.enum(['lf', 'crlf', 'mixed', 'none']),
  readOnly: z.enum(['too-large', 'invalid-utf8', 'session']).nullable(),
});

export const SaveResultSchema = z.object({
  path: z.string(),
  hash: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
});

export const DeleteResultSchema = z.object({
  path: z.string(),
  /** `os`: the desktop app moved it to the OS trash; `app`: serve mode moved it to the app's trash folder. */
  trash: z.enum(['os', 'app']),
});

export const SyncReportSchema = z.object({
  filesScanned: z.number(),
  filesIndexed: z.number(),
  filesSkipped: z.number(),
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
  details: z.record(z.string(), z.unknown()).optional(),
});
