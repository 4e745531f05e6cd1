// The agent databases of one workspace: found where OpenClaw keeps them (`agents/<id>/agent/
// openclaw-agent.sqlite` in the same agents folders the JSONL discovery looks in), each behind one
// read-only connection, their sessions listed as virtual transcript files. One object per engine:
// the connections, the listing and the probe state live here, not in module globals.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AgentDbNotice } from '../../../shared/agent-db-schemas.js';
import { agentsFolders, isExcludedAgent, type SessionSourceOptions } from '../workspace/session-sources.js';
import { AgentDbConnection, noticeFor, type AgentDbConnectionOptions } from './agent-db-connection.js';
import { AGENT_DB_FILE } from './agent-db-paths.js';
import type { AgentDbRef, AgentDbSource, AgentDbTranscript } from '../workspace/agent-db-source.js';
import type { SessionKind } from '../../../shared/session-kind.js';
import {
  listDbSessions,
  readDbArchive,
  readDbSession,
  sessionKind,
  type DbSessionRow,
} from './agent-db-transcripts.js';

export { AGENT_DB_FILE };

export type { AgentDbRef };

export interface AgentDbFile extends AgentDbTranscript {
  row: DbSessionRow;
}

export interface AgentDbEntry {
  agentId: string;
  dbPath: string;
  connection: AgentDbConnection | null;
  notices: AgentDbNotice[];
  /** data_version at the last listing; the listing is redone only when it moved. */
  listedAt: number | null;
  sessions: DbSessionRow[];
  /** (size, mtime) of each session as the last poll() reported it; lookups and reads never move it. */
  polled: Map<string, string>;
}

export interface AgentDatabasesOptions extends AgentDbConnectionOptions {
  /** Only these agents' databases; default the workspace's agent scope (SessionSourceOptions.agentScope), else all found. */
  agentIds?: string[];
}

/** The agent databases of a workspace, most specific agents folder first, each agent id once. */
export function findAgentDatabases(
  opts: SessionSourceOptions,
  only: string[] | null,
): { agentId: string; dbPath: string }[] {
  const found: { agentId: string; dbPath: string }[] = [];
  const taken = new Set<string>();
  for (const folder of agentsFolders(opts)) {
    let names: string[];
    try {
      names = readdirSync(folder.dir);
    } catch {
      continue;
    }
    for (const agentId of names.sort()) {
      if (agentId.startsWith('.') || taken.has(agentId) || isExcludedAgent(opts, agentId)) continue;
      if (only && !only.includes(agentId)) continue;
      const dbPath = path.join(folder.dir, agentId, 'agent', AGENT_DB_FILE);
      if (!statSync(dbPath, { throwIfNoEntry: false })?.isFile()) continue;
      taken.add(agentId);
      found.push({ agentId, dbPath });
    }
  }
  return found;
}

export class AgentDatabases implements AgentDbSource {
  private entries: AgentDbEntry[] = [];
  private closed = false;

  constructor(
    private readonly discover: SessionSourceOptions,
    private readonly options: AgentDatabasesOptions = {},
  ) {}

  /** Finds databases (new ones appear, vanished ones close) and re-lists those that changed. */
  refresh(): void {
    if (this.closed) return;
    const only = this.options.agentIds ?? this.discover.agentScope ?? null;
    const wanted = findAgentDatabases(this.discover, only);
    const next: AgentDbEntry[] = [];
    for (const { agentId, dbPath } of wanted) {
      const existing = this.entries.find((e) => e.dbPath === dbPath && e.agentId === agentId);
      next.push(
        existing ?? { agentId, dbPath, connection: null, notices: [], listedAt: null, sessions: [], polled: new Map() },
      );
    }
    for (const old of this.entries) if (!next.includes(old)) old.connection?.close();
    this.entries = next;
    for (const entry of this.entries) this.relist(entry);
  }

  list(): readonly AgentDbEntry[] {
    return this.entries;
  }

  /** Every session of every database as a transcript file. */
  files(): AgentDbFile[] {
    return this.entries.flatMap((entry) => entry.sessions.map((row) => this.fileOf(entry, row)));
  }

  /** The database session behind a virtual path, or null. Re-lists first when the database changed. */
  lookup(virtualPath: string): AgentDbFile | null {
    const parts = virtualPath.split('/');
    if (parts.length !== 3 || parts[0] !== 'sessions') return null;
    if (this.entries.length === 0) this.refresh();
    const entry = this.entries.find((e) => e.agentId === parts[1]);
    if (!entry) return null;
    this.relist(entry);
    const row = entry.sessions.find((s) => s.virtualName === parts[2]);
    return row ? this.fileOf(entry, row) : null;
  }

  /** The transcript's JSONL bytes, or null when it is gone (or the database cannot be read now). */
  read(ref: AgentDbRef): Uint8Array | null {
    const entry = this.entries.find((e) => e.dbPath === ref.dbPath);
    if (!entry?.connection) return null;
    try {
      return ref.generation === null
        ? readDbSession(entry.connection, ref.sessionId)
        : readDbArchive(entry.connection, ref.sessionId, ref.generation);
    } catch (error) {
      this.fail(entry, error);
      return null;
    }
  }

  /**
   * Virtual paths whose listing changed since the last poll (added, grown, removed). The cheap
   * probe is PRAGMA data_version, which moves only when another connection commits; the first
   * poll only records what the sync already indexed.
   */
  poll(): string[] {
    if (this.closed) return [];
    const changed: string[] = [];
    for (const entry of this.entries) {
      this.relist(entry);
      const now = new Map(entry.sessions.map((s) => [s.virtualName, `${s.size}:${s.mtimeMs}`]));
      for (const [name, sig] of now)
        if (entry.polled.get(name) !== sig) changed.push(`sessions/${entry.agentId}/${name}`);
      for (const name of entry.polled.keys()) if (!now.has(name)) changed.push(`sessions/${entry.agentId}/${name}`);
      entry.polled = now;
    }
    return changed;
  }

  /** The reindex of `virtualPath` failed: report it as changed again on the next poll. */
  retryLater(virtualPath: string): void {
    const [, agentId, name] = virtualPath.split('/');
    this.entries.find((e) => e.agentId === agentId)?.polled.delete(name ?? '');
  }

  connectionFor(agentId: string): AgentDbConnection | null {
    return this.entries.find((e) => e.agentId === agentId)?.connection ?? null;
  }

  close(): void {
    this.closed = true;
    for (const entry of this.entries) entry.connection?.close();
    this.entries = [];
  }

  private fileOf(entry: AgentDbEntry, row: DbSessionRow): AgentDbFile {
    return {
      path: `sessions/${entry.agentId}/${row.virtualName}`,
      agentId: entry.agentId,
      size: row.size,
      mtimeMs: row.mtimeMs,
      row,
      agentDb: {
        dbPath: entry.dbPath,
        sessionId: row.sessionId,
        generation: row.generation,
        ...recordedKind(row.sessionKey),
      },
    };
  }

  /** Opens the connection if needed and re-lists when data_version moved. True when it re-listed. */
  private relist(entry: AgentDbEntry): boolean {
    if (!entry.connection) {
      if (!existsSync(entry.dbPath)) return false;
      const opened = AgentDbConnection.open(entry.dbPath, this.options);
      if (!opened.ok) {
        entry.notices = [opened.notice];
        return entry.sessions.splice(0).length > 0;
      }
      entry.connection = opened.connection;
      entry.notices = opened.notices;
      entry.listedAt = null;
    }
    try {
      const version = entry.connection.dataVersion();
      if (entry.listedAt === version) return false;
      entry.sessions = listDbSessions(entry.connection);
      entry.listedAt = version;
      entry.notices = entry.notices.filter((n) => n.code !== 'locked' && n.code !== 'unreadable');
      return true;
    } catch (error) {
      this.fail(entry, error);
      return true;
    }
  }

  /** A read failed: keep the notice, drop the connection (the next poll opens it again), keep the last listing only while locked. */
  private fail(entry: AgentDbEntry, error: unknown): void {
    const notice = noticeFor(error, entry.dbPath);
    entry.notices = [...entry.notices.filter((n) => n.code !== notice.code), notice];
    entry.connection?.close();
    entry.connection = null;
    entry.listedAt = null;
    if (notice.code !== 'locked') entry.sessions = [];
  }
}

/** OpenClaw's session-key kind in the sidebar's terms; nothing when there is no key (the messages decide then). */
function recordedKind(sessionKey: string | null): { recordedKind?: SessionKind } {
  if (!sessionKey) return {};
  const kind = sessionKind(sessionKey);
  return { recordedKind: kind === 'interactive' ? 'conversation' : kind };
}
