// Watches the workspace (and session folders) with chokidar 5. Events are hints, never facts:
// each path is debounced, then the engine stats it and reindexes or removes it. A full reconcile
// runs on start, after any watcher error and periodically, so a missed event costs minutes at
// worst, never a stale index forever (DESIGN §3).
// Symlinks are never followed: discovery already reads the ones that stay inside the workspace,
// and following them here walked loops (`memory/dot -> .`) without end and put watches on folders
// outside the workspace. When the system runs out of watches, the watcher says so (state 'error'
// with the reason) and a rescan every few seconds takes over.
import fs from 'node:fs';
import { watch } from 'chokidar';
import type { FSWatcher } from 'chokidar';
import type { IndexStatus } from '../../../shared/domain.js';
import { messageOf } from '../../../shared/errors.js';
import { MAX_PATH_DEPTH } from '../files/path-limits.js';
import { watchRoots } from '../workspace/discover.js';
import type { DiscoverOptions, WatchRoot } from '../workspace/discover.js';
import { isWatchIrrelevant, virtualPathFor } from './indexable-path.js';

export interface WatcherHandlers {
  /** A (virtual) path may have changed: stat it, then reindex or remove it. */
  onPathChanged(relPath: string): Promise<void>;
  /** Compare the whole index with disk. */
  onReconcile(): Promise<void>;
  /** `reason` says why the state is 'error' (and what stands in for the watcher); null otherwise. */
  onStateChange(state: IndexStatus['watcher'], reason: string | null): void;
}

export interface WatcherOptions {
  /** Editors save in bursts (write, chmod, rename); one reindex per burst is enough. */
  debounceMs?: number;
  reconcileIntervalMs?: number;
  /** Coalesces folder-level events (a folder moved in or out) into one reconcile. */
  reconcileDelayMs?: number;
  /** How often the whole workspace is rescanned while the system refuses more watches. */
  fallbackReconcileMs?: number;
}

/** 75 ms: long enough to merge an editor's save burst, short enough for edit → searchable < 1 s. */
const DEFAULT_DEBOUNCE_MS = 75;
/** 10 minutes: catches events the OS dropped (network drives, sleep) without costing anything noticeable. */
const DEFAULT_RECONCILE_INTERVAL_MS = 10 * 60_000;
const DEFAULT_RECONCILE_DELAY_MS = 250;
/**
 * 10 s: a no-op rescan of 10k files costs ~130 ms, so this is ~1% of a core, and an edit in a
 * folder the system would not let us watch is searchable within seconds instead of 10 minutes.
 */
export const FALLBACK_RECONCILE_MS = 10_000;

/** Errors that mean "the system will not give us more watches": retrying does not help. */
const WATCH_LIMIT_CODES = new Set(['ENOSPC', 'EMFILE', 'ENFILE']);

/** Why watching is (partly) impossible, in words a user can act on. */
export function watchLimitReason(code: string, fallbackMs: number): string {
  const every = `edits are picked up by a rescan every ${Math.round(fallbackMs / 1000)} s instead of at once`;
  const linux = process.platform === 'linux';
  if (code === 'ENOSPC') {
    return `The system's limit on watched files is reached (ENOSPC${linux ? ', fs.inotify.max_user_watches' : ''}); ${every}.` +
      (linux ? ' Raise it, e.g. `sudo sysctl fs.inotify.max_user_watches=524288`, and restart.' : '');
  }
  return `The system refused another file watcher (${code}${linux ? ', fs.inotify.max_user_instances or the open-file limit' : ', the open-file limit'}); ${every}.` +
    (linux ? ' Raise it, e.g. `sudo sysctl fs.inotify.max_user_instances=1024`, and restart.' : '');
}

export class WorkspaceWatcher {
  private watcher: FSWatcher | null = null;
  private roots: WatchRoot[] = [];
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private reconcileTimer: NodeJS.Timeout | null = null;
  private interval: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Set by a watcher error; the next completed reconcile returns the state to 'watching'. */
  private errored = false;
  /** Set when the system refused watches: the state stays 'error' and the fallback rescan runs. */
  private limitReason: string | null = null;
  private fallback: NodeJS.Timeout | null = null;

  constructor(
    private readonly discover: DiscoverOptions,
    private readonly handlers: WatcherHandlers,
    private readonly options: WatcherOptions = {},
  ) {}

  async start(): Promise<void> {
    this.handlers.onStateChange('starting', null);
    // Most specific first: a session folder inside the workspace maps to its own virtual prefix.
    this.roots = watchRoots(this.discover)
      .filter((root) => fs.existsSync(root.dir))
      .reverse();
    let watcher: FSWatcher;
    try {
      watcher = watch(
        this.roots.map((root) => root.dir),
        {
          ignoreInitial: true,
          // Editors that save via temp file + rename: report one change, not unlink + add.
          atomic: true,
          followSymlinks: false,
          depth: MAX_PATH_DEPTH,
          ignored: (p: string) => isWatchIrrelevant(this.discover, this.roots, p),
        },
      );
    } catch (error) {
      this.onWatchError(error);
      this.startPeriodicReconcile();
      return;
    }
    this.watcher = watcher;
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
    this.interval = setInterval(() => void this.handlers.onReconcile(), this.options.reconcileIntervalMs ?? DEFAULT_RECONCILE_INTERVAL_MS);
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
    this.handlers.onStateChange('error', `The file watcher failed (${messageOf(error)}); the workspace is being rescanned.`);
    this.scheduleReconcile();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (this.reconcileTimer) clearTimeout(this.reconcileTimer);
    if (this.interval) clearInterval(this.interval);
    if (this.fallback) clearInterval(this.fallback);
    const watcher = this.watcher;
    this.watcher = null;
    await watcher?.close();
    this.handlers.onStateChange('off', null);
  }

  private hint(absPath: string): void {
    if (this.stopped) return;
    const relPath = this.toVirtualPath(absPath);
    if (!relPath) return;
    const existing = this.timers.get(relPath);
    if (existing) clearTimeout(existing);
    this.timers.set(
      relPath,
      setTimeout(() => {
        this.timers.delete(relPath);
        if (!this.stopped) void this.handlers.onPathChanged(relPath).catch(() => this.scheduleReconcile());
      }, this.options.debounceMs ?? DEFAULT_DEBOUNCE_MS),
    );
  }

  private toVirtualPath(absPath: string): string | null {
    for (const root of this.roots) {
      const relPath = virtualPathFor(this.discover, root, absPath);
      if (relPath) return relPath;
    }
    return null;
  }

  private scheduleReconcile(): void {
    if (this.stopped) return;
    if (this.reconcileTimer) clearTimeout(this.reconcileTimer);
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
