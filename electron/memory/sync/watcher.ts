// Watches the workspace (and session folders) with chokidar 5. Events are hints, never facts:
// each path is debounced, then the engine stats it and reindexes or removes it. A full reconcile
// runs on start, after any watcher error and periodically, so a missed event costs minutes at
// worst, never a stale index forever (DESIGN §3).
import fs from 'node:fs';
import { watch } from 'chokidar';
import type { FSWatcher } from 'chokidar';
import type { IndexStatus } from '../../../shared/domain.js';
import { watchRoots } from '../workspace/discover.js';
import type { DiscoverOptions, WatchRoot } from '../workspace/discover.js';
import { isWatchIrrelevant, virtualPathFor } from './indexable-path.js';

export interface WatcherHandlers {
  /** A (virtual) path may have changed: stat it, then reindex or remove it. */
  onPathChanged(relPath: string): Promise<void>;
  /** Compare the whole index with disk. */
  onReconcile(): Promise<void>;
  onStateChange(state: IndexStatus['watcher']): void;
}

export interface WatcherOptions {
  /** Editors save in bursts (write, chmod, rename); one reindex per burst is enough. */
  debounceMs?: number;
  reconcileIntervalMs?: number;
  /** Coalesces folder-level events (a folder moved in or out) into one reconcile. */
  reconcileDelayMs?: number;
}

/** 75 ms: long enough to merge an editor's save burst, short enough for edit → searchable < 1 s. */
const DEFAULT_DEBOUNCE_MS = 75;
/** 10 minutes: catches events the OS dropped (network drives, sleep) without costing anything noticeable. */
const DEFAULT_RECONCILE_INTERVAL_MS = 10 * 60_000;
const DEFAULT_RECONCILE_DELAY_MS = 250;

export class WorkspaceWatcher {
  private watcher: FSWatcher | null = null;
  private roots: WatchRoot[] = [];
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private reconcileTimer: NodeJS.Timeout | null = null;
  private interval: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Set by a watcher error; the next completed reconcile returns the state to 'watching'. */
  private errored = false;

  constructor(
    private readonly discover: DiscoverOptions,
    private readonly handlers: WatcherHandlers,
    private readonly options: WatcherOptions = {},
  ) {}

  async start(): Promise<void> {
    this.handlers.onStateChange('starting');
    // Most specific first: a session folder inside the workspace maps to its own virtual prefix.
    this.roots = watchRoots(this.discover)
      .filter((root) => fs.existsSync(root.dir))
      .reverse();
    const watcher = watch(
      this.roots.map((root) => root.dir),
      {
        ignoreInitial: true,
        // Editors that save via temp file + rename: report one change, not unlink + add.
        atomic: true,
        ignored: (p: string) => isWatchIrrelevant(this.discover, this.roots, p),
      },
    );
    this.watcher = watcher;
    watcher.on('add', (p) => this.hint(p));
    watcher.on('change', (p) => this.hint(p));
    watcher.on('unlink', (p) => this.hint(p));
    watcher.on('addDir', () => this.scheduleReconcile());
    watcher.on('unlinkDir', () => this.scheduleReconcile());
    watcher.on('error', () => {
      if (this.stopped) return;
      this.errored = true;
      this.handlers.onStateChange('error');
      this.scheduleReconcile();
    });
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    if (this.stopped) return;
    this.handlers.onStateChange('watching');
    this.interval = setInterval(() => void this.handlers.onReconcile(), this.options.reconcileIntervalMs ?? DEFAULT_RECONCILE_INTERVAL_MS);
    this.interval.unref();
    void this.handlers.onReconcile();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (this.reconcileTimer) clearTimeout(this.reconcileTimer);
    if (this.interval) clearInterval(this.interval);
    const watcher = this.watcher;
    this.watcher = null;
    await watcher?.close();
    this.handlers.onStateChange('off');
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
        if (this.errored && !this.stopped) {
          this.errored = false;
          this.handlers.onStateChange('watching');
        }
      });
    }, this.options.reconcileDelayMs ?? DEFAULT_RECONCILE_DELAY_MS);
  }
}
