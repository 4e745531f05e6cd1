// Schemas for what the app core keeps and reports besides the index (contract-schemas.ts has the
// index's own values): unsaved drafts, search judgments, where transcripts come from, the
// embedding models on offer and a model's download progress, and matched words in a cited range.
import { z } from 'zod';
import { HashSchema, MessageRefFields, RelPathSchema } from './contract-schemas.js';

/** Drafts hold a whole file; the same bound as a save. */
export const MAX_DRAFT_CHARS = 10 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Drafts: unsaved editor text kept in the data dir, so a crash or a closed tab loses nothing.

export const DraftSchema = z.object({
  path: z.string(),
  text: z.string(),
  /** Hash of the file the draft was edited from (null: the file did not exist); a save presents it. */
  baseHash: HashSchema.nullable(),
  /** Epoch ms of the last change. */
  savedAt: z.number(),
});

export const DraftPutArgsSchema = z.strictObject({
  path: RelPathSchema,
  text: z.string().max(MAX_DRAFT_CHARS),
  baseHash: HashSchema.nullable(),
});

// ---------------------------------------------------------------------------------------------
// Judgments: 👍/👎 on a result, exportable as an eval queries file.

export const VerdictSchema = z.enum(['relevant', 'irrelevant']);

export const JudgmentSchema = z.object({
  query: z.string(),
  /** The result's chunk id (SearchResult.id) and where it pointed when judged. */
  chunkId: z.string(),
  path: z.string(),
  startLine: z.number().int(),
  endLine: z.number().int(),
  verdict: VerdictSchema,
  at: z.number(),
});

export const JudgmentSetArgsSchema = z.strictObject({
  query: z.string().trim().min(1).max(10_000),
  chunkId: z.string().min(1).max(4200),
  path: RelPathSchema,
  startLine: z.number().int().min(1),
  endLine: z.number().int().min(1),
  /** null withdraws the judgment. */
  verdict: VerdictSchema.nullable(),
});

/** One line of an eval queries file (the format `memlens eval --queries` reads). */
export const EvalQuerySchema = z.object({
  id: z.string(),
  query: z.string(),
  relevant: z.array(z.object({ path: z.string(), startLine: z.number().int(), endLine: z.number().int() })),
  tags: z.array(z.string()).optional(),
});

export const JudgmentExportSchema = z.object({
  /** JSON Lines, one EvalQuery a line. */
  jsonl: z.string(),
  /** Queries written (those with at least one relevant result). */
  queries: z.number(),
  /** Queries judged only irrelevant: an eval query needs something relevant, so they are left out. */
  skipped: z.number(),
});

// ---------------------------------------------------------------------------------------------
// Where transcripts come from.

/**
 * `workspace`: the workspace's own sessions/ folder; `agents`: <workspace>/agents/<id>/sessions;
 * `hidden-agents`: <workspace>/.openclaw/agents/<id>/sessions; `beside`: <parent of the
 * workspace>/agents/<id>/sessions (OpenClaw's state folder: ~/.openclaw/{workspace,agents});
 * `option`: a folder named with --sessions.
 */
export const SessionSourceLocationSchema = z.enum(['workspace', 'agents', 'hidden-agents', 'beside', 'option']);

export const SessionSourceSchema = z.object({
  /** Agent id (or the --sessions folder's name); null for the workspace's own sessions/ folder. */
  agentId: z.string().nullable(),
  location: SessionSourceLocationSchema,
  /** Absolute folder holding the transcripts. */
  dir: z.string(),
  /** Transcript files in it (archives included). */
  files: z.number(),
  /** False when the settings exclude this agent, or another folder already provides the same agent id. */
  included: z.boolean(),
  /** Why it is not included, when it is not. */
  excludedBecause: z.enum(['settings', 'duplicate-agent', 'other-agent']).optional(),
});

// ---------------------------------------------------------------------------------------------
// Matched words in a cited range, for the editor and the transcript view.

/** A matched word: `line` is the file line (the JSONL line for a transcript); offsets are UTF-16, end exclusive, in that line's text (a message's text for transcripts). */
export const LineMatchSchema = z.object({
  line: z.number().int(),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  /** A transcript message's: offsets into its `body` (the words without the envelope), not its `text`. */
  part: z.literal('body').optional(),
});

export const FindMatchesArgsSchema = z.strictObject({
  path: RelPathSchema,
  startLine: z.number().int().min(1),
  endLine: z.number().int().min(1),
  /** The result's matched terms (breakdown.keyword.matchedTerms), as the engine normalised them. */
  terms: z.array(z.string().max(200)).max(64),
});

// ---------------------------------------------------------------------------------------------
// Embedding models on offer, and a model's loading or download progress.

export const ModelOptionSchema = z.object({
  id: z.string(),
  dims: z.number().nullable(),
  languages: z.string(),
  notes: z.string(),
  /** A preset's key for its languages and notes in the UI's language (settings:model.preset.*); absent for other models. */
  key: z.string().optional(),
  /** Approximate download size in bytes (int8 ONNX + tokenizer); null when unknown. */
  downloadBytes: z.number().nullable(),
  /** The catalog's suggested first download (a small multilingual retrieval model). */
  recommended: z.boolean(),
  /** Its files are in the models folder, so it runs without a download. */
  installed: z.boolean(),
  /** Where the files are (or would go). */
  dir: z.string(),
});

export const ModelCatalogSchema = z.object({
  /** The models folder in use (settings.model.modelsDir or `<data dir>/models`). */
  modelsDir: z.string(),
  /** The presets, plus the configured model when it is not one. */
  models: z.array(ModelOptionSchema),
  /** The model the settings name (null: keyword-only by choice). */
  configured: z.string().nullable(),
  /** What runs now: the loaded model's id, or null when search is keyword-only. */
  active: z.string().nullable(),
  /** Why no model runs, in full (paths included), when none does. */
  problem: z.string().nullable(),
  /** The same reason by message id and parameters (shared/mode-reasons.ts), for the UI's language. */
  problemId: MessageRefFields.messageId,
  problemParams: MessageRefFields.params,
  /** Whether this host may ask before a download ('ask' means no in serve mode and the CLI). */
  canAsk: z.boolean(),
  /** `--model` on the command line decides the model; the settings' model applies next time without it. */
  fixedByCommandLine: z.boolean(),
});

export const ModelProgressSchema = z.object({
  modelId: z.string(),
  phase: z.enum(['loading', 'downloading', 'ready', 'failed']),
  /** The file being fetched or read, when known. */
  file: z.string().optional(),
  /** Bytes so far and expected, summed over the files seen so far. */
  loaded: z.number().optional(),
  total: z.number().optional(),
  message: z.string().optional(),
  /** Why it failed by message id and parameters, when the reason is one of ours. */
  messageId: MessageRefFields.messageId,
  params: MessageRefFields.params,
});
