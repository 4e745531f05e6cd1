// The engine façade (MemoryEngineApi): one index per workspace, kept in line with the files by
// sync and the watcher, searched by search/run-search.ts. Index writes run one at a time through
// a queue; searches never wait for them — during a rebuild they read the previous index.
import fs from 'node:fs';
import path from 'node:path';
import type {
  ExplainFileResult,
  FileChangeEvent,
  FileContent,
  FileListEntry,
  IndexError,
  IndexProgress,
  IndexStatus,
  MemoryGetResult,
  SaveResult,
  SearchOptions,
  SearchResponse,
  SyncReport,
  TimelineEntry,
  TimelineQuery,
  TranscriptMessage,
} from '../../shared/domain.js';
import { MemoryLensError, messageOf } from '../../shared/errors.js';
import { CHUNKER_VERSION } from './chunk/chunker.js';
import { assertIndexOutsideWorkspace, indexPathFor } from './data-dir.js';
import type { EmbeddingProvider } from './embed/embedding-provider.js';
import { loadEmbedder } from './embed/load-embedder.js';
import { Listeners, SerialQueue } from './engine-events.js';
import type { EngineOptions, MemoryEngineApi } from './engine-types.js';
import type { Unsubscribe } from '../../shared/contract.js';
import { FileOperations } from './file-operations.js';
import { LiveIndex } from './live-index.js';
import { createSearchContext, emptySearchResponse } from './search-context.js';
import type { SearchContextInput } from './search-context.js';
import { copyEmbeddingCache } from './index/embedding-cache.js';
import { isCorruptionError, removeIndexFiles } from './index/index-db.js';
import type { ExpectedIndexMeta } from './index/index-db.js';
import { listFileEntries, listFileTitles } from './index/index-queries.js';
import type { IndexCounts } from './index/index-queries.js';
import { SCHEMA_VERSION } from './index/schema.js';
import { explainFile } from './search/explain-file.js';
import { runSearch } from './search/run-search.js';
import type { SearchContext } from './search/run-search.js';
import { buildTimeline } from './search/timeline.js';
import { syncFile } from './sync/sync-file.js';
import type { FileSyncResult } from './sync/sync-file.js';
import { syncIndex } from './sync/sync.js';
import type { SyncResult, SyncTarget } from './sync/sync.js';
import { WorkspaceWatcher } from './sync/watcher.js';
import type { DiscoverOptions } from './workspace/discover.js';

/** More per-file events than this from one sync: send only the status change (the UI reloads its list). */
const MAX_FILE_EVENTS_PER_SYNC = 500;

export class MemoryEngine implements MemoryEngineApi {
  readonly workspaceDir: string;
  readonly dbPath: string;

  private readonly live: LiveIndex;
  private readonly queue = new SerialQueue();
  private readonly progressListeners = new Listeners<IndexProgress>();
  private readonly fileListeners = new Listeners<FileChangeEvent>();
  private readonly statusListeners = new Listeners<IndexStatus>();
  private readonly engineErrors: IndexError[] = [];
  private readonly discover: DiscoverOptions;
  private readonly files: FileOperations;
  private readonly abort = new AbortController();
  private watcher: WorkspaceWatcher | null = null;
  private watcherState: IndexStatus['watcher'] = 'off';
  private progress: IndexProgress | null = null;
  private rebuilding = false;
  private recovering: Promise<void> | null = null;
  private closed = false;

  private constructor(
    private readonly options: EngineOptions,
    workspaceDir: string,
    dbPath: string,
    dataDir: string,
    private readonly embedder: EmbeddingProvider | null,
    private readonly modeReason: string | null,
    live: LiveIndex,
  ) {
    this.workspaceDir = workspaceDir;
    this.dbPath = dbPath;
    this.live = live;
    this.discover = {
      workspaceDir,
      sessionDirs: options.sessionDirs ?? [],
      extraPaths: options.extraPaths ?? [],
      ...(options.openclawHome ? { openclawHome: options.openclawHome } : {}),
    };
    this.files = new FileOperations({
      workspaceDir,
      dataDir,
      discover: this.discover,
      reindex: (relPath) => this.reindexAfterWrite(relPath),
    });
    const { quarantined } = live.index;
    if (quarantined) {
      this.engineErrors.push({
        path: dbPath,
        message: `The index could not be read (${quarantined.reason}); it was moved to ${quarantined.movedTo} and is being rebuilt from the files.`,
        at: Date.now(),
      });
    }
  }

  /** Opens (creating, quarantining or marking for rebuild as needed) the index of a workspace. */
  static async open(options: EngineOptions): Promise<MemoryEngine> {
    const workspaceDir = path.resolve(options.workspaceDir);
    const stat = fs.statSync(workspaceDir, { throwIfNoEntry: false });
    if (!stat?.isDirectory()) throw new MemoryLensError('NOT_FOUND', `Workspace folder not found: ${workspaceDir}`);
    const dataDir = path.resolve(options.dataDir);
    const dbPath = path.resolve(options.dbPath ?? indexPathFor(dataDir, workspaceDir));
    assertIndexOutsideWorkspace(dbPath, workspaceDir);

    let embedder: EmbeddingProvider | null = null;
    let modeReason: string | null = 'no embedding model configured';
    if (options.embedder) {
      const loaded = await loadEmbedder(options.embedder);
      if (loaded.ok) {
        embedder = loaded.provider;
        modeReason = null;
      } else {
        modeReason = loaded.reason;
      }
    }
    const expected: ExpectedIndexMeta = {
      schemaVersion: SCHEMA_VERSION,
      chunkerVersion: CHUNKER_VERSION,
      ...(options.chunking ? { chunking: options.chunking } : {}),
      embedding: embedder ? { provider: embedder.provider, model: embedder.model, providerKey: embedder.providerKey, dims: embedder.dims } : null,
    };
    let live: LiveIndex;
    try {
      live = new LiveIndex(dbPath, expected, embedder, options.nativeBinding);
    } catch (error) {
      await embedder?.close();
      throw new MemoryLensError('INDEX_CORRUPT', `Cannot open the index at ${dbPath}: ${messageOf(error)}`);
    }
    // A rebuild that a crash interrupted left its half-built file; the next rebuild would start over anyway.
    if (!live.staleReason) removeIndexFiles(`${dbPath}.next`);
    return new MemoryEngine(options, workspaceDir, dbPath, dataDir, embedder, modeReason, live);
  }

  // -------------------------------------------------------------------------------------------
  // Index

  sync(options: { full?: boolean } = {}): Promise<SyncReport> {
    this.assertOpen();
    // Marked before the job starts so a search issued right after this call knows a rebuild is on.
    if (this.live.staleReason) this.rebuilding = true;
    return this.queue.run(async () => {
      let result: SyncResult;
      try {
        const stale = this.live.staleReason;
        result = stale ? await this.rebuildAndSwap(stale) : await this.runSync(this.live.target, options.full ?? false, false);
      } catch (error) {
        if (!isCorruptionError(error)) throw error;
        this.quarantineOpenIndex(messageOf(error));
        result = await this.runSync(this.live.target, true, false);
      }
      this.afterSync(result);
      return toReport(result);
    });
  }

  /** The open index turned out damaged: move it aside and start an empty one (the caller refills it). */
  private quarantineOpenIndex(reason: string): void {
    const movedTo = this.live.quarantine();
    this.engineErrors.push({
      path: this.dbPath,
      message: `The index was damaged (${reason}); it was moved to ${movedTo} and is being rebuilt from the files.`,
      at: Date.now(),
    });
  }

  private async runSync(target: SyncTarget, full: boolean, rebuilding: boolean): Promise<SyncResult> {
    try {
      return await syncIndex(target, {
        discover: this.discover,
        ...(this.options.chunking ? { chunking: this.options.chunking } : {}),
        full,
        signal: this.abort.signal,
        onProgress: (progress) => this.setProgress(rebuilding && progress.phase === 'indexing' ? { ...progress, phase: 'rebuilding' } : progress),
      });
    } finally {
      this.setProgress(null);
    }
  }

  /**
   * Builds a complete new index next to the old one (`index.sqlite.next`) while the old one keeps
   * answering searches, then swaps: close old, rename new over old, reopen.
   */
  private async rebuildAndSwap(reason: string): Promise<SyncResult> {
    this.rebuilding = true;
    this.emitStatus();
    const next = this.live.openReplacement();
    try {
      try {
        copyEmbeddingCache(this.dbPath, next.db);
      } catch {
        // An old index too old or too damaged to share its cache: everything gets embedded again.
      }
      const result = await this.runSync(this.live.targetFor(next), true, true);
      this.live.swapIn(next);
      // Files edited while the rebuild ran: the rebuild may have read them before the edit.
      const catchUp = await this.runSync(this.live.target, false, false);
      return { ...result, filesIndexed: result.filesIndexed + catchUp.filesIndexed, filesRemoved: result.filesRemoved + catchUp.filesRemoved };
    } catch (error) {
      this.live.discardReplacement(next);
      this.engineErrors.push({ path: this.dbPath, message: `Rebuilding the index (${reason}) failed: ${messageOf(error)}`, at: Date.now() });
      throw error;
    } finally {
      this.rebuilding = false;
    }
  }

  private afterSync(result: SyncResult): void {
    this.live.invalidate();
    if (result.changes.length <= MAX_FILE_EVENTS_PER_SYNC) for (const change of result.changes) this.fileListeners.emit(change);
    this.emitStatus();
  }

  /** Reindexes one path now (own writes, watcher hints); emits the change when there was one. */
  private reindexPath(relPath: string): Promise<FileSyncResult> {
    return this.queue.run(async () => {
      if (this.closed) return { path: relPath, change: 'unchanged', hash: null } satisfies FileSyncResult;
      const result = await syncFile(this.live.target, relPath, {
        discover: this.discover,
        ...(this.options.chunking ? { chunking: this.options.chunking } : {}),
      });
      if (result.change !== 'unchanged') {
        this.live.invalidate();
        if (result.change !== 'failed') this.fileListeners.emit({ path: result.path, change: result.change, hash: result.hash });
        this.emitStatus();
      }
      return result;
    });
  }

  /**
   * After the engine's own write: searchable before the call returns — unless a rebuild holds the
   * queue, then the write does not wait for it. The file is on disk either way, so an index error
   * goes to status instead of failing the save.
   */
  private async reindexAfterWrite(relPath: string): Promise<void> {
    const job = this.reindexPath(relPath).catch((error: unknown) => {
      this.engineErrors.push({ path: relPath, message: `Saved, but indexing failed: ${messageOf(error)}`, at: Date.now() });
    });
    if (!this.rebuilding) await job;
  }

  private recoverFromCorruption(reason: string): Promise<void> {
    if (this.recovering) return this.recovering;
    this.recovering = this.queue
      .run(async () => {
        if (this.closed) return;
        this.quarantineOpenIndex(reason);
        this.afterSync(await this.runSync(this.live.target, true, false));
      })
      .catch((error: unknown) => {
        if (!this.closed) this.engineErrors.push({ path: this.dbPath, message: `Rebuilding the damaged index failed: ${messageOf(error)}`, at: Date.now() });
      })
      .finally(() => {
        this.recovering = null;
      });
    return this.recovering;
  }

  /** A full incremental pass (watcher start, watcher error, periodic): errors go to status, not up. */
  private async reconcile(): Promise<void> {
    try {
      await this.sync();
    } catch (error) {
      if (!this.closed) this.engineErrors.push({ path: this.workspaceDir, message: `Reconciling with the files failed: ${messageOf(error)}`, at: Date.now() });
    }
  }

  // -------------------------------------------------------------------------------------------
  // Search

  async search(options: SearchOptions): Promise<SearchResponse> {
    this.assertOpen();
    const rebuilding = this.rebuilding || this.live.staleReason !== null;
    let response: SearchResponse;
    const ctx = this.searchContext();
    try {
      response = await runSearch(ctx, options);
    } catch (error) {
      if (ctx.db !== this.live.index.db && !this.closed) {
        // The index was swapped (rebuild finished) while this query waited for its embedding.
        return this.search(options);
      }
      if (isCorruptionError(error)) {
        void this.recoverFromCorruption(messageOf(error));
        response = this.emptyResponse();
        response.notices.push({ code: 'index-building', message: 'The index was damaged and is being rebuilt from the files.' });
        return response;
      }
      // A stale index from an older schema may not answer the current queries; say why instead of failing.
      if (!rebuilding) throw error;
      response = this.emptyResponse();
    }
    if (rebuilding) response.notices.push(this.rebuildNotice());
    return response;
  }

  async explainFile(filePath: string, options: SearchOptions): Promise<ExplainFileResult> {
    this.assertOpen();
    try {
      return await explainFile(this.searchContext(), filePath, options);
    } catch (error) {
      return this.readIndex(() => {
        throw error;
      });
    }
  }

  private searchContext(): SearchContext {
    const input: SearchContextInput = { index: this.live.index, embedder: this.embedder, modeReason: this.currentModeReason() };
    if (this.options.embedder?.queryTimeoutMs !== undefined) input.queryTimeoutMs = this.options.embedder.queryTimeoutMs;
    return createSearchContext(input);
  }

  private currentModeReason(): string {
    if (this.modeReason) return this.modeReason;
    const stale = this.live.staleReason;
    if (stale) return `the index is being rebuilt (${stale})`;
    return 'vector search is unavailable';
  }

  private rebuildNotice(): SearchResponse['notices'][number] {
    return {
      code: 'index-building',
      message: `The index is being rebuilt (${this.live.staleReason ?? 'update'}); results come from the previous index until it is done.`,
    };
  }

  private emptyResponse(): SearchResponse {
    return emptySearchResponse(this.embedder, this.currentModeReason());
  }

  // -------------------------------------------------------------------------------------------
  // Files

  async listFiles(): Promise<FileListEntry[]> {
    this.assertOpen();
    return this.readIndex(() => listFileEntries(this.live.index.db));
  }

  async timeline(query: TimelineQuery = {}): Promise<TimelineEntry[]> {
    this.assertOpen();
    const titles = this.readIndex(() => listFileTitles(this.live.index.db));
    return buildTimeline(await this.listFiles(), query, (p) => titles.get(p));
  }

  get(relPath: string, from?: number, lines?: number): Promise<MemoryGetResult> {
    this.assertOpen();
    return this.files.get(relPath, from, lines, this.options.extraPaths ?? []);
  }

  readFile(relPath: string): Promise<FileContent> {
    this.assertOpen();
    return this.files.readFile(relPath);
  }

  readTranscript(relPath: string): Promise<{ messages: TranscriptMessage[]; malformedLines: number }> {
    this.assertOpen();
    return this.files.readTranscript(relPath);
  }

  saveFile(relPath: string, text: string, expectedHash: string | null): Promise<SaveResult> {
    this.assertOpen();
    return this.files.saveFile(relPath, text, expectedHash);
  }

  createFile(relPath: string, text: string): Promise<SaveResult> {
    this.assertOpen();
    return this.files.createFile(relPath, text);
  }

  renameFile(from: string, to: string): Promise<SaveResult> {
    this.assertOpen();
    return this.files.renameFile(from, to);
  }

  deleteFile(relPath: string): Promise<void> {
    this.assertOpen();
    return this.files.deleteFile(relPath);
  }

  // -------------------------------------------------------------------------------------------
  // Status and events

  status(): IndexStatus {
    const counts = this.readCounts();
    const status: IndexStatus = {
      workspace: this.workspaceDir,
      dbPath: this.dbPath,
      files: counts?.files ?? 0,
      chunks: counts?.chunks ?? 0,
      bySource: counts?.bySource ?? { memory: { files: 0, chunks: 0 }, sessions: { files: 0, chunks: 0 } },
      mode: this.embedder && !this.live.staleReason ? 'hybrid' : 'fts-only',
      provider: this.embedder?.provider ?? 'none',
      model: this.embedder?.model ?? 'none',
      dims: this.embedder?.dims ?? this.live.index.embedding?.dims ?? null,
      vectorsStored: counts?.vectorsStored ?? 0,
      embeddingCacheEntries: counts?.embeddingCacheEntries ?? 0,
      embeddingCacheHitRate: counts?.embeddingCacheHitRate ?? null,
      vectorBackend: this.embedder ? this.live.index.vectorBackend : 'none',
      watcher: this.watcherState,
      schemaVersion: SCHEMA_VERSION,
      chunkerVersion: CHUNKER_VERSION,
      lastSyncAt: counts?.lastSyncAt ?? null,
      errors: [...this.engineErrors, ...this.fileErrors()],
      progress: this.progress,
    };
    if (status.mode === 'fts-only') status.modeReason = this.currentModeReason();
    return status;
  }

  private readCounts(): IndexCounts | null {
    if (this.closed) return null;
    try {
      return this.live.readCounts();
    } catch (error) {
      if (!isCorruptionError(error)) throw error;
      void this.recoverFromCorruption(messageOf(error));
      return null;
    }
  }

  private fileErrors(): IndexError[] {
    if (this.closed) return [];
    try {
      return this.live.readFailedFiles();
    } catch (error) {
      if (!isCorruptionError(error)) throw error;
      void this.recoverFromCorruption(messageOf(error));
      return [];
    }
  }

  /** Reads that meet a damaged index start the recovery and fail with INDEX_CORRUPT instead of a raw SQLite error. */
  private readIndex<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      if (!isCorruptionError(error)) throw error;
      void this.recoverFromCorruption(messageOf(error));
      throw new MemoryLensError('INDEX_CORRUPT', 'The index is damaged and is being rebuilt from the files; try again shortly.');
    }
  }

  onDidProgress(listener: (progress: IndexProgress) => void): Unsubscribe {
    return this.progressListeners.add(listener);
  }

  onDidChangeFile(listener: (event: FileChangeEvent) => void): Unsubscribe {
    return this.fileListeners.add(listener);
  }

  onDidChangeStatus(listener: (status: IndexStatus) => void): Unsubscribe {
    return this.statusListeners.add(listener);
  }

  private setProgress(progress: IndexProgress | null): void {
    this.progress = progress;
    if (progress) this.progressListeners.emit(progress);
  }

  private emitStatus(): void {
    if (this.statusListeners.size > 0 && !this.closed) this.statusListeners.emit(this.status());
  }

  // -------------------------------------------------------------------------------------------
  // Watching

  async startWatching(): Promise<void> {
    this.assertOpen();
    if (this.watcher) return;
    this.watcher = new WorkspaceWatcher(this.discover, {
      onPathChanged: async (relPath) => {
        await this.reindexPath(relPath);
      },
      onReconcile: () => this.reconcile(),
      onStateChange: (state) => {
        this.watcherState = state;
        this.emitStatus();
      },
    });
    await this.watcher.start();
  }

  async stopWatching(): Promise<void> {
    const watcher = this.watcher;
    this.watcher = null;
    await watcher?.stop();
    this.watcherState = 'off';
    this.emitStatus();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.stopWatching();
    this.abort.abort();
    await this.queue.idle();
    this.closed = true;
    this.live.close();
    await this.embedder?.close();
    this.progressListeners.clear();
    this.fileListeners.clear();
    this.statusListeners.clear();
  }

  // -------------------------------------------------------------------------------------------

  private assertOpen(): void {
    if (this.closed) throw new MemoryLensError('UNAVAILABLE', 'The memory engine has been closed.');
  }
}

function toReport(result: SyncResult): SyncReport {
  return {
    filesScanned: result.filesScanned,
    filesIndexed: result.filesIndexed,
    filesSkipped: result.filesSkipped,
    filesRemoved: result.filesRemoved,
    filesFailed: result.filesFailed,
    chunksWritten: result.chunksWritten,
    chunksEmbedded: result.chunksEmbedded,
    embeddingCacheHits: result.embeddingCacheHits,
    tookMs: result.tookMs,
  };
}

