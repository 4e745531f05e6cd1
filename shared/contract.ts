// THE contract: every call the UI may make and every event it may receive, declared once.
// Electron's IPC handlers, the preload's window.memlens, serve mode's HTTP routes and SSE stream,
// and the renderer's client are all generated from CALLS and EVENTS. A call not listed here does
// not exist (e2e and unit tests compare every transport's routes against these keys).
import { z } from 'zod';
import type { ErrorCode, ErrorValue } from './errors.js';
import {
  DeleteResultSchema,
  ExplainFileResultSchema,
  FileChangeEventSchema,
  FileContentSchema,
  FileListEntrySchema,
  HashSchema,
  IndexProgressSchema,
  IndexStatusSchema,
  MemoryGetResultSchema,
  RelPathSchema,
  SaveResultSchema,
  SearchOptionsSchema,
  SearchResponseSchema,
  SyncReportSchema,
  TimelineEntrySchema,
  TimelineQuerySchema,
  TranscriptSchema,
  WorkspaceInfoSchema,
} from './contract-schemas.js';
import { ContextArgsSchema, ContextReportSchema } from './context-schemas.js';
import { AgentDatabasesReportSchema, AgentIndexChunkSchema, AgentWorkspacesSchema } from './agent-db-schemas.js';
import { SettingsPatchSchema, SettingsSchema } from './settings-schema.js';
import { AgentCallListSchema, AgentCallsArgsSchema } from './agent-call-schemas.js';
import {
  AgentSearchEntrySchema,
  AgentSearchListSchema,
  FileAccessSchema,
  SavedSessionMemorySchema,
} from './agent-schemas.js';
import {
  DraftPutArgsSchema,
  DraftSchema,
  FindMatchesArgsSchema,
  JudgmentExportSchema,
  JudgmentSchema,
  JudgmentSetArgsSchema,
  LineMatchSchema,
  ModelCatalogSchema,
  ModelProgressSchema,
  SessionSourceSchema,
} from './app-data-schemas.js';
import type { CallSpec } from './call-spec.js';
import {
  CALL_NAME_LIST,
  EVENT_NAME_LIST,
  EVENT_SUBSCRIBE_NAMES,
  isListedEventName,
  type ListedCallName,
  type ListedEventName,
} from './contract-names.js';
import { DOCTOR_CALLS } from './doctor-calls.js';
import { DoctorChangedSchema } from './doctor-schemas.js';
import { HISTORY_CALLS } from './history-calls.js';
import { EMBEDDER_CALLS } from './embedder-calls.js';
import { SECRET_CALLS } from './secret-calls.js';
import { HistoryChangedSchema } from './history-schemas.js';
import { AgentEmbedderOfferSchema } from './embedding-endpoint-settings.js';

/** Arguments of a call are small JSON objects: 64 KB is far above any legitimate one. */
export const MAX_ARG_BYTES = 64 * 1024;
/** Saves carry a whole file; 10 MB is above the editor's read-only threshold, so no real edit is refused. */
export const MAX_SAVE_BYTES = 10 * 1024 * 1024;
/** Text inside a save may be up to this many UTF-16 units (the byte limit above is checked on the JSON). */
const MAX_TEXT_CHARS = MAX_SAVE_BYTES;

/** Every call may also fail with these (validation, payload size, an unexpected bug). */
export const COMMON_ERRORS = ['INVALID_ARGUMENT', 'TOO_LARGE', 'INTERNAL'] as const satisfies readonly ErrorCode[];

export type { CallSpec } from './call-spec.js';

function call<A extends z.ZodType, R extends z.ZodType>(spec: CallSpec<A, R>): CallSpec<A, R> {
  return spec;
}

const NoArgs = z.strictObject({});
const PathArgs = z.strictObject({ path: RelPathSchema });

export const CALLS = {
  listFiles: call({
    args: NoArgs,
    result: z.array(FileListEntrySchema),
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: 'Every file the engine knows, with its index state.',
  }),
  readFile: call({
    // For a file too large to open whole: `offset` is the byte where the window starts (moved
    // forward to the next line start), or with `backward` where it ends (the page before).
    // Ignored for files the editor opens whole.
    args: z.strictObject({
      path: RelPathSchema,
      offset: z.number().int().min(0).optional(),
      backward: z.boolean().optional(),
    }),
    result: FileContentSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'OUT_OF_ROOT', 'NOT_ALLOWED'],
    summary:
      'One memory file or transcript as the editor opens it (a window of it when too large), with the hash a save must present.',
  }),
  saveFile: call({
    args: z.strictObject({
      path: RelPathSchema,
      text: z.string().max(MAX_TEXT_CHARS),
      expectedHash: HashSchema.nullable(),
      /** "Save anyway": write a file whose mode is read-only (the mode is kept). */
      overrideReadOnly: z.boolean().optional(),
    }),
    result: SaveResultSchema,
    maxArgBytes: MAX_SAVE_BYTES,
    errors: ['NOT_FOUND', 'OUT_OF_ROOT', 'CONFLICT', 'NOT_ALLOWED', 'READ_ONLY'],
    summary:
      'Atomic save; CONFLICT (details.currentHash) when the file changed since it was read; READ_ONLY when its file mode is read-only, unless overrideReadOnly.',
  }),
  acceptChecksum: call({
    args: z.strictObject({ path: RelPathSchema, expectedHash: HashSchema }),
    result: SaveResultSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'OUT_OF_ROOT', 'CONFLICT', 'NOT_ALLOWED'],
    summary:
      "Accepts a file's body as intended: rewrites only its frontmatter `checksum` (and `updated`) to match; CONFLICT when it changed since read.",
  }),
  createFile: call({
    args: z.strictObject({ path: RelPathSchema, text: z.string().max(MAX_TEXT_CHARS) }),
    result: SaveResultSchema,
    maxArgBytes: MAX_SAVE_BYTES,
    errors: ['OUT_OF_ROOT', 'ALREADY_EXISTS', 'NOT_ALLOWED'],
    summary: 'Creates a new memory file (parent folders included); never overwrites.',
  }),
  renameFile: call({
    args: z.strictObject({ from: RelPathSchema, to: RelPathSchema, expectedHash: HashSchema }),
    result: SaveResultSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'OUT_OF_ROOT', 'ALREADY_EXISTS', 'NOT_ALLOWED', 'CONFLICT'],
    summary: 'Renames or moves a memory file inside the workspace; CONFLICT when it changed since read.',
  }),
  deleteFile: call({
    args: z.strictObject({ path: RelPathSchema, expectedHash: HashSchema }),
    result: DeleteResultSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'OUT_OF_ROOT', 'NOT_ALLOWED', 'CONFLICT'],
    summary: 'Moves a file to the trash (the OS trash in the desktop app, the app trash folder in serve mode).',
  }),
  search: call({
    args: SearchOptionsSchema,
    result: SearchResponseSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE', 'INDEX_CORRUPT'],
    summary: 'Hybrid search with a full ScoreBreakdown per result.',
  }),
  explainFile: call({
    args: z.strictObject({ path: RelPathSchema, options: SearchOptionsSchema }),
    result: ExplainFileResultSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['OUT_OF_ROOT', 'UNAVAILABLE'],
    summary: 'Why a pinned file is or is not in the results of a search.',
  }),
  timeline: call({
    args: TimelineQuerySchema,
    result: z.array(TimelineEntrySchema),
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: 'Dated memories and sessions on one time axis.',
  }),
  status: call({
    args: NoArgs,
    result: IndexStatusSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: [],
    summary: 'Index counts, mode, embedder, watcher state, progress and errors.',
  }),
  reindex: call({
    args: z.strictObject({ full: z.boolean().optional() }),
    result: SyncReportSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE', 'INDEX_CORRUPT'],
    summary: 'Brings the index in line with disk (incremental unless full).',
  }),
  settingsGet: call({
    args: NoArgs,
    result: SettingsSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: [],
    summary: 'The persisted settings, defaults filled in.',
  }),
  settingsSet: call({
    args: z.strictObject({ patch: SettingsPatchSchema }),
    result: SettingsSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: [],
    summary: 'Merges a patch into the settings, persists them, returns the result.',
  }),
  openWorkspace: call({
    // null: ask the user (OS folder dialog). A path: only one of settings.recentWorkspaces or an
    // agent's workspace agentWorkspaces lists now, so a compromised page cannot open an arbitrary
    // folder. Serve mode has no dialog: agents' workspaces only.
    args: z.strictObject({ path: z.string().min(1).max(4096).nullable() }),
    result: z.object({ opened: z.boolean(), workspace: WorkspaceInfoSchema }),
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'NOT_ALLOWED'],
    summary: 'Switches the workspace; opened=false when the user cancelled the dialog.',
  }),
  readTranscript: call({
    args: PathArgs,
    result: TranscriptSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'OUT_OF_ROOT'],
    summary: 'A session JSONL as chat messages citing their JSONL lines.',
  }),
  get: call({
    args: z.strictObject({
      path: RelPathSchema,
      from: z.number().int().min(1).optional(),
      lines: z.number().int().min(1).max(1_000_000).optional(),
    }),
    result: MemoryGetResultSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'OUT_OF_ROOT', 'NOT_ALLOWED'],
    summary: "OpenClaw's memory_get: MEMORY.md / memory.md / USER.md / memory/**/*.md only.",
  }),
  context: call({
    args: ContextArgsSchema,
    result: ContextReportSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: [],
    summary:
      "What the agent sees at session start: each bootstrap file's size, cap, cut and dropped lines under OpenClaw's prompt budget.",
  }),
  agentSearches: call({
    args: z.strictObject({ limit: z.number().int().min(1).max(1000).optional() }),
    result: AgentSearchListSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: 'The searches agents ran (MCP memory_search, memlens search) in this workspace, newest first.',
  }),
  agentSearch: call({
    args: z.strictObject({ id: z.number().int().min(1) }),
    result: AgentSearchEntrySchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'UNAVAILABLE'],
    summary: 'One logged agent search: its options and exactly the results (with breakdowns) the agent got.',
  }),
  agentCalls: call({
    args: AgentCallsArgsSchema,
    result: AgentCallListSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary:
      "Every memory call: the agent's own (from its transcripts), MCP clients' and people's, with outcome, diagnosis, replay and a health summary.",
  }),
  fileAccess: call({
    args: PathArgs,
    result: FileAccessSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['OUT_OF_ROOT', 'UNAVAILABLE'],
    summary: 'How often agents retrieved each chunk of a file, and when last.',
  }),
  saveSessionMemory: call({
    args: z.strictObject({ path: RelPathSchema, messages: z.number().int().min(1).max(500).optional() }),
    result: SavedSessionMemorySchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'OUT_OF_ROOT', 'NOT_ALLOWED'],
    summary:
      "Writes a session's last messages as memory/YYYY-MM-DD-<slug>.md (OpenClaw's session-memory format); never overwrites.",
  }),
  workspaceInfo: call({
    args: NoArgs,
    result: WorkspaceInfoSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: 'The open workspace: its folder and whether it is the bundled sample.',
  }),
  listSessionSources: call({
    args: NoArgs,
    result: z.array(SessionSourceSchema),
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: 'Every folder of transcripts found for the workspace (agents inside and beside it), included or not.',
  }),
  findMatches: call({
    args: FindMatchesArgsSchema,
    result: z.array(LineMatchSchema),
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'OUT_OF_ROOT'],
    summary: "Where a result's matched terms occur in its cited lines of the file as it is now.",
  }),
  draftList: call({
    args: NoArgs,
    result: z.array(DraftSchema),
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: "The workspace's unsaved drafts kept in the data dir (offered back after a crash or a closed window).",
  }),
  draftPut: call({
    args: DraftPutArgsSchema,
    result: DraftSchema,
    maxArgBytes: MAX_SAVE_BYTES,
    errors: ['UNAVAILABLE'],
    summary: 'Keeps (replaces) the unsaved draft of one file.',
  }),
  draftDelete: call({
    args: PathArgs,
    result: z.object({ deleted: z.boolean() }),
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: 'Forgets the draft of one file (saved, reloaded or discarded).',
  }),
  judgmentSet: call({
    args: JudgmentSetArgsSchema,
    result: z.array(JudgmentSchema),
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: "Records (or, with verdict null, withdraws) a 👍/👎 on one result; returns that query's judgments.",
  }),
  judgmentList: call({
    args: z.strictObject({ query: z.string().max(10_000).optional() }),
    result: z.array(JudgmentSchema),
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: "The workspace's judgments (of one query, when given).",
  }),
  judgmentExport: call({
    args: NoArgs,
    result: JudgmentExportSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: 'The judgments as an eval queries file (`memlens eval --queries` JSONL).',
  }),
  modelCatalog: call({
    args: NoArgs,
    result: ModelCatalogSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: [],
    summary: 'Embedding model presets, which are installed, and what runs now (or why nothing does).',
  }),
  agentEmbedderOffer: call({
    args: NoArgs,
    result: AgentEmbedderOfferSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: [],
    summary:
      "The embedding endpoint on this computer that the agent's openclaw.json names (model included), or why there is none.",
  }),
  // OpenClaw's agent databases (openclaw-agent.sqlite), read-only: shared/agent-db-schemas.ts.
  agentDatabases: call({
    args: NoArgs,
    result: AgentDatabasesReportSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary:
      "The agent databases of the workspace: notices, their sessions, and the agent's own index against the memory files (current / stale / missing / extra).",
  }),
  agentIndexChunks: call({
    args: PathArgs,
    result: z.array(AgentIndexChunkSchema),
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: "The agent's own chunks of one memory file, with OpenClaw's importance, triggers, project and origin.",
  }),
  agentWorkspaces: call({
    args: NoArgs,
    result: AgentWorkspacesSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary:
      "Every OpenClaw agent's workspace beside the open one (openclaw.json, workspace-<id> folders): what the agent switcher offers; openWorkspace accepts these paths.",
  }),
  ...HISTORY_CALLS,
  ...DOCTOR_CALLS,
  ...EMBEDDER_CALLS,
  ...SECRET_CALLS,
} as const;

export const EVENTS = {
  indexProgress: { payload: IndexProgressSchema, subscribe: EVENT_SUBSCRIBE_NAMES.indexProgress },
  fileChanged: { payload: FileChangeEventSchema, subscribe: EVENT_SUBSCRIBE_NAMES.fileChanged },
  statusChanged: { payload: IndexStatusSchema, subscribe: EVENT_SUBSCRIBE_NAMES.statusChanged },
  /** The shell switched workspaces (menu, dialog): everything the UI holds is stale. */
  workspaceChanged: { payload: WorkspaceInfoSchema, subscribe: EVENT_SUBSCRIBE_NAMES.workspaceChanged },
  /** An embedding model is being read or downloaded (after a settings change), or finished. */
  modelProgress: { payload: ModelProgressSchema, subscribe: EVENT_SUBSCRIBE_NAMES.modelProgress },
  /**
   * The desktop menu's "Open Workspace…": the window decides (it asks first when drafts are
   * unsaved), then calls openWorkspace. Sent by Electron main, never by serve mode.
   */
  openWorkspaceRequested: { payload: z.object({}), subscribe: EVENT_SUBSCRIBE_NAMES.openWorkspaceRequested },
  /** The memory history kept a new version of a file (after the fileChanged that caused it). */
  historyChanged: { payload: HistoryChangedSchema, subscribe: EVENT_SUBSCRIBE_NAMES.historyChanged },
  /** The memory doctor finished a pass (first after indexing, then after edits). */
  doctorChanged: { payload: DoctorChangedSchema, subscribe: EVENT_SUBSCRIBE_NAMES.doctorChanged },
} as const;

export type CallName = keyof typeof CALLS;
export type EventName = keyof typeof EVENTS;
export const CALL_NAMES: CallName[] = [...CALL_NAME_LIST];
export const EVENT_NAMES: EventName[] = [...EVENT_NAME_LIST];

// contract-names.ts lists the names without the schemas: it must list exactly these.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namesListed: [Same<CallName, ListedCallName>, Same<EventName, ListedEventName>] = [true, true];
void namesListed;

/** What a caller passes (defaults not yet applied). */
export type CallArgs<K extends CallName> = z.input<(typeof CALLS)[K]['args']>;
/** What a handler receives after validation. */
export type ParsedCallArgs<K extends CallName> = z.output<(typeof CALLS)[K]['args']>;
export type CallResult<K extends CallName> = z.output<(typeof CALLS)[K]['result']>;
export type EventPayload<E extends EventName> = z.output<(typeof EVENTS)[E]['payload']>;
export type SubscribeName<E extends EventName> = (typeof EVENTS)[E]['subscribe'];

export type Unsubscribe = () => void;

/** Calls whose arguments are all optional may be called with none: `api.listFiles()`. */
type CallParams<K extends CallName> =
  Record<never, never> extends CallArgs<K> ? [args?: CallArgs<K>] : [args: CallArgs<K>];

export type MemlensCalls = { [K in CallName]: (...args: CallParams<K>) => Promise<CallResult<K>> };
export type MemlensEvents = {
  [E in EventName as SubscribeName<E>]: (listener: (payload: EventPayload<E>) => void) => Unsubscribe;
};

/** The renderer's typed API (renderer/src/api/client.ts): calls resolve or throw an ApiError. */
export type MemlensApi = MemlensCalls & MemlensEvents;

/**
 * A call's answer as it crosses a transport: Electron's invoke and contextBridge drop an Error's
 * fields, so errors travel as values and the client turns them back into exceptions.
 */
export type CallOutcome<K extends CallName> = { ok: true; result: CallResult<K> } | { ok: false; error: ErrorValue };

/** What the preload exposes as the frozen `window.memlens`: one method per call, one subscribe per event. */
export type MemlensBridge = { [K in CallName]: (...args: CallParams<K>) => Promise<CallOutcome<K>> } & MemlensEvents;

/** A call's answer before it is typed by its name: what a dispatcher returns for any method string. */
export type DispatchOutcome = { ok: true; result: unknown } | { ok: false; error: ErrorValue };

/**
 * Anything that answers the contract's calls: the app core's dispatcher (serve mode, the engine
 * host) and the desktop main process's proxy to the engine host. IPC and HTTP are built on this.
 */
export interface ApiDispatcher {
  /** The calls this dispatcher serves: exactly the contract's. */
  readonly methods: readonly CallName[];
  /**
   * Runs one call. `argBytes` is the size of the arguments as received (HTTP body length); when
   * absent the JSON encoding of `rawArgs` is measured (IPC).
   */
  handle(method: string, rawArgs: unknown, argBytes?: number): Promise<DispatchOutcome>;
}

/** One of the contract's events with its payload, as hosts relay them to windows and streams. */
export type ContractEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName];
export type ContractEventListener = (event: ContractEvent) => void;

export function isCallName(name: string): name is CallName {
  return Object.prototype.hasOwnProperty.call(CALLS, name);
}

export const isEventName: (name: string) => name is EventName = isListedEventName;

// ---------------------------------------------------------------------------------------------
// Transport names, derived from the table so no transport spells a channel by hand.

/** Electron: one ipcMain.handle channel per call. */
export function ipcChannelFor(name: CallName): string {
  return `memlens:call:${name}`;
}

/** Electron: one webContents.send channel per event. */
export function ipcEventChannelFor(name: EventName): string {
  return `memlens:event:${name}`;
}

export { HTTP_API_PREFIX, HTTP_EVENTS_PATH, TOKEN_HEADER, httpPathFor } from './contract-names.js';

// Re-exported so callers need one import for the value types that cross the contract.
export type {
  FileContent,
  SaveResult,
  DeleteResult,
  SyncReport,
  FileChangeEvent,
  WorkspaceInfo,
  Transcript,
  TimelineQuery,
} from './domain.js';
export type {
  Settings,
  SettingsPatch,
  SearchSettings,
  ModelSettings,
  SessionSettings,
  Theme,
} from './settings-schema.js';
