// What a doctor pass reads, and the same reads made by the doctor's worker thread on connections of
// its own: the background pass sends only where things are (doctor-thread.ts), and the file list,
// the files, the transcripts, the bootstrap budget, the agent's own index, the search log and the
// memory history (authors and dates of cited lines) are read on the worker, off the thread that
// answers searches. Every connection is read-only and lives for one pass.
import { type Log } from '../../../shared/log-line.js';
import type Database from 'better-sqlite3';
import type { ContextArgs, ContextReport } from '../../../shared/domain.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import { AgentDatabases } from '../../memory/agent-db/agent-databases.js';
import { agentDatabasesNow } from '../../memory/agent-db/agent-db-report.js';
import { buildContextReport } from '../../memory/context/context-report.js';
import { FileOperations } from '../../memory/file-operations.js';
import { openReadOnlyDatabase } from '../../memory/files/sqlite-wal-open.js';
import { listFileEntries } from '../../memory/index/index-queries.js';
import type { DiscoverOptions } from '../../memory/workspace/session-sources.js';
import { WorkspaceScope } from '../../memory/workspace/workspace-scope.js';
import { WorkspaceActivity, type SearchLogPlace } from '../agent/agent-activity-store.js';
import { HistoryReader, workspaceAuthorSources } from '../history/history-reader.js';
import { HistoryStore } from '../history/history-store.js';

/** The engine's reads a pass makes: the open engine has them, and so does a ReadOnlyWorkspace. */
export type DoctorReads = Pick<
  MemoryEngineApi,
  'workspaceDir' | 'listFiles' | 'readFile' | 'readTranscriptJsonl' | 'context' | 'agentDatabases'
>;

/** The agent search log as a pass reads it. */
export type DoctorSearchLog = Pick<WorkspaceActivity, 'listSearches' | 'getSearch'>;

/** Where one pass's input is, as plain data a worker can be sent. */
export interface DoctorPlaces {
  workspaceDir: string;
  /** The index file the engine serves from now. */
  indexDbPath: string;
  /** The engine's scope (workspace, session folders, extra paths, agents): files are read by its rules. */
  where: DiscoverOptions;
  /** Our agent search log, or null when none is kept. */
  searchLog: SearchLogPlace | null;
  /** better-sqlite3's addon built for Electron's ABI, when the host has one. */
  nativeBinding: string | null;
  /** The memory history's store, read for the authors of cited lines; null when none is kept. */
  historyDir: string | null;
}

export function doctorPlaces(
  engine: MemoryEngineApi,
  activity: WorkspaceActivity | null,
  nativeBinding: string | null,
  historyDir: string | null = null,
): DoctorPlaces {
  return {
    workspaceDir: engine.workspaceDir,
    indexDbPath: engine.dbPath,
    where: { ...engine.scope.where },
    searchLog: activity?.place() ?? null,
    nativeBinding,
    historyDir,
  };
}

/**
 * The workspace as the engine reads it, without the engine: the index's file list on a read-only
 * connection, the files and transcripts by the engine's own path rules and reading code (OpenClaw's
 * agent databases read-only, as the engine does), the bootstrap budget as `engine.context` builds it.
 */
export class ReadOnlyWorkspace implements DoctorReads {
  readonly workspaceDir: string;
  readonly searchLog: DoctorSearchLog | null;
  private readonly index: Database.Database;
  private readonly logDb: Database.Database | null;
  private readonly agentDbs: AgentDatabases;
  private readonly files: FileOperations;
  private readonly scope: WorkspaceScope;
  private history: HistoryStore | null = null;

  constructor(
    private readonly places: DoctorPlaces,
    log: Log,
  ) {
    const binding = places.nativeBinding ? { nativeBinding: places.nativeBinding } : {};
    this.workspaceDir = places.workspaceDir;
    this.index = openReadOnlyDatabase(places.indexDbPath, binding);
    try {
      this.logDb = places.searchLog ? openReadOnlyDatabase(places.searchLog.dbPath, binding) : null;
    } catch (error) {
      this.index.close();
      throw error;
    }
    const { searchLog } = places;
    this.searchLog =
      searchLog && this.logDb ? new WorkspaceActivity(this.logDb, searchLog.key, searchLog.limit, log) : null;
    this.agentDbs = new AgentDatabases(places.where, binding);
    const scope = new WorkspaceScope(places.where, this.agentDbs);
    this.scope = scope;
    this.files = new FileOperations({
      workspaceDir: places.workspaceDir,
      dataDir: '',
      scope,
      reindex: () => Promise.reject(new Error('the doctor reads only')),
    });
  }

  readonly listFiles: DoctorReads['listFiles'] = async () => listFileEntries(this.index);
  readonly readFile: DoctorReads['readFile'] = (relPath) => this.files.readFile(relPath);
  readonly readTranscriptJsonl: DoctorReads['readTranscriptJsonl'] = async (relPath) =>
    new TextDecoder('utf-8').decode((await this.files.readTranscriptBytes(relPath)).bytes);

  /** As `engine.agentDatabases`: the agent's own index beside the files' bytes now, read-only. */
  readonly agentDatabases: DoctorReads['agentDatabases'] = () => agentDatabasesNow(this.agentDbs, this.scope);

  /** As `engine.context` with no options: this process's environment, the engine's OpenClaw home. */
  readonly context = (args: ContextArgs): Promise<ContextReport> => {
    const { openclawHome } = this.places.where;
    const config = { env: process.env, ...(openclawHome ? { openclawHome } : {}) };
    return buildContextReport({ ...args, workspaceDir: this.workspaceDir, config });
  };

  /**
   * The memory history as `HistoryService.lineOrigins` reads it — the store read-only, authors from
   * this workspace's transcripts, dreaming and git — or null when it cannot be opened (no store yet).
   */
  async historyReader(log: Log): Promise<HistoryReader | null> {
    const dir = this.places.historyDir;
    if (!dir) return null;
    try {
      this.history ??= HistoryStore.openReadOnly(
        dir,
        this.places.nativeBinding ? { nativeBinding: this.places.nativeBinding } : {},
      );
    } catch {
      return null;
    }
    const { workspaceDir, scope } = this;
    const sources = await workspaceAuthorSources(workspaceDir, this, [], log);
    return new HistoryReader({ workspaceDir, store: this.history, sources, keeps: (p) => scope.keepsHistory(p) });
  }

  close(): void {
    this.history?.close();
    this.agentDbs.close();
    this.logDb?.close();
    this.index.close();
  }
}
