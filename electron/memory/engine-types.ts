// The engine's public surface: what the CLI, serve mode and the Electron main process use.
// Implemented by `MemoryEngine` in engine.ts. Plain Node; never imports electron.
import type { IndexedSecret } from './secrets/indexed-secrets.js';
import type { AccessStatsLookup, ChunkAccessStats } from './search/core/access-boost.js';
import type { EmbedderConfig } from './embed/load-embedder.js';
import type { IndexSessionOptions } from './search/sqlite/index-session.js';
import type { RankedSearch } from './search/run/run-search.js';
import type { SaveOptions } from './file-operations.js';
import type { Unsubscribe } from '../../shared/contract.js';
import type { AgentDatabasesOptions } from './agent-db/agent-databases.js';
import type { WorkspaceScope } from './workspace/workspace-scope.js';
import type { WatcherOptions } from './sync/watcher.js';
import type { AgentDatabasesReport, AgentIndexChunk } from '../../shared/agent-db-schemas.js';
import type { EmbedderRetryResult } from '../../shared/embedder-retry-schemas.js';
import type {
  ContextArgs,
  ContextReport,
  ExplainFileResult,
  FileChangeEvent,
  FileContent,
  FileListEntry,
  IndexProgress,
  IndexStatus,
  MemoryGetResult,
  SaveResult,
  SearchOptions,
  SearchResponse,
  SyncReport,
  TimelineEntry,
  TimelineQuery,
  Transcript,
} from '../../shared/domain.js';

export interface EngineOptions {
  /** Absolute path of the workspace (the folder holding MEMORY.md and memory/). */
  workspaceDir: string;
  /** Extra session folders (`--sessions DIR`, repeatable). */
  sessionDirs?: string[];
  /** Agent ids whose transcripts are neither indexed nor listed (settings.sessions.excludedAgents). */
  excludedAgents?: string[];
  /** Extra Markdown files or folders to index as memory (OpenClaw's memorySearch.extraPaths). */
  extraPaths?: string[];
  /** Index file; default `<dataDir>/indexes/<workspace-key>/index.sqlite`. */
  dbPath?: string;
  /** App data folder (indexes, trash); the app picks it (app/app-paths.ts defaultDataDir). */
  dataDir: string;
  /**
   * Query expansion's CC-CEDICT file: the package's copy (`dictionaries/`, made by `npm run
   * build:node`; null: none, as tests of the first build need), else one built once, in the
   * background, into `buildDir` (default `<dataDir>/dictionaries`).
   */
  dictionary?: { bundled?: string | null; buildDir?: string };
  /**
   * Where OpenClaw keeps agents (`~/.openclaw/agents`); sessions under `<agentsDir>/<id>/sessions`
   * are included when the workspace is an OpenClaw workspace (`<openclawHome>/workspace`), besides
   * the agents folders found inside and beside any workspace (workspace/session-sources.ts).
   * Default `~/.openclaw`. Tests point it at a temp folder.
   */
  openclawHome?: string;
  chunking?: { tokens: number; overlap: number };
  /**
   * Absolute path of better-sqlite3's compiled addon (`better_sqlite3.node`) when it is not where
   * Node would find it — the Electron shell passes the one rebuilt for Electron's ABI.
   */
  nativeBinding?: string;
  /** Embedding configuration; null or absent means keyword-only (mode fts-only). */
  embedder?: EmbedderConfig | null;
  /**
   * Agent access counts of chunks, kept by the host outside the (disposable) index. When given,
   * every breakdown shows them and `accessBoost` can use them; absent, breakdowns have no `access`.
   */
  accessStats?: AccessStatsLookup;
  /** How the index session is made: tests and benchmarks force the accelerators on or off. */
  indexSession?: IndexSessionOptions;
  /** How OpenClaw's agent databases are opened (which agents; a statement trace for tests). */
  agentDbOptions?: AgentDatabasesOptions;
  /** How often the agent databases are probed for new events while watching (default 1 s). */
  agentDbPollMs?: number;
  /** Opens the workspace's one chokidar watcher (default chokidar's `watch`): tests count what is opened. */
  openWatcher?: WatcherOptions['openWatcher'];
  /** How an embedding endpoint that is down is tried again (default 5 s, doubling, at most 60 s). */
  embedderRetry?: { firstMs?: number; maxMs?: number };
  /**
   * The endpoint that could not be used when this engine opened answers now: the host reopens the
   * workspace with it (the new engine embeds what is missing). Without it, nothing is tried again.
   */
  onEmbedderAvailable?: () => void;
}

export type { AccessStatsLookup, ChunkAccessStats, EmbedderConfig };

/** One indexed chunk of a file, as hosts need it to attribute accesses to lines. */
export interface ChunkRef {
  chunkId: string;
  startLine: number;
  endLine: number;
  /** sha256 of the chunk text. */
  hash: string;
}

export interface MemoryEngineApi {
  readonly workspaceDir: string;
  readonly dbPath: string;
  /** What is memory in this workspace, for every use (history, the OS trash and the agent tools ask it). */
  readonly scope: WorkspaceScope;

  /** Bring the index in line with disk (incremental unless `full`). */
  sync(options?: { full?: boolean }): Promise<SyncReport>;
  search(options: SearchOptions): Promise<SearchResponse>;
  /** Once query expansion's dictionary can be read (a first build that runs has finished): evaluations wait for it. */
  expansionReady(): Promise<void>;
  /**
   * Prepares, in short steps that let requests in between, what the first search would otherwise
   * load inside itself (the app calls it once a workspace opens); true once warm, false if closed first.
   */
  warmUp(): Promise<boolean>;
  /**
   * Our search and the best `depth` candidates it ranked (any score), each with the result that
   * lists it: what it found beyond its results, from the same run.
   */
  rankedSearch(options: Omit<SearchOptions, 'profile'>, depth: number): Promise<RankedSearch>;
  explainFile(path: string, options: SearchOptions): Promise<ExplainFileResult>;
  listFiles(): Promise<FileListEntry[]>;
  timeline(query?: TimelineQuery): Promise<TimelineEntry[]>;
  /** memory_get: only what `scope.allowed('get')` says. */
  get(path: string, from?: number, lines?: number): Promise<MemoryGetResult>;
  /**
   * A file too large to open whole comes back as a window starting at the line at/after byte
   * `window.offset` (with `backward`, the whole lines ending there).
   */
  readFile(path: string, window?: { offset?: number; backward?: boolean }): Promise<FileContent>;
  readTranscript(path: string): Promise<Transcript>;
  /** The transcript's records as JSONL text (a file, or an agent database's events): the memory history reads the agent's tool calls from them. */
  readTranscriptJsonl(path: string): Promise<string>;
  /** The indexed chunks of one file, in file order (empty when it is not indexed). */
  chunksOf(path: string): Promise<ChunkRef[]>;
  /**
   * Atomic write; throws CONFLICT when the file's hash is no longer `expectedHash`, READ_ONLY when
   * its mode is read-only unless `overrideReadOnly` ("save anyway", which keeps the mode).
   */
  saveFile(path: string, text: string, expectedHash: string | null, options?: SaveOptions): Promise<SaveResult>;
  /** Rewrites only the frontmatter `checksum` (and `updated`) to match the body; CONFLICT when the file changed. */
  acceptChecksum(path: string, expectedHash: string): Promise<SaveResult>;
  createFile(path: string, text: string): Promise<SaveResult>;
  /** CONFLICT when `expectedHash` is given and the file no longer has it. */
  renameFile(from: string, to: string, expectedHash?: string): Promise<SaveResult>;
  /** Moves the file to the app's trash folder (the Electron shell uses the OS trash instead). */
  deleteFile(path: string, expectedHash?: string): Promise<void>;
  status(): IndexStatus;
  /** "Retry now": tries the embedding endpoint that is down at once (without an endpoint: reachable false, reason null). */
  retryEmbedder(): Promise<EmbedderRetryResult>;
  /**
   * What the agent sees at session start: the bootstrap files under OpenClaw's prompt budget, with
   * the limits from openclaw.json. Read afresh on every call (a few small files). `openclawConfig`
   * names the config file explicitly (the CLI's --openclaw-config; never from a page); `env` is the
   * environment OpenClaw's variables are read from (default this process's).
   */
  context(
    args: ContextArgs,
    options?: { openclawConfig?: string; env?: Readonly<Record<string, string | undefined>> },
  ): Promise<ContextReport>;

  /** OpenClaw's agent databases of this workspace: notices, sessions, the agent's index vs the files. Read-only. */
  agentDatabases(): Promise<AgentDatabasesReport>;
  /** The agent's own chunks of one memory file, with importance, triggers, project and origin. */
  agentIndexChunks(path: string): Promise<AgentIndexChunk[]>;
  /** Every secret the index masked (kind, file, line, label; never the value). */
  secrets(): Promise<IndexedSecret[]>;

  startWatching(): Promise<void>;
  stopWatching(): Promise<void>;

  onDidProgress(listener: (progress: IndexProgress) => void): Unsubscribe;
  onDidChangeFile(listener: (event: FileChangeEvent) => void): Unsubscribe;
  onDidChangeStatus(listener: (status: IndexStatus) => void): Unsubscribe;

  close(): Promise<void>;
}
