// Watches the workspace (and session folders) with chokidar 5. Events are hints, never facts:
// the engine stats the path, then reindexes or removes it. A full reconcile runs on start, after
// any watcher error and periodically, so a missed event costs minutes at worst, never a stale
// index forever.
//
// Only folders are watched. A folder's inotify watch already reports every create, write, rename
// and delete of the files in it (the raw event names the file), so a watch per file only spent
// the system's watch budget: 10k files in 2k folders took 12k watches (a distribution default of
// 8,192 would refuse them) and twice the start-up time; now 2k.
//
// Latency: a lone edit is acted on at once (the next turn of the event loop), not after a fixed
// debounce. What arrives while that path is being reindexed is coalesced into one more pass when
// it ends, so a burst of writes costs at most two reindexes. A path found missing is looked at
// again a moment later before it leaves the index: editors that save by renaming the old file
// away first then create it anew, and that must not read as a delete.
//
// Symlinks are never followed: discovery already reads the ones that stay inside the workspace,
// and following them here walked loops (`memory/dot -> .`) without end and put watches on folders
// outside the workspace. When the system runs out of watches, the watcher says so (state 'error'
// with the reason) and a rescan every few seconds takes over.
import fs from 'node:fs';
import path from 'node:path';
import type { ChokidarOptions, FSWatcher } from 'chokidar';
import type { IndexStatus } from '../../../shared/domain.js';
import { messageOf } from '../../../shared/errors.js';
import { watchReasons, type IndexReason } from '../../../shared/index-reasons.js';
import { MAX_PATH_DEPTH } from '../files/path-limits.js';
import { watchRoots } from '../workspace/discover.js';
import type { WatchRoot } from '../workspace/discover.js';
import type { WorkspaceScope } from '../workspace/workspace-scope.js';
import { isWatchIrrelevant, virtualPathFor } from './indexable-path.js';

export interface WatcherHandlers {
  /** A (virtual) path may have changed: stat it, then reindex or remove it. */
  onPathChanged(relPath: string): Promise<void>;
  /** A path the scope watches without indexing (a bootstrap file, whose versions history keeps) may have changed. */
  onUnindexedPathChanged(relPath: string): Promise<void>;
  /** Compare the whole index with disk. */
  onReconcile(): Promise<void>;
  /** `reason` says why the state is 'error' (and what stands in for the watcher); null otherwise. */
  onStateChange(state: IndexStatus['watcher'], reason: IndexReason | null): void;
}

export interface WatcherOptions {
  /** How long a path that has disappeared gets to reappear (a save by rename) before it leaves the index. */
  deleteSettleMs?: number;
  reconcileIntervalMs?: number;
  /** Coalesces folder-level events (a folder moved in or out) into one reconcile. */
  reconcileDelayMs?: number;
  /** How often the whole workspace is rescanned while the system refuses more watches. */
  fallbackReconcileMs?: number;
  /** Opens the chokidar watcher (default chokidar's `watch`): tests count the watchers a workspace opens. */
  openWatcher?: (paths: string[], options: ChokidarOptions) => FSWatcher;
}

/** 100 ms, chokidar's own `atomic` window: an editor's rename-away-then-write save fits in it. */
const DEFAULT_DELETE_SETTLE_MS = 100;
/** More paths than this in flight at once: the rest are left to one rescan. */
const BURST_PATHS = 64;
/** 10 minutes: catches events the OS dropped (network drives, sleep) without costing anything noticeable. */
const DEFAULT_RECONCILE_INTERVAL_MS = 10 * 60_000;
const DEFAULT_RECONCILE_DELAY_MS = 250;
/** A stream of events postpones the rescan by at most this long. */
const MAX_RECONCILE_WAIT_MS = 2000;
/**
 * 10 s: a no-op rescan of 10k files costs ~130 ms, so this is ~1% of a core, and an edit in a
 * folder the system would not let us watch is searchable within seconds instead of 10 minutes.
 */
export const FALLBACK_RECONCILE_MS = 10_000;

/** Errors that mean "the system will not give us more watches": retrying does not help. */
const WATCH_LIMIT_CODES = new Set(['ENOSPC', 'EMFILE', 'ENFILE']);

/** Why watching is (partly) impossible, in words a user can act on. */
export function watchLimitReason(code: string, fallbackMs: number): IndexReason {
  return watchReasons.limit(code, Math.round(fallbackMs / 1000), process.platform === 'linux');
}

interface PathJob {
  absPath: string;
  /** False for a path the scope watches without indexing: its change is reported, not reindexed. */
  indexed: boolean;
  /** scheduled: runs next turn; running: the engine is reindexing it; settling: it was missing, looked at again soon. */
  state: 'scheduled' | 'running' | 'settling';
  /** An event arrived while running: run once more when done. */
  again: boolean;
  /** Already waited once for a missing path to come back. */
  settled: boolean;
  settleTimer: NodeJS.Timeout | null;
}

export class WorkspaceWatcher {
  private watcher: FSWatcher | null = null;
  private roots: WatchRoot[] = [];
  /** Paths with a reindex scheduled, running, or waiting out the delete settle. */
  private readonly jobs = new Map<string, PathJob>();
  /** Roots that are files (an extra path naming one file): watched themselves, not through a folder. */
  private fileRoots = new Set<string>();
  private reconcileTimer: NodeJS.Timeout | null = null;
  /** When the pending rescan was first asked for. */
  private reconcileAskedAt = 0;
  private interval: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Set by a watcher error; the next completed reconcile returns the state to 'watching'. */
  private errored = false;
  /** Set when the system refused watches: the state stays 'error' and the fallback rescan runs. */
  private limitReason: IndexReason | null = null;
  private fallback: NodeJS.Timeout | null = null;

  constructor(
    private readonly scope: WorkspaceScope,
    private readonly handlers: WatcherHandlers,
    private readonly options: WatcherOptions = {},
  ) {}

  async start(): Promise<void> {
    this.handlers.onStateChange('starting', null);
    // Most specific first: a session folder inside the workspace maps to its own virtual prefix.
    // Real paths: chokidar does not follow symlinks (followSymlinks: false), so a workspace opened
    // through a link would be watched as a link and report nothing.
    const roots: WatchRoot[] = [];
    for (const root of watchRoots(this.scope.where)) {
      const real = await fs.promises.realpath(root.dir).catch(() => null);
      if (real) roots.push({ ...root, dir: real });
    }
    this.roots = roots.reverse();
    // chokidar loads when a watch starts: a one-shot CLI search never watches.
    const openWatcher = this.options.openWatcher ?? (await import('chokidar')).watch;
    if (this.stopped) return;
    this.fileRoots = new Set(
      this.roots.filter((root) => fs.statSync(root.dir, { throwIfNoEntry: false })?.isFile()).map((root) => root.dir),
    );
    let watcher: FSWatcher;
    try {
      watcher = openWatcher(
        this.roots.map((root) => root.dir),
        {
          ignoreInitial: true,
          // chokidar's own rename-save handling (and its editor-temp-file filter), for file roots.
          atomic: true,
          followSymlinks: false,
          depth: MAX_PATH_DEPTH,
          // Files are reported by their folder's watch (the 'raw' events below); a file given as a
          // root has no folder watch of its own, so it keeps its own.
          ignored: (p: string, stats?: fs.Stats) =>
            (stats !== undefined && !stats.isDirectory() && !this.fileRoots.has(p)) ||
            isWatchIrrelevant(this.scope, this.roots, p),
        },
      );
    } catch (error) {
      this.onWatchError(error);
      this.startPeriodicReconcile();
      return;
    }
    this.watcher = watcher;
    // Every event of a watched folder, named by the file it concerns.
    watcher.on('raw', (_event, name: string | null, details) =>
      this.onRaw(name, (details as { watchedPath?: unknown } | undefined)?.watchedPath),
    );
    // Only file roots are reported this way (every other file is ignored above).
    watcher.on('add', (p) => this.hint(p));
    watcher.on('change', (p) => this.hint(p));
    watcher.on('unlink', (p) => this.hint(p));
    watcher.on('addDir', () => this.scheduleReconcile());
    watcher.on('unlinkDir', () => this.scheduleReconcile());
    watcher.on('error', (error) => this.onWatchError(error));
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    if (this.stopped) return;
    if (this.limitReason === null) this.handlers.onStateChange('watching', null);
    this.startPeriodicReconcile();
  }

  private startPeriodicReconcile(): void {
    this.interval = setInterval(
      () => void this.handlers.onReconcile(),
      this.options.reconcileIntervalMs ?? DEFAULT_RECONCILE_INTERVAL_MS,
    );
    this.interval.unref();
    void this.handlers.onReconcile();
  }

  private onWatchError(error: unknown): void {
    if (this.stopped) return;
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (typeof code === 'string' && WATCH_LIMIT_CODES.has(code)) {
      // chokidar reports one error per path it could not watch: the first one says it all.
      if (this.limitReason !== null) return;
      const every = this.options.fallbackReconcileMs ?? FALLBACK_RECONCILE_MS;
      this.limitReason = watchLimitReason(code, every);
      this.handlers.onStateChange('error', this.limitReason);
      this.fallback = setInterval(() => {
        if (!this.stopped) void this.handlers.onReconcile();
      }, every);
      this.fallback.unref();
      this.scheduleReconcile();
      return;
    }
    if (this.limitReason !== null) return;
    this.errored = true;
    this.handlers.onStateChange('error', watchReasons.failed(messageOf(error)));
    this.scheduleReconcile();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const job of this.jobs.values()) if (job.settleTimer) clearTimeout(job.settleTimer);
    this.jobs.clear();
    if (this.reconcileTimer) clearTimeout(this.reconcileTimer);
    if (this.interval) clearInterval(this.interval);
    if (this.fallback) clearInterval(this.fallback);
    const watcher = this.watcher;
    this.watcher = null;
    await watcher?.close();
    this.handlers.onStateChange('off', null);
  }

  private onRaw(name: string | null, watchedPath: unknown): void {
    if (this.stopped || typeof watchedPath !== 'string') return;
    // No name: the OS could not say what changed (e.g. its event queue overflowed).
    if (name === null || name === '') {
      this.scheduleReconcile();
      return;
    }
    this.hint(this.fileRoots.has(watchedPath) ? watchedPath : path.join(watchedPath, name));
  }

  /** Something happened at `absPath`: reindex its virtual path now, or once more after the pass underway. */
  private hint(absPath: string): void {
    if (this.stopped) return;
    const target = this.targetOf(absPath);
    if (!target) return;
    const { relPath, indexed } = target;
    const job = this.jobs.get(relPath);
    if (!job) {
      if (this.jobs.size >= BURST_PATHS) {
        // Many files at once (a checkout, a folder copied in): one rescan indexes them in batches,
        // far cheaper than a transaction per file.
        this.scheduleReconcile();
        return;
      }
      const fresh: PathJob = { absPath, indexed, state: 'scheduled', again: false, settled: false, settleTimer: null };
      this.jobs.set(relPath, fresh);
      // The next turn, not synchronously: the other events of the same write (one read of the
      // OS's event queue) land in this same pass.
      setImmediate(() => void this.runJob(relPath, fresh));
      return;
    }
    if (job.state === 'running') job.again = true;
    else if (job.state === 'settling' && fs.existsSync(job.absPath)) {
      // Back already (a save by rename): no need to wait out the settle.
      if (job.settleTimer) clearTimeout(job.settleTimer);
      job.settleTimer = null;
      job.state = 'scheduled';
      setImmediate(() => void this.runJob(relPath, job));
    }
    // 'scheduled': the pass about to run reads the file as it is by then.
  }

  private async runJob(relPath: string, job: PathJob): Promise<void> {
    if (this.stopped || this.jobs.get(relPath) !== job) return;
    if (!job.settled && !fs.existsSync(job.absPath)) {
      job.settled = true;
      job.state = 'settling';
      job.settleTimer = setTimeout(() => {
        job.settleTimer = null;
        void this.runJob(relPath, job);
      }, this.options.deleteSettleMs ?? DEFAULT_DELETE_SETTLE_MS);
      return;
    }
    job.state = 'running';
    try {
      await (job.indexed ? this.handlers.onPathChanged(relPath) : this.handlers.onUnindexedPathChanged(relPath));
    } catch {
      this.scheduleReconcile();
    }
    if (this.stopped || this.jobs.get(relPath) !== job) return;
    if (job.again) {
      // Events arrived during the pass: one more, which reads everything they wrote.
      job.again = false;
      job.settled = false;
      job.state = 'scheduled';
      setImmediate(() => void this.runJob(relPath, job));
    } else {
      this.jobs.delete(relPath);
    }
  }

  /** The (virtual) path an event concerns, and whether it is indexed; null when the scope has no use for it. */
  private targetOf(absPath: string): { relPath: string; indexed: boolean } | null {
    for (const root of this.roots) {
      const relPath = virtualPathFor(this.scope, root, absPath);
      if (relPath) return { relPath, indexed: true };
    }
    const workspace = this.roots.find((root) => root.source === 'workspace');
    if (!workspace) return null;
    const relPath = path.relative(workspace.dir, absPath).split(path.sep).join('/');
    return this.scope.watchedUnindexed(relPath) ? { relPath, indexed: false } : null;
  }

  private scheduleReconcile(): void {
    if (this.stopped) return;
    if (this.reconcileTimer) {
      // Events keep pushing the rescan back until they pause, but not for ever.
      if (performance.now() - this.reconcileAskedAt > MAX_RECONCILE_WAIT_MS) return;
      clearTimeout(this.reconcileTimer);
    } else {
      this.reconcileAskedAt = performance.now();
    }
    this.reconcileTimer = setTimeout(() => {
      this.reconcileTimer = null;
      if (this.stopped) return;
      void this.handlers.onReconcile().then(() => {
        // A passing error is over once the rescan caught up; a refused watch is not.
        if (this.errored && !this.stopped && this.limitReason === null) {
          this.errored = false;
          this.handlers.onStateChange('watching', null);
        }
      });
    }, this.options.reconcileDelayMs ?? DEFAULT_RECONCILE_DELAY_MS);
  }
}
