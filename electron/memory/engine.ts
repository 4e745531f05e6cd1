// The engine façade (MemoryEngineApi): one index per workspace, kept in line with the files by
// sync and the watcher, searched by search/run/run-search.ts. The index's lifecycle — the write
// queue, rebuilds, damage and recovery — is index-lifecycle/'s; this file wires it to the file
// operations, search and the watcher, and turns what they report into the contract's events.
import fs from 'node:fs';
import path from 'node:path';
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
import { MemoryLensError, messageOf } from '../../shared/errors.js';
import { CHUNKER_VERSION } from './chunk/chunker.js';
import { assertIndexOutsideWorkspace, indexPathFor } from './files/data-dir.js';
import type { EmbeddingProvider } from './embed/embedding-provider.js';
import { loadEmbedder } from './embed/load-embedder.js';
import { BrokenModelRecord, checkedEmbeddingProvider, ModelHealth } from './embed/model-health.js';
import { Listeners } from '../../shared/listeners.js';
import type { ChunkRef, EngineOptions, MemoryEngineApi } from './engine-types.js';
import type { SaveOptions } from './file-operations.js';
import { normalizeRelPath } from './files/safe-path.js';
import type { Unsubscribe } from '../../shared/contract.js';
import { buildContextReport } from './context/context-report.js';
import { FileOperations } from './file-operations.js';
import { IndexLifecycle } from './index-lifecycle/index-lifecycle.js';
import { createSearchContext, emptySearchResponse } from './search-context.js';
import type { IndexSession, SearchBackends } from './search/sqlite/index-session.js';
import type { SearchContextInput } from './search-context.js';
import type { ExpectedIndexMeta, IndexDb } from './index/index-db.js';
import { listChunkRefs, listFileEntries, listFileTitles } from './index/index-queries.js';
import { SCHEMA_VERSION } from './index/schema.js';
import { OpenClawRanker } from './openclaw-rank/openclaw-ranker.js';
import { searchBackends } from './search/sqlite/accelerator-check.js';
import { explainFile } from './search/run/explain-file.js';
import { runSearch } from './search/run/run-search.js';
import type { SearchContext } from './search/run/run-search.js';
import { buildTimeline } from './search/core/timeline.js';
import type { SyncResult } from './sync/sync.js';
import { ForegroundWork } from './sync/foreground-work.js';
import { WorkspaceWatcher } from './sync/watcher.js';
import type { DiscoverOptions } from './workspace/discover.js';
import { AgentDatabases } from './agent-db/agent-databases.js';
import { AgentStoredVectors } from './agent-db/agent-vectors.js';
import { agentIdsForWorkspace } from './agent-db/agent-roster.js';
import { defaultOpenclawHome } from './workspace/session-sources.js';
import { agentChunksOf, agentDatabasesReport } from './agent-db/agent-db-report.js';
import { inAgentIndexScope } from './agent-db/agent-index.js';
import { discoverFiles } from './workspace/discover.js';
import { sha256 } from './text/hash.js';
import type { AgentDatabasesReport, AgentIndexChunk } from '../../shared/agent-db-schemas.js';
import type { EmbedderRetryResult } from '../../shared/embedder-retry-schemas.js';
import type { EndpointOutage } from './embed/endpoint/endpoint-outage.js';
import { watchEndpointAtOpen, watchEndpointProvider } from './embed/endpoint/endpoint-watch.js';
import { maskSearchResponse, revealSearchResponse } from './secrets/search-secrets.js';
import { listIndexedSecrets, type IndexedSecret } from './secrets/indexed-secrets.js';

/** More per-file events than this from one sync: send only the status change (the UI reloads its list). */
const MAX_FILE_EVENTS_PER_SYNC = 500;

export class MemoryEngine implements MemoryEngineApi {
  readonly workspaceDir: string;

  private readonly lifecycle: IndexLifecycle;
  private readonly progressListeners = new Listeners<IndexProgress>();
  private readonly fileListeners = new Listeners<FileChangeEvent>();
  private readonly statusListeners = new Listeners<IndexStatus>();
  private readonly discover: DiscoverOptions;
  /** OpenClaw's agent databases beside this workspace: their transcripts and the agent's own index. */
  private readonly agentDbs: AgentDatabases;
  private agentDbPoll: NodeJS.Timeout | null = null;
  private readonly files: FileOperations;
  /** The `openclaw` search profile: OpenClaw's chunks of the same files, kept beside our index. */
  private readonly openclawRanker: OpenClawRanker;
  /** File operations someone waits for: a sync running meanwhile yields to them sooner. */
  private readonly foreground = new ForegroundWork();
  private watcher: WorkspaceWatcher | null = null;
  private watcherState: IndexStatus['watcher'] = 'off';
  private watcherReason: string | null = null;
  private progress: IndexProgress | null = null;
  private closed = false;
  /** An embedding endpoint that is down (at open, or since a call failed) and tried again. */
  private outage: EndpointOutage | null = null;

  private constructor(
    private readonly options: EngineOptions,
    workspaceDir: string,
    dbPath: string,
    dataDir: string,
    private readonly embedder: EmbeddingProvider | null,
    private modeReason: string | null,
    private readonly health: ModelHealth,
  ) {
    this.workspaceDir = workspaceDir;
    this.discover = {
      workspaceDir,
      sessionDirs: options.sessionDirs ?? [],
      extraPaths: options.extraPaths ?? [],
      excludedAgents: options.excludedAgents ?? [],
      ...(options.openclawHome ? { openclawHome: options.openclawHome } : {}),
    };
    const scope = agentIdsForWorkspace(workspaceDir, options.openclawHome ?? defaultOpenclawHome());
    if (scope) this.discover.agentScope = scope;
    this.agentDbs = new AgentDatabases(this.discover, {
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      ...(options.agentDbOptions ?? {}),
    });
    this.discover.agentDatabases = this.agentDbs;
    const expected: ExpectedIndexMeta = {
      schemaVersion: SCHEMA_VERSION,
      chunkerVersion: CHUNKER_VERSION,
      ...(options.chunking ? { chunking: options.chunking } : {}),
      embedding: embedder
        ? { provider: embedder.provider, model: embedder.model, providerKey: embedder.providerKey, dims: embedder.dims }
        : null,
    };
    this.lifecycle = IndexLifecycle.open({
      dbPath,
      expected,
      embedder,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      ...(options.indexSession ? { session: options.indexSession } : {}),
      discover: this.discover,
      ...(options.chunking ? { chunking: options.chunking } : {}),
      foreground: this.foreground,
      hooks: {
        onProgress: (progress) => this.setProgress(progress),
        onDidWrite: (changes) => {
          if (changes.length <= MAX_FILE_EVENTS_PER_SYNC) for (const change of changes) this.fileListeners.emit(change);
        },
        onDidChangeStatus: () => this.emitStatus(),
      },
    });
    health.onDidBreak(() => this.emitStatus());
    this.openclawRanker = new OpenClawRanker(workspaceDir, {
      embedder: () => this.usableEmbedder,
      agentVectors: new AgentStoredVectors(this.agentDbs),
      noEmbedderReason: () => this.currentModeReason(),
    });
    this.files = new FileOperations({
      workspaceDir,
      dataDir,
      discover: this.discover,
      reindex: (relPath) => this.lifecycle.reindexAfterWrite(relPath),
    });
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
    let health = new ModelHealth();
    let retryAtOpen = false;
    // Set once the engine exists: the endpoint's outage reports to it.
    let engineRef: MemoryEngine | null = null;
    const hooks = {
      ...(options.embedderRetry ? { retry: options.embedderRetry } : {}),
      onDidChange: () => engineRef?.emitStatus(),
      onError: (error: unknown) =>
        engineRef?.lifecycle.recordError(workspaceDir, `Embedding what was missing failed: ${messageOf(error)}`),
    };
    let outage: EndpointOutage | null = null;
    if (options.embedder) {
      const onProgress = options.embedder.onLoadProgress;
      const loaded = await loadEmbedder(options.embedder, onProgress ? { onProgress } : {});
      if (loaded.ok) {
        health = new ModelHealth({ record: new BrokenModelRecord(dataDir), providerKey: loaded.provider.providerKey });
        await health.recall();
        let provider = loaded.provider;
        if (options.embedder.endpoint) {
          const watched = watchEndpointProvider(provider, async () => engineRef?.reconcile(), hooks);
          provider = watched.provider;
          outage = watched.outage;
        }
        embedder = checkedEmbeddingProvider(provider, health);
        modeReason = null;
      } else {
        modeReason = loaded.reason;
        retryAtOpen = loaded.retryable === true && options.onEmbedderAvailable !== undefined;
      }
    }
    try {
      const engine = new MemoryEngine(options, workspaceDir, dbPath, dataDir, embedder, modeReason, health);
      engineRef = engine;
      const reopen = () => {
        if (engine.closed) return;
        // Until the host has reopened with it, this engine stays keyword-only: say why.
        engine.modeReason = 'the embedding endpoint answers again — opening the workspace with it';
        options.onEmbedderAvailable!();
      };
      if (retryAtOpen) outage = watchEndpointAtOpen(options.embedder!, modeReason!, reopen, hooks);
      engine.outage = outage;
      return engine;
    } catch (error) {
      outage?.close();
      await embedder?.close();
      throw error;
    }
  }

  /** The index file served from (beside the requested one when a newer version owns that). */
  get dbPath(): string {
    return this.lifecycle.dbPath;
  }

  // -------------------------------------------------------------------------------------------
  // Index

  async sync(options: { full?: boolean } = {}): Promise<SyncReport> {
    this.assertOpen();
    return toReport(await this.lifecycle.sync(options.full ?? false));
  }

  /** A full incremental pass (watcher start, watcher error, periodic): errors go to status, not up. */
  private async reconcile(): Promise<void> {
    try {
      await this.sync();
    } catch (error) {
      if (!this.closed)
        this.lifecycle.recordError(this.workspaceDir, `Reconciling with the files failed: ${messageOf(error)}`);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Search

  async search(options: SearchOptions): Promise<SearchResponse> {
    this.assertOpen();
    const response =
      options.profile === 'openclaw'
        ? await this.openclawRanker.search(options)
        : await this.lifecycle.reads.search(
            (index, session) => runSearch(this.searchContext(index, session), options),
            () => emptySearchResponse(this.embedder, this.currentModeReason()),
          );
    // Masked even from our own index: a snippet can hold text the index never saw (OpenClaw's chunks).
    const masked = maskSearchResponse(response);
    if (!options.showSecrets) return masked;
    return revealSearchResponse(masked, async (path, from, count) => {
      try {
        return (await this.get(path, from, count)).text;
      } catch {
        return null;
      }
    });
  }

  async explainFile(filePath: string, options: SearchOptions): Promise<ExplainFileResult> {
    this.assertOpen();
    return this.lifecycle.reads.readAsync((index, session) =>
      explainFile(this.searchContext(index, session), filePath, options),
    );
  }

  private searchContext(index: IndexDb, session: IndexSession): SearchContext {
    const input: SearchContextInput = {
      index,
      session,
      embedder: this.usableEmbedder,
      modeReason: this.currentModeReason(),
    };
    if (this.options.embedder?.queryTimeoutMs !== undefined)
      input.queryTimeoutMs = this.options.embedder.queryTimeoutMs;
    if (this.options.accessStats) input.accessStats = this.options.accessStats;
    return createSearchContext(input);
  }

  /** The model, unless it turned out broken (then every search is keyword-only, weights renormalised). */
  private get usableEmbedder(): EmbeddingProvider | null {
    return this.health.brokenReason === null && !this.outage?.state ? this.embedder : null;
  }

  private currentModeReason(): string {
    const down = this.outage?.describe();
    if (down) return down;
    if (this.modeReason) return this.modeReason;
    if (this.health.brokenReason) return this.health.brokenReason;
    const stale = this.lifecycle.staleReason;
    if (stale) return `the index is being rebuilt (${stale})`;
    return 'vector search is unavailable';
  }

  // -------------------------------------------------------------------------------------------
  // Files

  async listFiles(): Promise<FileListEntry[]> {
    this.assertOpen();
    return this.lifecycle.reads.read((index) => listFileEntries(index.db));
  }

  async timeline(query: TimelineQuery = {}): Promise<TimelineEntry[]> {
    this.assertOpen();
    const titles = this.lifecycle.reads.read((index) => listFileTitles(index.db));
    return buildTimeline(await this.listFiles(), query, (p) => titles.get(p));
  }

  get(relPath: string, from?: number, lines?: number): Promise<MemoryGetResult> {
    this.assertOpen();
    return this.foreground.run(() => this.files.get(relPath, from, lines));
  }

  readFile(relPath: string, window?: { offset?: number; backward?: boolean }): Promise<FileContent> {
    this.assertOpen();
    return this.foreground.run(() => this.files.readFile(relPath, window));
  }

  acceptChecksum(relPath: string, expectedHash: string): Promise<SaveResult> {
    this.assertOpen();
    return this.foreground.run(() => this.files.acceptChecksum(relPath, expectedHash));
  }

  readTranscript(relPath: string): Promise<Transcript> {
    this.assertOpen();
    return this.foreground.run(() => this.files.readTranscript(relPath));
  }

  readTranscriptJsonl(relPath: string): Promise<string> {
    this.assertOpen();
    return this.foreground.run(async () =>
      new TextDecoder('utf-8').decode((await this.files.readTranscriptBytes(relPath)).bytes),
    );
  }

  async secrets(): Promise<IndexedSecret[]> {
    this.assertOpen();
    return this.lifecycle.reads.read((index) => listIndexedSecrets(index.db));
  }

  async chunksOf(relPath: string): Promise<ChunkRef[]> {
    this.assertOpen();
    return this.lifecycle.reads.read((index) => listChunkRefs(index.db, normalizeRelPath(relPath)));
  }

  async agentDatabases(): Promise<AgentDatabasesReport> {
    this.assertOpen();
    // The files' bytes now, not our index's idea of them: `memlens status` runs without a sync.
    const memory = new Map<string, string | null>();
    const { agentDatabases: _transcripts, ...filesOnly } = this.discover;
    for (const file of await discoverFiles(filesOnly)) {
      if (file.source !== 'memory' || !inAgentIndexScope(file.path)) continue;
      memory.set(file.path, await fs.promises.readFile(file.absPath).then(sha256, () => null));
    }
    return agentDatabasesReport(this.agentDbs, this.discover, memory);
  }

  async agentIndexChunks(relPath: string): Promise<AgentIndexChunk[]> {
    this.assertOpen();
    return agentChunksOf(this.agentDbs, normalizeRelPath(relPath));
  }

  saveFile(relPath: string, text: string, expectedHash: string | null, options: SaveOptions = {}): Promise<SaveResult> {
    this.assertOpen();
    return this.foreground.run(() => this.files.saveFile(relPath, text, expectedHash, options));
  }

  createFile(relPath: string, text: string): Promise<SaveResult> {
    this.assertOpen();
    return this.foreground.run(() => this.files.createFile(relPath, text));
  }

  renameFile(from: string, to: string, expectedHash?: string): Promise<SaveResult> {
    this.assertOpen();
    return this.foreground.run(() => this.files.renameFile(from, to, expectedHash));
  }

  deleteFile(relPath: string, expectedHash?: string): Promise<void> {
    this.assertOpen();
    return this.foreground.run(() => this.files.deleteFile(relPath, expectedHash));
  }

  context(
    args: ContextArgs,
    options: { openclawConfig?: string; env?: Readonly<Record<string, string | undefined>> } = {},
  ): Promise<ContextReport> {
    this.assertOpen();
    const config = {
      env: options.env ?? process.env,
      ...(this.discover.openclawHome ? { openclawHome: this.discover.openclawHome } : {}),
      ...(options.openclawConfig ? { explicitPath: options.openclawConfig } : {}),
    };
    return buildContextReport({ ...args, workspaceDir: this.workspaceDir, config });
  }

  // -------------------------------------------------------------------------------------------
  // Status and events

  status(): IndexStatus {
    const counts = this.lifecycle.reads.readCounts();
    const index = this.lifecycle.index;
    const status: IndexStatus = {
      workspace: this.workspaceDir,
      dbPath: this.lifecycle.dbPath,
      files: counts?.files ?? 0,
      chunks: counts?.chunks ?? 0,
      bySource: counts?.bySource ?? { memory: { files: 0, chunks: 0 }, sessions: { files: 0, chunks: 0 } },
      mode: this.usableEmbedder && !this.lifecycle.staleReason ? 'hybrid' : 'fts-only',
      provider: this.embedder?.provider ?? 'none',
      model: this.embedder?.model ?? 'none',
      dims: this.embedder?.dims ?? index.embedding?.dims ?? null,
      vectorsStored: counts?.vectorsStored ?? 0,
      embeddingCacheEntries: counts?.embeddingCacheEntries ?? 0,
      embeddingCacheHitRate: counts?.embeddingCacheHitRate ?? null,
      vectorBackend: this.usableEmbedder ? index.vectorBackend : 'none',
      watcher: this.watcherState,
      ...(this.watcherReason ? { watcherReason: this.watcherReason } : {}),
      schemaVersion: SCHEMA_VERSION,
      chunkerVersion: CHUNKER_VERSION,
      lastSyncAt: counts?.lastSyncAt ?? null,
      errors: [...this.lifecycle.errorList(), ...this.lifecycle.reads.failedFiles()],
      skipped: this.lifecycle.reads.skippedFiles(),
      progress: this.progress,
      lifecycle: this.lifecycle.status,
    };
    if (status.mode === 'fts-only') status.modeReason = this.currentModeReason();
    const retry = this.outage?.state;
    if (retry) status.embedderRetry = retry;
    const backends = this.searchBackends();
    if (backends) status.searchBackends = backends;
    return status;
  }

  /** What searches run on; null while the index cannot say (damaged, closed). */
  private searchBackends(): SearchBackends | null {
    const state = this.lifecycle.status.state;
    if (state === 'damaged' || state === 'closed') return null;
    try {
      return searchBackends(this.lifecycle.session);
    } catch {
      return null;
    }
  }

  async retryEmbedder(): Promise<EmbedderRetryResult> {
    this.assertOpen();
    const outage = this.outage;
    if (!outage?.state) return { reachable: this.usableEmbedder !== null && outage !== null, reason: null };
    const reachable = await outage.retryNow();
    return { reachable, reason: reachable ? null : (outage.state?.reason ?? null) };
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
        await this.lifecycle.reindexPath(relPath);
      },
      onReconcile: () => this.reconcile(),
      onStateChange: (state, reason) => {
        this.watcherState = state;
        this.watcherReason = reason;
        this.emitStatus();
      },
    });
    await this.watcher.start();
    this.followAgentDatabases();
  }

  /**
   * The gateway appends events to its database, which no file event announces usefully (the WAL
   * grows): poll its cheap data_version probe and reindex the sessions whose listing changed.
   */
  private followAgentDatabases(): void {
    if (this.agentDbPoll) return;
    // What is there now was indexed by the sync (or is by the watcher's reconcile): only changes from here on.
    this.agentDbs.poll();
    let busy = false;
    this.agentDbPoll = setInterval(() => {
      if (busy || this.closed) return;
      busy = true;
      void (async () => {
        try {
          for (const relPath of this.agentDbs.poll()) {
            try {
              await this.lifecycle.reindexPath(relPath);
            } catch {
              this.agentDbs.retryLater(relPath); // the lifecycle records the error in status
            }
          }
        } finally {
          busy = false;
        }
      })();
    }, this.options.agentDbPollMs ?? AGENT_DB_POLL_MS);
    this.agentDbPoll.unref();
  }

  async stopWatching(): Promise<void> {
    const watcher = this.watcher;
    this.watcher = null;
    if (this.agentDbPoll) clearInterval(this.agentDbPoll);
    this.agentDbPoll = null;
    await watcher?.stop();
    this.watcherState = 'off';
    this.watcherReason = null;
    this.emitStatus();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.stopWatching();
    this.closed = true;
    this.outage?.close();
    this.openclawRanker.close();
    await this.lifecycle.close();
    this.agentDbs.close();
    await this.embedder?.close();
    await this.health.settled();
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
    filesUnchanged: result.filesUnchanged,
    filesSkipped: result.filesSkipped,
    skipped: result.skipped,
    filesRemoved: result.filesRemoved,
    filesFailed: result.filesFailed,
    chunksWritten: result.chunksWritten,
    chunksEmbedded: result.chunksEmbedded,
    embeddingCacheHits: result.embeddingCacheHits,
    tookMs: result.tookMs,
  };
}

/** How often the agent databases' data_version is looked at while watching: one PRAGMA per database. */
export const AGENT_DB_POLL_MS = 1000;
