// The engine currently serving the UI, and the contract's events it produces. Serve mode and the
// Electron main process both hold one; switching workspaces opens the new engine before closing
// the old one, so a failed open leaves the user where they were.
import { MemoryLensError } from '../../shared/errors.js';
import type { ContractEvent, ContractEventListener, Unsubscribe, WorkspaceInfo } from '../../shared/contract.js';
import type { EngineOptions, MemoryEngineApi } from '../memory/engine-types.js';

export interface WorkspaceSessionOptions {
  /** `MemoryEngine.open` in the app; injected so this file does not pick the engine's options. */
  openEngine: (options: EngineOptions) => Promise<MemoryEngineApi>;
  /** Everything but the workspace, read fresh at every open (settings may have changed). */
  engineOptions: () => Omit<EngineOptions, 'workspaceDir'>;
  /** Serve mode and the desktop app watch; a one-shot tool would not. */
  watch: boolean;
  /** Where background failures go (initial sync, watcher start); they also show in status().errors. */
  onBackgroundError?: (error: unknown) => void;
}

export class WorkspaceSession {
  private engine: MemoryEngineApi | null = null;
  private engineOptions: EngineOptions | null = null;
  private workspace: WorkspaceInfo | null = null;
  private engineSubscriptions: Unsubscribe[] = [];
  private readonly listeners = new Set<ContractEventListener>();
  /** Opens run one at a time; a second "Open workspace…" waits for the first. */
  private openChain: Promise<unknown> = Promise.resolve();
  private initialSync: Promise<unknown> = Promise.resolve();
  private warm: Promise<boolean> = Promise.resolve(false);

  constructor(private readonly options: WorkspaceSessionOptions) {}

  /** The serving engine; UNAVAILABLE before the first open succeeds (or after close). */
  current(): MemoryEngineApi {
    if (!this.engine) throw new MemoryLensError('UNAVAILABLE', { messageId: 'errors:noWorkspace' });
    return this.engine;
  }

  /** The options the serving engine was opened with (where its transcripts come from, among others). */
  currentOptions(): EngineOptions {
    if (!this.engineOptions) throw new MemoryLensError('UNAVAILABLE', { messageId: 'errors:noWorkspace' });
    return this.engineOptions;
  }

  /** A workspace is open (reopening it is possible). */
  isOpen(): boolean {
    return this.workspace !== null;
  }

  info(): WorkspaceInfo {
    if (!this.workspace) throw new MemoryLensError('UNAVAILABLE', { messageId: 'errors:noWorkspace' });
    return { ...this.workspace };
  }

  /** Resolves once the sync started by the last open has finished (tests and the CLI wait on it). */
  whenSynced(): Promise<void> {
    return this.initialSync.then(
      () => undefined,
      () => undefined,
    );
  }

  /** Resolves once the serving engine's warm-up (MemoryEngineApi.warmUp) is over: true when it finished. */
  whenWarm(): Promise<boolean> {
    return this.warm;
  }

  open(workspaceDir: string, options: { isSample: boolean }): Promise<WorkspaceInfo> {
    const run = this.openChain.then(() => this.openNow(workspaceDir, options));
    this.openChain = run.catch(() => undefined);
    return run;
  }

  onDidEvent(listener: ContractEventListener): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.openChain;
    const engine = this.detach();
    this.workspace = null;
    if (engine) await engine.close();
  }

  private async openNow(workspaceDir: string, options: { isSample: boolean }): Promise<WorkspaceInfo> {
    const engineOptions: EngineOptions = { ...this.options.engineOptions(), workspaceDir };
    const next = await this.options.openEngine(engineOptions);
    const previous = this.detach();
    this.engine = next;
    this.engineOptions = engineOptions;
    this.workspace = { workspaceDir: next.workspaceDir, isSample: options.isSample };
    this.engineSubscriptions = [
      next.onDidProgress((payload) => this.emit({ name: 'indexProgress', payload })),
      next.onDidChangeFile((payload) => this.emit({ name: 'fileChanged', payload })),
      next.onDidChangeStatus((payload) => this.emit({ name: 'statusChanged', payload })),
    ];
    if (previous) await previous.close().catch((error: unknown) => this.options.onBackgroundError?.(error));
    this.emit({ name: 'workspaceChanged', payload: this.info() });
    // Indexing runs in the background: the UI lists files and streams progress meanwhile.
    this.initialSync = this.startBackgroundWork(next);
    // The first search then finds the dictionary, statements and lengths ready.
    this.warm = next.warmUp().catch(() => false);
    return this.info();
  }

  private async startBackgroundWork(engine: MemoryEngineApi): Promise<void> {
    try {
      // Side by side: a watcher that is slow to start (a huge tree) or fails must not hold up the
      // index. Nothing falls between the two: the watcher rescans once it is ready.
      await Promise.all([engine.sync(), this.options.watch ? engine.startWatching() : null]);
    } catch (error) {
      // A closed engine (workspace switched meanwhile) is not worth reporting.
      if (this.engine === engine) this.options.onBackgroundError?.(error);
    }
  }

  private detach(): MemoryEngineApi | null {
    for (const unsubscribe of this.engineSubscriptions) unsubscribe();
    this.engineSubscriptions = [];
    const engine = this.engine;
    this.engine = null;
    return engine;
  }

  /** Events the app core adds to the engine's (a model's loading progress): same listeners, same order. */
  emitEvent(event: ContractEvent): void {
    this.emit(event);
  }

  private emit(event: ContractEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        // One broken subscriber (a closed SSE stream, a destroyed window) must not starve the rest.
        this.options.onBackgroundError?.(error);
      }
    }
  }
}
