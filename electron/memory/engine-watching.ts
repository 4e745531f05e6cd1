// Keeping the index in line with the files while the app runs: the workspace watcher (chokidar)
// and a poll of OpenClaw's agent databases, whose new events no file event announces usefully.
import type { IndexStatus } from '../../shared/domain.js';
import type { AgentDatabases } from './agent-db/agent-databases.js';
import { WorkspaceWatcher } from './sync/watcher.js';
import type { WorkspaceScope } from './workspace/workspace-scope.js';

/** How often the agent databases' data_version is looked at while watching: one PRAGMA per database. */
export const AGENT_DB_POLL_MS = 1000;

export interface WatchingHooks {
  reindexPath(relPath: string): Promise<void>;
  /** A full incremental pass (watcher start, watcher error): reports its own errors. */
  reconcile(): Promise<void>;
  onDidChange(): void;
}

export class EngineWatching {
  private watcher: WorkspaceWatcher | null = null;
  private agentDbPoll: NodeJS.Timeout | null = null;
  private current: IndexStatus['watcher'] = 'off';
  private reason: string | null = null;

  constructor(
    private readonly scope: WorkspaceScope,
    private readonly agentDbs: AgentDatabases,
    private readonly hooks: WatchingHooks,
    private readonly agentDbPollMs = AGENT_DB_POLL_MS,
  ) {}

  /** The watcher's state for status, with the reason when it failed. */
  get state(): Pick<IndexStatus, 'watcher' | 'watcherReason'> {
    return { watcher: this.current, ...(this.reason ? { watcherReason: this.reason } : {}) };
  }

  async start(): Promise<void> {
    if (this.watcher) return;
    this.watcher = new WorkspaceWatcher(this.scope, {
      onPathChanged: (relPath) => this.hooks.reindexPath(relPath),
      onReconcile: () => this.hooks.reconcile(),
      onStateChange: (state, reason) => {
        this.current = state;
        this.reason = reason;
        this.hooks.onDidChange();
      },
    });
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
    }, this.agentDbPollMs);
    this.agentDbPoll.unref();
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
