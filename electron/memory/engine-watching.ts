// Keeping the index in line with the files while the app runs: the workspace watcher (chokidar)
// and a poll of OpenClaw's agent databases, whose new events no file event announces usefully.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileChangeEvent, IndexStatus } from '../../shared/domain.js';
import type { IndexReason } from '../../shared/index-reasons.js';
import type { AgentDatabases } from './agent-db/agent-databases.js';
import { WorkspaceWatcher, type WatcherOptions } from './sync/watcher.js';
import { sha256 } from './text/hash.js';
import type { WorkspaceScope } from './workspace/workspace-scope.js';

/** How often the agent databases' data_version is looked at while watching: one PRAGMA per database. */
export const AGENT_DB_POLL_MS = 1000;

export interface WatchingHooks {
  reindexPath(relPath: string): Promise<void>;
  /** A full incremental pass (watcher start, watcher error): reports its own errors. */
  reconcile(): Promise<void>;
  onDidChange(): void;
  /** A file the scope watches without indexing changed (a bootstrap file: history records it). */
  onUnindexedChange(event: FileChangeEvent): void;
}

export interface WatchingOptions {
  /** How often the agent databases' data_version is probed (default AGENT_DB_POLL_MS). */
  agentDbPollMs?: number;
  openWatcher?: WatcherOptions['openWatcher'];
}

export class EngineWatching {
  private watcher: WorkspaceWatcher | null = null;
  private agentDbPoll: NodeJS.Timeout | null = null;
  private current: IndexStatus['watcher'] = 'off';
  private reason: IndexReason | null = null;

  constructor(
    private readonly scope: WorkspaceScope,
    private readonly agentDbs: AgentDatabases,
    private readonly hooks: WatchingHooks,
    private readonly options: WatchingOptions = {},
  ) {}

  /** The watcher's state for status, with the reason when it failed. */
  get state(): Pick<IndexStatus, 'watcher' | 'watcherReason' | 'watcherReasonId' | 'watcherReasonParams'> {
    const reason = this.reason;
    if (!reason) return { watcher: this.current };
    return {
      watcher: this.current,
      watcherReason: reason.message,
      ...(reason.messageId ? { watcherReasonId: reason.messageId } : {}),
      ...(reason.params ? { watcherReasonParams: reason.params } : {}),
    };
  }

  async start(): Promise<void> {
    if (this.watcher) return;
    this.watcher = new WorkspaceWatcher(
      this.scope,
      {
        onPathChanged: (relPath) => this.hooks.reindexPath(relPath),
        onUnindexedPathChanged: async (relPath) => this.hooks.onUnindexedChange(await this.changeOf(relPath)),
        onReconcile: () => this.hooks.reconcile(),
        onStateChange: (state, reason) => {
          this.current = state;
          this.reason = reason;
          this.hooks.onDidChange();
        },
      },
      this.options.openWatcher ? { openWatcher: this.options.openWatcher } : {},
    );
    await this.watcher.start();
    this.followAgentDatabases();
  }

  /**
   * The gateway appends events to its database and the WAL grows: poll its cheap data_version
   * probe and reindex the sessions whose listing changed.
   */
  private followAgentDatabases(): void {
    if (this.agentDbPoll) return;
    // What is there now was indexed by the sync (or is by the watcher's reconcile): only changes from here on.
    this.agentDbs.poll();
    let busy = false;
    this.agentDbPoll = setInterval(() => {
      if (busy || !this.watcher) return;
      busy = true;
      void (async () => {
        try {
          for (const relPath of this.agentDbs.poll()) {
            try {
              await this.hooks.reindexPath(relPath);
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

  /** The file as it is now: its hash, or deleted (a file history knows was there, or never was). */
  private async changeOf(relPath: string): Promise<FileChangeEvent> {
    const bytes = await fs.readFile(path.join(this.scope.where.workspaceDir, relPath)).catch(() => null);
    return { path: relPath, change: bytes ? 'changed' : 'deleted', hash: bytes ? sha256(bytes) : null };
  }

  async stop(): Promise<void> {
    const watcher = this.watcher;
    this.watcher = null;
    if (this.agentDbPoll) clearInterval(this.agentDbPoll);
    this.agentDbPoll = null;
    await watcher?.stop();
    this.current = 'off';
    this.reason = null;
    this.hooks.onDidChange();
  }
}
