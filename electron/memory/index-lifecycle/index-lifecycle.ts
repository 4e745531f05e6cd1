// The index's lifecycle in one place: the served index, the state machine of lifecycle-state.ts,
// the serial write queue, the one place SQLite damage is classified and turned into recovery,
// and the bounded ring of engine errors status() shows. Reads live in index-reads.ts, the
// rebuild under its cross-process lock in rebuild-index.ts.
//
// Writes (sync, single-file reindex, rebuild, recovery) run one at a time through the queue, and
// each looks at the file first: deleted, replaced or overwritten since the last look is handled
// before anything is written. Searches never wait for the queue — during a rebuild they read the
// previous index. A timer looks at the file between writes too, so damage shows up within
// seconds even when nothing is being written.
import path from 'node:path';
import type { IndexSession, IndexSessionOptions } from '../search/sqlite/index-session.js';
import type {
  FileChangeEvent,
  IndexError,
  IndexLifecycle as LifecycleStatus,
  IndexLifecycleState,
  IndexProgress,
} from '../../../shared/domain.js';
import {
  indexLog,
  lifecycleReasonOf,
  lifecycleReasons,
  lifecycleWith,
  plainIndexReason,
  type IndexReason,
} from '../../../shared/index-reasons.js';
import { nestedReason } from '../../../shared/mode-reasons.js';
import { MemoryLensError, messageOf } from '../../../shared/errors.js';
import type { ChunkOptions } from '../chunk/chunker.js';
import type { EmbeddingProvider } from '../embed/embedding-provider.js';
import { isCorruptionError, removeIndexFiles } from '../index/index-db.js';
import type { ExpectedIndexMeta, IndexDb } from '../index/index-db.js';
import type { ForegroundSignal } from '../sync/foreground-work.js';
import { syncFile } from '../sync/sync-file.js';
import type { FileSyncResult } from '../sync/sync-file.js';
import { syncIndex } from '../sync/sync.js';
import type { SyncResult, SyncTarget } from '../sync/sync.js';
import type { WorkspaceScope } from '../workspace/workspace-scope.js';
import { ErrorRing } from './error-ring.js';
import { checkIndexFile } from './index-file-check.js';
import { IndexFileWatch, damageReason } from './index-file-watch.js';
import { nextLifecycle, openedLifecycle } from './lifecycle-state.js';
import type { LifecycleEvent } from './lifecycle-state.js';
import { IndexReads } from './index-reads.js';
import { LiveIndex } from './live-index.js';
import type { LiveIndexHooks } from './live-index.js';
import { liveRebuildLock } from './rebuild-lock.js';
import type { LockTiming } from './rebuild-lock.js';
import { rebuildIndex } from './rebuild-index.js';
import type { RebuildContext } from './rebuild-index.js';
import { SerialQueue } from './serial-queue.js';
import { assertWritableFolder } from '../files/writable-folder.js';

export interface LifecycleHooks {
  onProgress(progress: IndexProgress | null): void;
  /** A sync ended without a word of progress (nothing to index over a kept index): it finished all the same. */
  onSyncedQuietly(): void;
  /** The index was written; `changes` lists the files whose entries changed. */
  onDidWrite(changes: readonly FileChangeEvent[]): void;
  /** State, counts or errors changed: time for a fresh status. */
  onDidChangeStatus(): void;
  /** A sync committed a file on another connection (a big transcript's worker) and goes on. */
  onDidCommitElsewhere?(): void;
}

export interface IndexLifecycleOptions {
  dbPath: string;
  expected: ExpectedIndexMeta;
  embedder: EmbeddingProvider | null;
  nativeBinding?: string;
  /** How the served connection's IndexSession is made (tests and benchmarks force accelerators). */
  session?: IndexSessionOptions;
  /** What a sync reads (the workspace's scope) and how it chunks. */
  scope: WorkspaceScope;
  chunking?: Partial<ChunkOptions>;
  /** Someone waiting on this thread (a file being opened): syncs slice their work finer meanwhile. */
  foreground?: ForegroundSignal;
  hooks: LifecycleHooks;
  /** How often the file under the index is looked at between writes (default 2 s). */
  fileCheckIntervalMs?: number;
  errorRingSize?: number;
  lockTiming?: LockTiming;
  lockPollMs?: number;
  /** Test hooks: another process's step at a chosen point of opening the index. */
  liveIndex?: LiveIndexHooks;
}

/** Thrown into a running write when the file it writes to turned out damaged: stop, then recover. */
class IndexDamageFound extends Error {}

const UNCHANGED = (path: string): FileSyncResult => ({ path, change: 'unchanged', hash: null });

export class IndexLifecycle {
  private readonly queue = new SerialQueue();
  private readonly errors: ErrorRing;
  private readonly closing = new AbortController();
  private current: LifecycleStatus;
  /** The running write's own abort, pulled when the file it writes to is found damaged. */
  private writeAbort: AbortController | null = null;
  private pendingRecovery: Promise<void> | null = null;
  /** Whole-workspace syncs queued or running (a save does not wait behind one). */
  private syncsQueued = 0;
  private readonly fileWatch: IndexFileWatch;
  /** Searches and reads of the served index (they never wait for the queue). */
  readonly reads: IndexReads;

  /** Opens the index; throws INDEX_CORRUPT only when not even a fresh index can be created. */
  static open(options: IndexLifecycleOptions): IndexLifecycle {
    let live: LiveIndex;
    // A folder we cannot write is not a damaged index: say so, and move nothing aside.
    assertWritableFolder(path.dirname(options.dbPath), 'index');
    try {
      live = new LiveIndex(
        options.dbPath,
        options.expected,
        options.embedder,
        options.nativeBinding,
        options.session,
        options.liveIndex,
      );
    } catch (error) {
      // A full disk says so itself (sqlite-wal-open.ts): the index is not damaged.
      if (error instanceof MemoryLensError) throw error;
      throw new MemoryLensError('INDEX_CORRUPT', {
        messageId: 'errors:index.cannotOpen',
        params: { path: options.dbPath, cause: messageOf(error) },
      });
    }
    return new IndexLifecycle(options, live);
  }

  private constructor(
    private readonly options: IndexLifecycleOptions,
    private readonly live: LiveIndex,
  ) {
    this.errors = new ErrorRing(options.errorRingSize);
    this.reads = new IndexReads({
      live,
      lifecycle: () => this.current,
      reportDamage: (reason) => this.reportDamage(reason),
      closing: this.closing.signal,
    });
    const { quarantined, staleReason } = live.index;
    this.current = openedLifecycle(staleReason, quarantined ? plainIndexReason(quarantined.reason) : null);
    if (quarantined) {
      this.recordError(
        options.dbPath,
        indexLog('unreadable', { reason: quarantined.reason, movedTo: quarantined.movedTo }),
      );
    }
    if (live.sideFileNote) this.recordError(options.dbPath, live.sideFileNote);
    // A rebuild that a crash interrupted left its half-built file — unless another process is building it right now.
    if (!staleReason && !liveRebuildLock(live.dbPath, options.lockTiming)) removeIndexFiles(`${live.dbPath}.next`);
    this.fileWatch = new IndexFileWatch(
      live,
      {
        onDamage: (reason) => this.markDamaged(reason),
        onChange: () => this.scheduleRecovery(),
        onError: (message) => {
          // Once, not every two seconds.
          if (this.errors.list().at(-1)?.message !== message.message) this.recordError(live.dbPath, message);
        },
      },
      options.fileCheckIntervalMs,
    );
  }

  /** The file served from (a side file when a newer version owns the requested one). */
  get dbPath(): string {
    return this.live.dbPath;
  }

  get index(): IndexDb {
    return this.live.index;
  }

  get state(): IndexLifecycleState {
    return this.current.state;
  }

  /** The served connection's search caches and accelerators. */
  get session(): IndexSession {
    return this.live.session;
  }

  /** The state and why, for status(); a serving index in a side file says so. */
  get status(): LifecycleStatus {
    if (this.current.state === 'serving' && this.live.sideFileNote)
      return lifecycleWith('serving', this.live.sideFileNote);
    return { ...this.current };
  }

  /** Why the served index must be rebuilt, or null. */
  get staleReason(): IndexReason | null {
    return this.live.staleReason;
  }

  /** Engine errors, latest first kept, listed oldest first. */
  errorList(): IndexError[] {
    return this.errors.list();
  }

  /** `message`: English, or by id (errors:indexLog.*) so the status bar words it in its language. */
  recordError(path: string, message: string | IndexReason): void {
    this.errors.push({ path, ...(typeof message === 'string' ? { message } : message), at: Date.now() });
  }

  // -------------------------------------------------------------------------------------------
  // Writes

  /** Brings the index in line with the files — rebuilding, recovering or adopting a new file first as the state requires. */
  sync(full: boolean): Promise<SyncResult> {
    this.syncsQueued += 1;
    return this.write(async () => {
      const result = await this.bringUpToDate(full);
      this.afterWrite(result.changes);
      return result;
    }).finally(() => {
      this.syncsQueued -= 1;
    });
  }

  /** Reindexes one path now (own writes, watcher hints). */
  reindexPath(relPath: string): Promise<FileSyncResult> {
    return this.write(async () => {
      if (this.closing.signal.aborted) return UNCHANGED(relPath);
      this.followFile();
      if (this.current.state === 'damaged' || this.current.state === 'recovering') {
        // The recovery reads every file, this one included.
        this.afterWrite((await this.bringUpToDate(false)).changes);
        return UNCHANGED(relPath);
      }
      // A stale index without the tables to take writes: the rebuild that must come picks the file up.
      const target = this.live.writableTarget();
      if (!target) return UNCHANGED(relPath);
      let result: FileSyncResult;
      try {
        result = await syncFile(target, relPath, { scope: this.options.scope, ...this.chunkingOption() });
      } catch (error) {
        // Not taken up (a rebuild underway replaces the file anyway): the write simply failed.
        if (!isCorruptionError(error) || !this.markDamaged(plainIndexReason(messageOf(error)))) throw error;
        this.afterWrite((await this.bringUpToDate(false)).changes);
        return UNCHANGED(relPath);
      }
      if (result.change !== 'unchanged')
        this.afterWrite(
          result.change === 'failed' ? [] : [{ path: result.path, change: result.change, hash: result.hash }],
        );
      return result;
    });
  }

  /**
   * After the engine's own save: searchable before the call returns — unless a sync, a rebuild
   * or a recovery holds the queue, then the save does not wait for it (a cold index of 10k files
   * would keep "Saving…" up for seconds). The file is on disk either way, so an index error goes
   * to status instead of failing the save.
   */
  async reindexAfterWrite(relPath: string): Promise<void> {
    const waitFor = this.current.state === 'serving' && this.syncsQueued === 0;
    const job = this.reindexPath(relPath).catch((error: unknown) => {
      this.recordError(relPath, indexLog('savedNotIndexed', { error: messageOf(error) }));
    });
    if (waitFor) await job;
  }

  private write<T>(job: () => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      this.writeAbort = new AbortController();
      try {
        return await job();
      } finally {
        this.writeAbort = null;
      }
    });
  }

  /**
   * What the running write checks between batches: aborted on close, or when the file it writes
   * to is found damaged — then renewed, because the same write goes on to recover.
   */
  private writeSignal(): AbortSignal {
    if (!this.writeAbort || this.writeAbort.signal.aborted) this.writeAbort = new AbortController();
    return AbortSignal.any([this.closing.signal, this.writeAbort.signal]);
  }

  /** One write pass doing what the state asks for; damage met on the way turns into recovery. */
  private async bringUpToDate(full: boolean): Promise<SyncResult> {
    this.followFile();
    try {
      for (;;) {
        switch (this.current.state) {
          case 'damaged':
            return await this.recover();
          case 'recovering':
            return await this.refill();
          case 'stale':
          case 'rebuilding': {
            const rebuilt = await rebuildIndex(this.rebuildContext());
            if (rebuilt) return rebuilt;
            break; // waited for another process's rebuild: the state says what is left to do
          }
          default:
            return await this.runSync(this.live.target, full, false);
        }
      }
    } catch (error) {
      if (!isCorruptionError(error) && !(error instanceof IndexDamageFound)) throw error;
      // Not taken up (e.g. while waiting for another process's rebuild, which replaces the file): the write failed.
      if (!this.markDamaged(plainIndexReason(messageOf(error))) && this.state !== 'damaged') throw error;
      return this.recover();
    }
  }

  private rebuildContext(): RebuildContext {
    const { lockTiming, lockPollMs } = this.options;
    return {
      live: this.live,
      signal: () => this.writeSignal(),
      apply: (event) => this.apply(event),
      recordError: (message) => this.recordError(this.live.dbPath, message),
      runSync: (target, mode) => this.runSync(target, mode === 'rebuild', mode === 'rebuild'),
      followFile: () => this.followFile(),
      ...(lockTiming ? { lockTiming } : {}),
      ...(lockPollMs ? { lockPollMs } : {}),
    };
  }

  /** Moves the damaged file aside and fills a fresh index from the files. */
  private async recover(): Promise<SyncResult> {
    // Only the file found damaged goes aside: if another process already put a new one there, serve that.
    if (checkIndexFile(this.live.dbPath, this.live.handle).kind === 'replaced') {
      this.adoptFile();
      return this.bringUpToDate(false);
    }
    const reason = lifecycleReasonOf(this.current) ?? lifecycleReasons.damaged();
    const movedTo = this.live.quarantine();
    const nested = nestedReason(reason);
    this.recordError(
      this.live.dbPath,
      movedTo ? indexLog('damagedMoved', { reason: nested, movedTo }) : indexLog('damaged', { reason: nested }),
    );
    this.apply({ type: 'quarantined', reason });
    return this.refill();
  }

  private async refill(): Promise<SyncResult> {
    const result = await this.runSync(this.live.target, true, false);
    this.apply({ type: 'recovery-finished' });
    return result;
  }

  private async runSync(target: SyncTarget, full: boolean, rebuilding: boolean): Promise<SyncResult> {
    let reported = false;
    try {
      const result = await syncIndex(target, {
        scope: this.options.scope,
        ...this.chunkingOption(),
        full,
        signal: this.writeSignal(),
        ...(this.options.foreground ? { foreground: this.options.foreground } : {}),
        onCommittedElsewhere: () => this.options.hooks.onDidCommitElsewhere?.(),
        onProgress: (progress) => {
          reported = true;
          this.options.hooks.onProgress(
            rebuilding && progress.phase === 'indexing' ? { ...progress, phase: 'rebuilding' } : progress,
          );
        },
      });
      if (!reported) this.options.hooks.onSyncedQuietly();
      return result;
    } finally {
      this.options.hooks.onProgress(null);
    }
  }

  private afterWrite(changes: readonly FileChangeEvent[]): void {
    this.live.invalidate();
    this.options.hooks.onDidWrite(changes);
    this.options.hooks.onDidChangeStatus();
  }

  private chunkingOption(): { chunking?: Partial<ChunkOptions> } {
    return this.options.chunking ? { chunking: this.options.chunking } : {};
  }

  // -------------------------------------------------------------------------------------------
  // The file under the index

  /** Before a write: act on the file having been deleted, replaced or overwritten since the last look. */
  private followFile(): void {
    const check = checkIndexFile(this.live.dbPath, this.live.handle);
    if (check.kind === 'replaced') this.adoptFile();
    else if (check.kind !== 'same') this.markDamaged(damageReason(check));
  }

  /** Another file sits at the served path now (e.g. another process swapped its rebuild in): serve it, as what it turns out to be. */
  private adoptFile(): void {
    const index = this.live.reopen();
    let quarantinedReason: IndexReason | null = null;
    if (index.quarantined) {
      quarantinedReason = lifecycleReasons.replacedUnreadable(index.quarantined.reason);
      this.recordError(
        this.live.dbPath,
        indexLog('replaced', { reason: index.quarantined.reason, movedTo: index.quarantined.movedTo }),
      );
    } else if (index.created) {
      quarantinedReason = lifecycleReasons.deleted();
    }
    this.apply({ type: 'opened', staleReason: index.staleReason, quarantinedReason });
  }

  /** Damage found: searches stop reading the file and the write in progress stops writing to it. */
  private markDamaged(reason: IndexReason): boolean {
    if (!this.apply({ type: 'damage-found', reason })) return false;
    this.writeAbort?.abort(new IndexDamageFound(reason.message));
    return true;
  }

  /** Damage found outside the queue (a search, a read, the timer): mark it and queue the recovery. */
  private reportDamage(reason: IndexReason): void {
    this.markDamaged(reason);
    this.scheduleRecovery();
  }

  /** One queued pass that recovers or adopts as needed; repeated requests share it. */
  private scheduleRecovery(): void {
    if (this.pendingRecovery || this.closing.signal.aborted) return;
    this.pendingRecovery = this.sync(false)
      .then(
        () => undefined,
        (error: unknown) => {
          if (!this.closing.signal.aborted)
            this.recordError(this.live.dbPath, indexLog('recoveryFailed', { error: messageOf(error) }));
        },
      )
      .finally(() => {
        this.pendingRecovery = null;
      });
  }

  // -------------------------------------------------------------------------------------------

  /** Feeds the state machine; true when the event applied. */
  private apply(event: LifecycleEvent): boolean {
    const next = nextLifecycle(this.current, event);
    if (!next) return false;
    const changed = next.state !== this.current.state || next.reason !== this.current.reason;
    this.current = next;
    if (changed && next.state !== 'closed') this.options.hooks.onDidChangeStatus();
    return true;
  }

  /** Lets the write in progress finish its step (a sync stops at its next batch), then closes the index. */
  async close(): Promise<void> {
    if (this.current.state === 'closed') return;
    this.fileWatch.stop();
    this.closing.abort();
    await this.queue.idle();
    this.apply({ type: 'closed' });
    this.live.close();
  }
}
