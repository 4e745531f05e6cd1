// Turns what the app sees into versions: the engine's fileChanged events (the watcher, a sync, a
// rescan), the app's own writes (announced before they happen, so the event they cause is
// recorded as "you, in Memory Lens"), and a rescan of every tracked file. Records run one at a
// time, reading the bytes as they are when the record runs.
import { type Log, logLine } from '../../../shared/log-line.js';
import fs from 'node:fs/promises';
import type { Author, HistorySettings, VersionKind } from '../../../shared/history-schemas.js';
import { MemoryLensError } from '../../../shared/errors.js';
import { resolveMemoryPath } from '../../memory/workspace/memory-path.js';
import { SerialQueue } from '../../memory/index-lifecycle/serial-queue.js';
import type { WorkspaceScope } from '../../memory/workspace/workspace-scope.js';
import { readForHistory } from './history-file-read.js';
import type { HistoryStore, StoredVersion } from './history-store.js';

/** A delete and an add of the same bytes this close together are one rename (the watcher sees two events). */
const RENAME_WINDOW_MS = 5_000;
/** Retention runs after this many new versions (and at every open). */
const RETENTION_EVERY = 50;

export interface AppWrite {
  kind: Extract<VersionKind, 'save' | 'rename' | 'delete'>;
  author: Author;
  fromPath?: string;
  toPath?: string;
}

export interface HistoryRecorderOptions {
  store: HistoryStore;
  /** The open workspace's scope: which paths get versions (WorkspaceScope.keepsHistory). */
  scope: WorkspaceScope;
  settings: () => HistorySettings;
  log: Log;
  now?: () => number;
  /** A new version was kept (the UI refreshes on it). */
  onRecorded?: (version: StoredVersion) => void;
}

export class HistoryRecorder {
  private readonly queue = new SerialQueue();
  private readonly appWrites = new Map<string, AppWrite>();
  private readonly recentDeletes = new Map<string, { id: number; path: string; at: number }>();
  private sinceRetention = 0;
  private readonly now: () => number;

  constructor(private readonly options: HistoryRecorderOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether `relPath` gets versions: the workspace scope's rule, the only one. */
  keeps(relPath: string): boolean {
    return this.options.scope.keepsHistory(relPath);
  }

  /** A change the engine reported (or a rescan found). */
  changed(relPath: string): Promise<void> {
    if (!this.keeps(relPath)) return Promise.resolve();
    return this.queue.run(() => this.recordNow(relPath, this.appWrites.get(relPath) ?? null));
  }

  /** Call before the app writes `relPath`; the returned function, after (with the outcome). */
  beginAppWrite(relPath: string, write: AppWrite): (ok: boolean) => Promise<void> {
    this.appWrites.set(relPath, write);
    return (ok) =>
      this.queue.run(async () => {
        try {
          // The write's own event may have been dropped or never sent (bootstrap files are not indexed).
          if (ok) await this.recordNow(relPath, write);
        } finally {
          if (this.appWrites.get(relPath) === write) this.appWrites.delete(relPath);
        }
      });
  }

  /** Records every tracked path whose bytes differ from its latest version (open, reindex). */
  rescan(relPaths: readonly string[]): Promise<void> {
    return this.queue.run(async () => {
      const seen = new Set(relPaths.filter((p) => this.keeps(p)));
      for (const relPath of seen) await this.recordNow(relPath, null);
      // Files with history that are gone now: a delete nobody reported (the app was closed).
      for (const latest of this.options.store.latestByPath()) {
        if (!seen.has(latest.path) && latest.hash !== null && latest.kind !== 'delete')
          await this.recordNow(latest.path, null);
      }
      await this.retention();
    });
  }

  idle(): Promise<void> {
    return this.queue.idle();
  }

  private async recordNow(relPath: string, appWrite: AppWrite | null): Promise<void> {
    try {
      const abs = await this.locate(relPath);
      const stat = abs === null ? null : await fs.stat(abs).catch(() => null);
      const store = this.options.store;
      if (abs === null || !stat?.isFile()) {
        const latest = store.latest(relPath);
        if (!latest || latest.hash === null) return;
        const { version, added } = await store.record({
          path: relPath,
          kind: 'delete',
          bytes: null,
          mtimeMs: null,
          ...(appWrite?.toPath ? { toPath: appWrite.toPath } : {}),
          author: appWrite?.author ?? null,
        });
        if (added) this.recentDeletes.set(latest.hash, { id: version.id, path: relPath, at: this.now() });
        if (added && appWrite?.kind === 'rename' && appWrite.toPath) store.markRenamed(version.id, appWrite.toPath);
        if (added) this.counted(version);
        return;
      }
      const read = await readForHistory(abs, stat, this.options.settings().maxFileMegabytes * 1024 * 1024);
      const latest = store.latest(relPath);
      const first = !latest || (latest.kind === 'delete' && latest.hash === null);
      const renamedFrom = first ? this.renameSource(read.hash, appWrite) : null;
      const kind: VersionKind =
        appWrite?.kind === 'save' ? 'save' : renamedFrom ? 'rename' : !latest ? 'baseline' : 'external';
      const { version, added } = await store.record({
        path: relPath,
        kind,
        bytes: read.bytes,
        hash: read.hash,
        size: read.size,
        mtimeMs: stat.mtimeMs,
        skipped: read.skipped,
        ...(renamedFrom ? { fromPath: renamedFrom.path } : {}),
        author: appWrite?.author ?? null,
      });
      if (added && renamedFrom && renamedFrom.id > 0) store.markRenamed(renamedFrom.id, relPath);
      if (added) this.counted(version);
    } catch (error) {
      this.options.log(logLine('log:history.notRecorded', error, { path: relPath }));
    }
  }

  /**
   * Where the file really is, by the scope's rule for paths (a link must lead to a file the scope
   * allows, inside the workspace); null when it is gone. A refused link throws: nothing is recorded.
   */
  private async locate(relPath: string): Promise<string | null> {
    try {
      const resolved = await resolveMemoryPath(this.options.scope, relPath, 'read', 'disk');
      return resolved.exists ? resolved.abs : null;
    } catch (error) {
      if (error instanceof MemoryLensError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  private renameSource(hash: string, appWrite: AppWrite | null): { id: number; path: string } | null {
    if (appWrite?.kind === 'rename' && appWrite.fromPath) {
      const recent = this.recentDeletes.get(hash);
      return { id: recent && recent.path === appWrite.fromPath ? recent.id : 0, path: appWrite.fromPath };
    }
    const recent = this.recentDeletes.get(hash);
    if (!recent || this.now() - recent.at > RENAME_WINDOW_MS) return null;
    this.recentDeletes.delete(hash);
    return recent;
  }

  private counted(version: StoredVersion): void {
    this.options.onRecorded?.(version);
    this.sinceRetention += 1;
    if (this.sinceRetention >= RETENTION_EVERY) void this.retention();
  }

  private async retention(): Promise<void> {
    this.sinceRetention = 0;
    try {
      await this.options.store.applyRetention(this.options.settings());
    } catch (error) {
      this.options.log(logLine('log:history.retention', error));
    }
  }
}
