// The engine façade (MemoryEngineApi): one index per workspace, kept in line with the files by
// sync and the watcher. Its parts: the index's lifecycle (index-lifecycle/), the model
// (engine-embedder.ts), the two search pipelines (engine-search.ts), the watcher and agent-database
// poll (engine-watching.ts) and status (engine-status.ts); this file wires them and emits events.
import fs from 'node:fs';
import path from 'node:path';
import type { FileChangeEvent, IndexProgress, IndexStatus, TimelineEntry, TimelineQuery } from '../../shared/domain.js';
import { indexLog } from '../../shared/index-reasons.js';
import { MemoryLensError, messageOf } from '../../shared/errors.js';
import { Listeners } from '../../shared/listeners.js';
import { assertIndexOutsideWorkspace, indexPathFor } from './files/data-dir.js';
import { normalizeRelPath } from './files/safe-path.js';
import { EngineEmbedder } from './engine-embedder.js';
import { EngineSearch } from './engine-search.js';
import { workspaceSources } from './engine-sources.js';
import { engineStatus } from './engine-status.js';
import type { EngineOptions, MemoryEngineApi } from './engine-types.js';
import { EngineWatching } from './engine-watching.js';
import { FileOperations } from './file-operations.js';
import { buildContextReport } from './context/context-report.js';
import { IndexLifecycle } from './index-lifecycle/index-lifecycle.js';
import type { ExpectedIndexMeta, IndexDb } from './index/index-db.js';
import { listChunkRefs, listFileEntries, listFileTitles } from './index/index-queries.js';
import { SCHEMA_VERSION } from './index/schema.js';
import { CHUNKER_VERSION } from './chunk/chunker.js';
import { buildTimeline } from './search/core/timeline.js';
import { toSyncReport } from './sync/sync.js';
import { ForegroundWork } from './sync/foreground-work.js';
import type { WorkspaceScope } from './workspace/workspace-scope.js';
import type { AgentDatabases } from './agent-db/agent-databases.js';
import { agentChunksOf, agentDatabasesNow } from './agent-db/agent-db-report.js';
import { listIndexedSecrets, type IndexedSecret } from './secrets/indexed-secrets.js';

/** More per-file events than this from one sync: send only the status change (the UI reloads its list). */
const MAX_FILE_EVENTS_PER_SYNC = 500;

export class MemoryEngine implements MemoryEngineApi {
  readonly workspaceDir: string;

  private readonly lifecycle: IndexLifecycle;
  private readonly progressListeners = new Listeners<IndexProgress>();
  private readonly fileListeners = new Listeners<FileChangeEvent>();
  private readonly statusListeners = new Listeners<IndexStatus>();
  /** What is memory in this workspace, for every use; built once. */
  readonly scope: WorkspaceScope;
  /** OpenClaw's agent databases beside this workspace: their transcripts and the agent's own index. */
  private readonly agentDbs: AgentDatabases;
  private readonly files: FileOperations;
  private readonly searches: EngineSearch;
  /** File operations someone waits for: a sync running meanwhile yields to them sooner. */
  private readonly foreground = new ForegroundWork();
  private readonly watching: EngineWatching;
  private progress: IndexProgress | null = null;
  private closed = false;

  private constructor(
    private readonly options: EngineOptions,
    workspaceDir: string,
    dbPath: string,
    private readonly embedder: EngineEmbedder,
  ) {
    this.workspaceDir = workspaceDir;
    ({ scope: this.scope, agentDbs: this.agentDbs } = workspaceSources(options, workspaceDir));
    const expected: ExpectedIndexMeta = {
      schemaVersion: SCHEMA_VERSION,
      chunkerVersion: CHUNKER_VERSION,
      ...(options.chunking ? { chunking: options.chunking } : {}),
      embedding: embedder.identity,
    };
    this.lifecycle = IndexLifecycle.open({
      dbPath,
      expected,
      embedder: embedder.provider,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      ...(options.indexSession ? { session: options.indexSession } : {}),
      scope: this.scope,
      ...(options.chunking ? { chunking: options.chunking } : {}),
      foreground: this.foreground,
      hooks: {
        onProgress: (progress) => this.setProgress(progress),
        // Status says the sync finished (as after one that reported) without a progress event the
        // window would show as indexing.
        onSyncedQuietly: () => {
          this.progress = { phase: 'done', filesDone: 0, filesTotal: 0 };
          this.emitStatus();
        },
        // The next search finds the new index's doclists read, whether the sync goes on or ends.
        onDidCommitElsewhere: () => void this.searches.refreshAfterWrite(),
        onDidWrite: (changes) => {
          void this.searches.refreshAfterWrite();
          if (changes.length <= MAX_FILE_EVENTS_PER_SYNC) for (const change of changes) this.fileListeners.emit(change);
        },
        onDidChangeStatus: () => this.emitStatus(),
      },
    });
    embedder.health.onDidBreak(() => this.emitStatus());
    this.searches = new EngineSearch({
      workspaceDir,
      lifecycle: this.lifecycle,
      embedder,
      agentDbs: this.agentDbs,
      options,
      readLines: async (relPath, from, count) => {
        try {
          return (await this.get(relPath, from, count)).text;
        } catch {
          return null;
        }
      },
    });
    this.files = new FileOperations({
      workspaceDir,
      dataDir: path.resolve(options.dataDir),
      scope: this.scope,
      reindex: (relPath) => this.lifecycle.reindexAfterWrite(relPath),
    });
    this.watching = new EngineWatching(
      this.scope,
      this.agentDbs,
      {
        reindexPath: async (relPath) => {
          await this.lifecycle.reindexPath(relPath);
        },
        reconcile: () => this.reconcile(),
        onDidChange: () => this.emitStatus(),
        onUnindexedChange: (event) => this.fileListeners.emit(event),
      },
      options,
    );
  }

  /** Opens (creating, quarantining or marking for rebuild as needed) the index of a workspace. */
  static async open(options: EngineOptions): Promise<MemoryEngine> {
    const workspaceDir = path.resolve(options.workspaceDir);
    const stat = fs.statSync(workspaceDir, { throwIfNoEntry: false });
    if (!stat?.isDirectory())
      throw new MemoryLensError('NOT_FOUND', { messageId: 'errors:workspaceNotFound', params: { path: workspaceDir } });
    const dataDir = path.resolve(options.dataDir);
    const dbPath = path.resolve(options.dbPath ?? indexPathFor(dataDir, workspaceDir));
    assertIndexOutsideWorkspace(dbPath, workspaceDir);

    // The model reports to the engine, which exists only once the model is loaded.
    let engineRef: MemoryEngine | null = null;
    const embedder = await EngineEmbedder.open(options, dataDir, {
      onDidChange: () => engineRef?.emitStatus(),
      onError: (error) =>
        engineRef?.lifecycle.recordError(workspaceDir, indexLog('embeddingFailed', { error: messageOf(error) })),
      reconcile: async () => engineRef?.reconcile(),
    });
    try {
      engineRef = new MemoryEngine(options, workspaceDir, dbPath, embedder);
      return engineRef;
    } catch (error) {
      await embedder.close();
      throw error;
    }
  }

  /** The index file served from (beside the requested one when a newer version owns that). */
  get dbPath(): string {
    return this.lifecycle.dbPath;
  }

  // -------------------------------------------------------------------------------------------
  // Index

  readonly sync: MemoryEngineApi['sync'] = async (options = {}) =>
    toSyncReport(await this.whenOpen(() => this.lifecycle.sync(options.full ?? false)));

  /** A full incremental pass (watcher start, watcher error, periodic): errors go to status, not up. */
  private async reconcile(): Promise<void> {
    try {
      await this.sync();
    } catch (error) {
      if (!this.closed)
        this.lifecycle.recordError(this.workspaceDir, indexLog('reconcileFailed', { error: messageOf(error) }));
    }
  }

  // -------------------------------------------------------------------------------------------
  // Search

  readonly search: MemoryEngineApi['search'] = async (options) => this.whenOpen(() => this.searches.search(options));

  readonly expansionReady = async (): Promise<void> => this.whenOpen(() => this.searches.expansionReady());
  readonly warmUp = async (): Promise<boolean> => this.whenOpen(() => this.searches.warmUp());
  readonly rankedSearch: MemoryEngineApi['rankedSearch'] = async (options, depth) =>
    this.whenOpen(() => this.searches.rankedSearch(options, depth));
  readonly explainFile: MemoryEngineApi['explainFile'] = async (filePath, options) =>
    this.whenOpen(() => this.searches.explainFile(filePath, options));

  // -------------------------------------------------------------------------------------------
  // Files

  // Reads of the index as it is served now.
  readonly listFiles: MemoryEngineApi['listFiles'] = async () => this.read((index) => listFileEntries(index.db));
  readonly secrets = async (): Promise<IndexedSecret[]> => this.read((index) => listIndexedSecrets(index.db));
  readonly chunksOf: MemoryEngineApi['chunksOf'] = async (relPath) =>
    this.read((index) => listChunkRefs(index.db, normalizeRelPath(relPath)));

  async timeline(query: TimelineQuery = {}): Promise<TimelineEntry[]> {
    const titles = this.read((index) => listFileTitles(index.db));
    return buildTimeline(await this.listFiles(), query, (p) => titles.get(p));
  }

  private read<T>(query: (index: IndexDb) => T): T {
    return this.whenOpen(() => this.lifecycle.reads.read(query));
  }

  // Each one someone waits for: a sync running meanwhile yields to it sooner.
  readonly get: MemoryEngineApi['get'] = (relPath, from, lines) => this.onFiles((f) => f.get(relPath, from, lines));
  readonly readFile: MemoryEngineApi['readFile'] = (relPath, window) =>
    this.onFiles((f) => f.readFile(relPath, window));
  readonly acceptChecksum: MemoryEngineApi['acceptChecksum'] = (relPath, expectedHash) =>
    this.onFiles((f) => f.acceptChecksum(relPath, expectedHash));
  readonly readTranscript: MemoryEngineApi['readTranscript'] = (relPath) =>
    this.onFiles((f) => f.readTranscript(relPath));
  readonly readTranscriptJsonl: MemoryEngineApi['readTranscriptJsonl'] = (relPath) =>
    this.onFiles(async (f) => new TextDecoder('utf-8').decode((await f.readTranscriptBytes(relPath)).bytes));
  readonly saveFile: MemoryEngineApi['saveFile'] = (relPath, text, expectedHash, options = {}) =>
    this.onFiles((f) => f.saveFile(relPath, text, expectedHash, options));
  readonly createFile: MemoryEngineApi['createFile'] = (relPath, text) =>
    this.onFiles((f) => f.createFile(relPath, text));
  readonly renameFile: MemoryEngineApi['renameFile'] = (from, to, expectedHash) =>
    this.onFiles((f) => f.renameFile(from, to, expectedHash));
  readonly deleteFile: MemoryEngineApi['deleteFile'] = (relPath, expectedHash) =>
    this.onFiles((f) => f.deleteFile(relPath, expectedHash));

  private onFiles<T>(operation: (files: FileOperations) => Promise<T>): Promise<T> {
    return this.whenOpen(() => this.foreground.run(() => operation(this.files)));
  }

  readonly agentDatabases: MemoryEngineApi['agentDatabases'] = async () =>
    this.whenOpen(() => agentDatabasesNow(this.agentDbs, this.scope));
  readonly agentIndexChunks: MemoryEngineApi['agentIndexChunks'] = async (relPath) =>
    this.whenOpen(() => agentChunksOf(this.agentDbs, normalizeRelPath(relPath)));

  readonly context: MemoryEngineApi['context'] = (args, options = {}) =>
    this.whenOpen(() => {
      const { openclawHome } = this.scope.where;
      const config = {
        env: options.env ?? process.env,
        ...(openclawHome ? { openclawHome } : {}),
        ...(options.openclawConfig ? { explicitPath: options.openclawConfig } : {}),
      };
      return buildContextReport({ ...args, workspaceDir: this.workspaceDir, config });
    });

  // -------------------------------------------------------------------------------------------
  // Status and events

  status(): IndexStatus {
    const { workspaceDir, lifecycle, embedder, watching, progress } = this;
    return engineStatus({ workspaceDir, lifecycle, embedder, watching, progress });
  }

  readonly retryEmbedder: MemoryEngineApi['retryEmbedder'] = async () => this.whenOpen(() => this.embedder.retry());

  readonly onDidProgress: MemoryEngineApi['onDidProgress'] = (listener) => this.progressListeners.add(listener);
  readonly onDidChangeFile: MemoryEngineApi['onDidChangeFile'] = (listener) => this.fileListeners.add(listener);
  readonly onDidChangeStatus: MemoryEngineApi['onDidChangeStatus'] = (listener) => this.statusListeners.add(listener);

  private setProgress(progress: IndexProgress | null): void {
    // A sync that ended with `done` stays reported as done until the next one starts: status then
    // says indexing finished in this run (lastSyncAt may be an earlier run's). A failed one clears it.
    this.progress = progress ?? (this.progress?.phase === 'done' ? this.progress : null);
    if (progress) this.progressListeners.emit(progress);
  }

  private emitStatus(): void {
    if (this.statusListeners.size > 0 && !this.closed) this.statusListeners.emit(this.status());
  }

  // -------------------------------------------------------------------------------------------
  // Watching (engine-watching.ts)

  readonly startWatching = async (): Promise<void> => this.whenOpen(() => this.watching.start());
  readonly stopWatching = (): Promise<void> => this.watching.stop();

  async close(): Promise<void> {
    if (this.closed) return;
    await this.stopWatching();
    this.closed = true;
    this.embedder.stopRetrying();
    await this.searches.close();
    await this.lifecycle.close();
    this.agentDbs.close();
    await this.embedder.close();
    this.progressListeners.clear();
    this.fileListeners.clear();
    this.statusListeners.clear();
  }

  private whenOpen<T>(work: () => T): T {
    this.assertOpen();
    return work();
  }

  private assertOpen(): void {
    if (this.closed) throw new MemoryLensError('UNAVAILABLE', { messageId: 'errors:engineClosed' });
  }
}
