// The engine's public surface: what the CLI, serve mode and the Electron main process use.
// Implemented by `MemoryEngine` in engine.ts. Plain Node; never imports electron.
import type {
  ExplainFileResult,
  FileListEntry,
  IndexProgress,
  IndexStatus,
  MemoryGetResult,
  SearchOptions,
  SearchResponse,
  TimelineEntry,
  TimelineEntryType,
  TranscriptMessage,
} from '../../shared/domain.js';

export interface EngineOptions {
  /** Absolute path of the workspace (the folder holding MEMORY.md and memory/). */
  workspaceDir: string;
  /** Extra session folders (`--sessions DIR`, repeatable). */
  sessionDirs?: string[];
  /** Extra Markdown files or folders to index as memory (OpenClaw's memorySearch.extraPaths). */
  extraPaths?: string[];
  /** Index file; default `<dataDir>/indexes/<workspace-key>/index.sqlite`. */
  dbPath?: string;
  /** App data folder; default XDG_DATA_HOME/memory-lens (Linux), ~/Library/Application Support/Memory Lens (macOS), %APPDATA%\Memory Lens (Windows). */
  dataDir?: string;
  /**
   * Where OpenClaw keeps agents (`~/.openclaw/agents`); sessions under `<agentsDir>/<id>/sessions`
   * are included when the workspace is an OpenClaw workspace (`<openclawHome>/workspace`).
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
}

export interface EmbedderConfig {
  /** Preset id or model id, e.g. `Xenova/multilingual-e5-small`. */
  model: string;
  /** Folder holding `<model id>/` model folders. */
  modelsDir: string;
  /** Allow downloading a missing model (CLI `--allow-download`, desktop: the user's answer). */
  allowDownload: boolean;
  /** Per-query embedding timeout; on timeout that query runs keyword-only. */
  queryTimeoutMs?: number;
}

/** One text file as the editor sees it. */
export interface FileContent {
  path: string;
  text: string;
  /** sha256 hex of the exact bytes on disk; saves must present it. */
  hash: string;
  size: number;
  mtimeMs: number;
  bom: boolean;
  eol: 'lf' | 'crlf' | 'mixed' | 'none';
  /** Why the file must open read-only (too large, invalid UTF-8, session transcript), if so. */
  readOnly: null | 'too-large' | 'invalid-utf8' | 'session';
}

export interface SaveResult {
  path: string;
  hash: string;
  size: number;
  mtimeMs: number;
}

export interface SyncReport {
  filesScanned: number;
  filesIndexed: number;
  filesSkipped: number;
  filesRemoved: number;
  filesFailed: number;
  chunksWritten: number;
  chunksEmbedded: number;
  embeddingCacheHits: number;
  tookMs: number;
}

export interface FileChangeEvent {
  path: string;
  change: 'added' | 'changed' | 'deleted';
  /** sha256 of the new bytes, for the editor to decide whether it is its own save. */
  hash: string | null;
}

export type Unsubscribe = () => void;

export interface TimelineQuery {
  from?: string;
  to?: string;
  types?: TimelineEntryType[];
}

export interface MemoryEngineApi {
  readonly workspaceDir: string;
  readonly dbPath: string;

  /** Bring the index in line with disk (incremental unless `full`). */
  sync(options?: { full?: boolean }): Promise<SyncReport>;
  search(options: SearchOptions): Promise<SearchResponse>;
  explainFile(path: string, options: SearchOptions): Promise<ExplainFileResult>;
  listFiles(): Promise<FileListEntry[]>;
  timeline(query?: TimelineQuery): Promise<TimelineEntry[]>;
  /** memory_get: MEMORY.md / memory.md / USER.md / memory/**\/*.md / extra paths only. */
  get(path: string, from?: number, lines?: number): Promise<MemoryGetResult>;
  readFile(path: string): Promise<FileContent>;
  readTranscript(path: string): Promise<{ messages: TranscriptMessage[]; malformedLines: number }>;
  /** Atomic write; throws CONFLICT when the file's hash is no longer `expectedHash`. */
  saveFile(path: string, text: string, expectedHash: string | null): Promise<SaveResult>;
  createFile(path: string, text: string): Promise<SaveResult>;
  renameFile(from: string, to: string): Promise<SaveResult>;
  /** Moves the file to the app's trash folder (the Electron shell uses the OS trash instead). */
  deleteFile(path: string): Promise<void>;
  status(): IndexStatus;

  startWatching(): Promise<void>;
  stopWatching(): Promise<void>;

  onDidProgress(listener: (progress: IndexProgress) => void): Unsubscribe;
  onDidChangeFile(listener: (event: FileChangeEvent) => void): Unsubscribe;
  onDidChangeStatus(listener: (status: IndexStatus) => void): Unsubscribe;

  close(): Promise<void>;
}
