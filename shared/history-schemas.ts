// Memory history: every version of a memory file the app has seen, who made each change and how
// it knows, diffs between versions, and where each line came from. One zod declaration per shape,
// used by the contract (shared/history-calls.ts), the history service and the UI.
import { z } from 'zod';

/**
 * How a version came to be. `baseline`: the first bytes the app saw of a file (it existed before
 * history was kept); `save`: written by Memory Lens; `external`: a change seen by the watcher or a
 * rescan; `delete` / `rename`: the file went away (renamed: `toPath`) or arrived from `fromPath`.
 */
export const VersionKindSchema = z.enum(['baseline', 'save', 'external', 'delete', 'rename']);

/** Who made a change, best evidence first: the app, the agent, dreaming, a git commit, or nobody known. */
/** Parameters of a message by id (see shared/i18n.ts). */
const MessageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const AuthorKindSchema = z.enum(['you', 'agent', 'dreaming', 'git', 'outside']);

export const AgentTurnSchema = z.object({
  /** Virtual path of the transcript (`sessions/<agent>/<file>.jsonl`), for the transcript viewer. */
  session: z.string(),
  sessionTitle: z.string(),
  /** 1-based line (JSONL) or seq (agent database) of the assistant record holding the tool call. */
  line: z.number().int(),
  /** Epoch ms of the tool call. */
  time: z.number(),
  tool: z.string(),
  /** The user message before the tool call: the turn that led to the write. */
  userLine: z.number().int().nullable(),
  userText: z.string().nullable(),
});

export const GitCommitSchema = z.object({ sha: z.string(), author: z.string(), time: z.number() });

export const AuthorSchema = z.object({
  kind: AuthorKindSchema,
  /** What the UI shows: "you, in Memory Lens", "your agent, in Trip plans at 12:03", … */
  label: z.string(),
  /** How it knows, in a sentence. */
  how: z.string(),
  /** `label` and `how` by message id and parameters (history namespace), for the UI to word in its language. */
  messageId: z.string().optional(),
  params: MessageParamsSchema.optional(),
  howId: z.string().optional(),
  howParams: MessageParamsSchema.optional(),
  agent: AgentTurnSchema.optional(),
  commit: GitCommitSchema.optional(),
  /** A restore from the app: the version it brought back (its lines keep their origin there). */
  restoredFrom: z.number().int().optional(),
  /** Why the app made the change, when it says: "doctor: Gateway port superseded by …". */
  reason: z.string().optional(),
});

export const VersionSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  /** Epoch ms when the app recorded the version (its clock). */
  time: z.number(),
  /** The file's mtime then (null for a delete). */
  mtimeMs: z.number().nullable(),
  /** sha256 of the bytes; null for a delete. */
  hash: z.string().nullable(),
  size: z.number().int(),
  kind: VersionKindSchema,
  fromPath: z.string().nullable(),
  toPath: z.string().nullable(),
  /** Why the bytes were not kept (binary, too large); the version is listed but cannot be restored. */
  skipped: z.string().nullable(),
  /** The clock read earlier than the version before: the order is the order seen, not the times. */
  clockWentBack: z.boolean(),
  author: AuthorSchema,
  /** Every piece of evidence found, best first (author is the first). */
  evidence: z.array(AuthorSchema),
  /** The app's own reason for this version (a doctor fix says which), when it gave one. */
  reason: z.string().optional(),
});

/** Something about the store itself (damaged and rebuilt): English for the API, beside its message id for the UI. */
export const HistoryNoticeSchema = z.object({
  message: z.string(),
  messageId: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export type HistoryNotice = z.output<typeof HistoryNoticeSchema>;

export const FileHistorySchema = z.object({
  path: z.string(),
  /** Newest first. */
  versions: z.array(VersionSchema),
  notices: z.array(HistoryNoticeSchema),
});

export const VersionTextSchema = z.object({ version: VersionSchema, text: z.string() });

export const DiffHunkSchema = z.object({
  /** 1-based first line in `from` (for an insertion: the line it follows + 1). */
  fromLine: z.number().int(),
  fromCount: z.number().int(),
  toLine: z.number().int(),
  toCount: z.number().int(),
  removed: z.array(z.string()),
  added: z.array(z.string()),
});

export const VersionDiffSchema = z.object({
  path: z.string(),
  /** null: nothing (the file did not exist yet). */
  from: VersionSchema.nullable(),
  /** null: the file as it is on disk now. */
  to: VersionSchema.nullable(),
  fromText: z.string(),
  toText: z.string(),
  hunks: z.array(DiffHunkSchema),
});

export const ChangeSchema = z.object({
  version: VersionSchema,
  /** The version before it (what a revert goes back to); null when there was none. */
  previous: VersionSchema.nullable(),
  added: z.number().int(),
  removed: z.number().int(),
  hunks: z.array(DiffHunkSchema),
});

export const ChangeGroupSchema = z.object({
  kind: AuthorKindSchema,
  /** "your agent" groups every session; each change keeps its own label. */
  label: z.string(),
  changes: z.array(ChangeSchema),
});

export const WorkspaceChangesSchema = z.object({
  since: z.number(),
  /** When the user last marked the changes as seen (the default `since`), null before the first time. */
  lastSeenAt: z.number().nullable(),
  groups: z.array(ChangeGroupSchema),
  notices: z.array(HistoryNoticeSchema),
});

export const LineOriginSchema = z.object({
  /** 1-based line of the file as it is now. */
  line: z.number().int(),
  versionId: z.number().int().nullable(),
});

export const LineOriginsSchema = z.object({
  path: z.string(),
  /** The hash of the text the origins describe (the file now); the editor checks it against its buffer. */
  hash: z.string().nullable(),
  lines: z.array(LineOriginSchema),
  /** The versions the lines point at, by id. */
  versions: z.array(VersionSchema),
});

export const HistoryUsageSchema = z.object({
  versions: z.number().int(),
  blobs: z.number().int(),
  bytes: z.number().int(),
  /** The store's folder in the data dir. */
  dir: z.string(),
  notices: z.array(HistoryNoticeSchema),
});

/** Retention, per workspace: keep everything for a while, then one version a day, under a size cap. */
export const HistorySettingsSchema = z.object({
  keepAllDays: z.number().int().min(1).max(3650).default(30),
  /** After keepAllDays: the last version of each day per file (older ones go). */
  dailyAfter: z.boolean().default(true),
  /** Oldest versions go first past this; a file's newest version is always kept. */
  maxMegabytes: z.number().int().min(1).max(100_000).default(500),
  /** Files larger than this are listed as changed but their bytes are not kept. */
  maxFileMegabytes: z.number().int().min(1).max(100).default(10),
});

export const HistorySettingsPatchSchema = z.strictObject({
  keepAllDays: z.number().int().min(1).max(3650).optional(),
  dailyAfter: z.boolean().optional(),
  maxMegabytes: z.number().int().min(1).max(100_000).optional(),
  maxFileMegabytes: z.number().int().min(1).max(100).optional(),
});

/**
 * `version`: a new version of `path` was kept. `evidence`: a transcript (`path`) changed, so who
 * made earlier changes may now be known better.
 */
export const HistoryChangedSchema = z.object({
  path: z.string(),
  reason: z.enum(['version', 'evidence']),
  version: z.number().int().nullable(),
});

/** What a history purge of one secret value did, place by place; never the value itself. */
export const SecretPurgeSchema = z.object({
  /** Kept versions whose bytes (or recorded evidence) held the value and now hold the placeholder. */
  versionsRewritten: z.number().int(),
  /** Files in the data folder rewritten or deleted: blobs, trash, drafts, judgments, damaged copies, the search log. */
  filesCleaned: z.number().int(),
  placeholder: z.string(),
  cleaned: z.object({
    blobsRewritten: z.number().int(),
    blobsDeleted: z.number().int(),
    historyStores: z.number().int(),
    trashFiles: z.number().int(),
    drafts: z.number().int(),
    judgmentFiles: z.number().int(),
    searchLogEntries: z.number().int(),
    damagedCopies: z.number().int(),
  }),
  /** Whether every SQLite file was vacuumed and its WAL truncated (another process reading it can hold that off: run the purge again later). */
  vacuumed: z.boolean(),
  /** Data-folder files (relative) that still hold the value after the purge; empty when it worked everywhere. */
  remaining: z.array(z.string()),
  /** Workspace transcripts that hold the value: the agent's record, never rewritten here. */
  transcripts: z.array(z.string()),
  /** The git repository holding the workspace, if any: its history is the user's, never rewritten here. */
  gitRepo: z.string().nullable(),
  /** A command the user could run to rewrite git history themselves (never run by Memory Lens). */
  gitCommand: z.string(),
  notices: z.array(z.string()),
});

export type SecretPurge = z.output<typeof SecretPurgeSchema>;

export type VersionKind = z.output<typeof VersionKindSchema>;
export type AuthorKind = z.output<typeof AuthorKindSchema>;
export type Author = z.output<typeof AuthorSchema>;
export type AgentTurn = z.output<typeof AgentTurnSchema>;
export type Version = z.output<typeof VersionSchema>;
export type FileHistory = z.output<typeof FileHistorySchema>;
export type VersionText = z.output<typeof VersionTextSchema>;
export type DiffHunk = z.output<typeof DiffHunkSchema>;
export type VersionDiff = z.output<typeof VersionDiffSchema>;
export type Change = z.output<typeof ChangeSchema>;
export type ChangeGroup = z.output<typeof ChangeGroupSchema>;
export type WorkspaceChanges = z.output<typeof WorkspaceChangesSchema>;
export type LineOrigins = z.output<typeof LineOriginsSchema>;
export type HistoryUsage = z.output<typeof HistoryUsageSchema>;
export type HistorySettings = z.output<typeof HistorySettingsSchema>;
