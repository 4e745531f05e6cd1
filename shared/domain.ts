// Domain types shared by the engine, the CLI, the server, the Electron shell and the renderer —
// each the output type of its schema in contract-schemas.ts, so a shape is declared once (the
// field documentation lives with the schema). Pure TypeScript: nothing here may import Node,
// Electron or React.
import type { z } from 'zod';
import type * as A from './agent-schemas.js';
import type * as C from './context-schemas.js';
import type * as S from './contract-schemas.js';
import type * as D from './app-data-schemas.js';
import type * as O from './openclaw-rank-schemas.js';

export type MemorySource = z.output<typeof S.MemorySourceSchema>;
export type FileKind = z.output<typeof S.FileKindSchema>;
export type DateGranularity = z.output<typeof S.DateGranularitySchema>;
export type DateSource = z.output<typeof S.DateSourceSchema>;
export type MemoryLayer = z.output<typeof S.MemoryLayerSchema>;
export type FileDate = z.output<typeof S.FileDateSchema>;
export type ChecksumStatus = z.output<typeof S.ChecksumStatusSchema>;
export type WorkspaceFile = z.output<typeof S.WorkspaceFileSchema>;
export type FileIndexState = z.output<typeof S.FileIndexStateSchema>;
export type FileListEntry = z.output<typeof S.FileListEntrySchema>;

// Search
export type SearchOptions = z.output<typeof S.SearchOptionsSchema>;
export type TermBreakdown = z.output<typeof S.TermBreakdownSchema>;
export type KeywordBreakdown = z.output<typeof S.KeywordBreakdownSchema>;
export type VectorBreakdown = z.output<typeof S.VectorBreakdownSchema>;
export type VectorUnavailable = z.output<typeof S.VectorUnavailableSchema>;
export type WeightsBreakdown = z.output<typeof S.WeightsBreakdownSchema>;
export type DecayBreakdown = z.output<typeof S.DecayBreakdownSchema>;
export type AccessBreakdown = z.output<typeof S.AccessBreakdownSchema>;
export type MmrBreakdown = z.output<typeof S.MmrBreakdownSchema>;
export type QueryDate = z.output<typeof S.QueryDateSchema>;
export type DateBoostBreakdown = z.output<typeof S.DateBoostBreakdownSchema>;
export type DatedBreakdown = z.output<typeof S.DatedBreakdownSchema>;
export type ScoreBreakdown = z.output<typeof S.ScoreBreakdownSchema>;
export type HighlightRange = z.output<typeof S.HighlightRangeSchema>;
export type SearchResult = z.output<typeof S.SearchResultSchema>;
export type SearchMode = z.output<typeof S.SearchModeSchema>;
export type SearchNotice = z.output<typeof S.SearchNoticeSchema>;
export type SearchResponse = z.output<typeof S.SearchResponseSchema>;
export type ExplainFileResult = z.output<typeof S.ExplainFileResultSchema>;

// Index status and progress
export type IndexPhase = z.output<typeof S.IndexPhaseSchema>;
export type IndexProgress = z.output<typeof S.IndexProgressSchema>;
export type IndexError = z.output<typeof S.IndexErrorSchema>;
export type IndexStatus = z.output<typeof S.IndexStatusSchema>;
export type IndexLifecycleState = z.output<typeof S.IndexLifecycleStateSchema>;
export type IndexLifecycle = z.output<typeof S.IndexLifecycleSchema>;

// Timeline, memory_get, transcripts, files
export type TimelineEntryType = z.output<typeof S.TimelineEntryTypeSchema>;
export type TimelineEntry = z.output<typeof S.TimelineEntrySchema>;
export type TimelineQuery = z.output<typeof S.TimelineQuerySchema>;
export type MemoryGetResult = z.output<typeof S.MemoryGetResultSchema>;
export type TranscriptMessage = z.output<typeof S.TranscriptMessageSchema>;
export type Transcript = z.output<typeof S.TranscriptSchema>;
export type FileContent = z.output<typeof S.FileContentSchema>;
export type FileWindow = z.output<typeof S.FileWindowSchema>;
export type SaveResult = z.output<typeof S.SaveResultSchema>;
export type DeleteResult = z.output<typeof S.DeleteResultSchema>;
export type SyncReport = z.output<typeof S.SyncReportSchema>;
export type SkippedFile = z.output<typeof S.SkippedFileSchema>;
export type FileChangeEvent = z.output<typeof S.FileChangeEventSchema>;
export type WorkspaceInfo = z.output<typeof S.WorkspaceInfoSchema>;

// What the agent sees at session start (the bootstrap budget)
export type OpenclawVersionName = z.output<typeof C.OpenclawVersionSchema>;
export type ContextArgs = z.output<typeof C.ContextArgsSchema>;
export type ResolvedLimit = z.output<typeof C.ResolvedLimitSchema>;
export type LimitSource = z.output<typeof C.LimitSourceSchema>;
export type ContextFileStatus = z.output<typeof C.ContextFileStatusSchema>;
export type ContextFile = z.output<typeof C.ContextFileSchema>;
export type MemorySection = z.output<typeof C.MemorySectionSchema>;
export type PromotedSection = z.output<typeof C.PromotedSectionSchema>;
export type ContextReport = z.output<typeof C.ContextReportSchema>;

// What agents did: the replay log, access counts, saved sessions
export type AgentCaller = z.output<typeof A.AgentCallerSchema>;
export type AgentSearchSummary = z.output<typeof A.AgentSearchSummarySchema>;
export type AgentSearchEntry = z.output<typeof A.AgentSearchEntrySchema>;
export type AgentSearchList = z.output<typeof A.AgentSearchListSchema>;
export type FileAccessRange = z.output<typeof A.FileAccessRangeSchema>;
export type FileAccess = z.output<typeof A.FileAccessSchema>;
export type SavedSessionMemory = z.output<typeof A.SavedSessionMemorySchema>;

// Drafts, judgments, transcript sources, matches, models (app-data-schemas.ts)
export type Draft = z.output<typeof D.DraftSchema>;
export type Verdict = z.output<typeof D.VerdictSchema>;
export type Judgment = z.output<typeof D.JudgmentSchema>;
export type EvalQuery = z.output<typeof D.EvalQuerySchema>;
export type JudgmentExport = z.output<typeof D.JudgmentExportSchema>;
export type SessionSourceLocation = z.output<typeof D.SessionSourceLocationSchema>;
export type SessionSource = z.output<typeof D.SessionSourceSchema>;
export type LineMatch = z.output<typeof D.LineMatchSchema>;
export type ModelOption = z.output<typeof D.ModelOptionSchema>;
export type ModelCatalog = z.output<typeof D.ModelCatalogSchema>;
export type ModelProgress = z.output<typeof D.ModelProgressSchema>;

// Search profiles and annotations (openclaw-rank-schemas.ts)
export type SearchProfile = z.output<typeof O.SearchProfileSchema>;
export type ImportanceBreakdown = z.output<typeof O.ImportanceBreakdownSchema>;
export type OpenClawBreakdown = z.output<typeof O.OpenClawBreakdownSchema>;
export type VectorOrigin = z.output<typeof O.VectorOriginSchema>;
