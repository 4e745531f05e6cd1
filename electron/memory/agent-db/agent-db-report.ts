// What `agentDatabases` answers: per agent database, its notices, its sessions and the agent's
// index compared with the memory files. Read-only: it only reads through AgentDatabases.
import fs, { existsSync } from 'node:fs';
import path from 'node:path';
import type { AgentDatabase, AgentDatabasesReport, AgentIndexChunk } from '../../../shared/agent-db-schemas.js';
import { sessionFolderFor, type SessionSourceOptions } from '../workspace/session-sources.js';
import { noticeFor } from './agent-db-connection.js';
import type { AgentDatabases } from './agent-databases.js';
import { agentIndexChunks, compareAgentIndex, inAgentIndexScope } from './agent-index.js';
import { sessionKind } from './agent-db-transcripts.js';
import { sha256 } from '../text/hash.js';
import { discoverFiles, type DiscoverOptions } from '../workspace/discover.js';

/** The report on the files' bytes now, not our index's idea of them: `memlens status` runs without a sync. */
export async function agentDatabasesNow(
  databases: AgentDatabases,
  discover: DiscoverOptions,
): Promise<AgentDatabasesReport> {
  const memory = new Map<string, string | null>();
  const { agentDatabases: _transcripts, ...filesOnly } = discover;
  for (const file of await discoverFiles(filesOnly)) {
    if (file.source !== 'memory' || !inAgentIndexScope(file.path)) continue;
    memory.set(file.path, await fs.promises.readFile(file.absPath).then(sha256, () => null));
  }
  return agentDatabasesReport(databases, discover, memory);
}

export function agentDatabasesReport(
  databases: AgentDatabases,
  discover: SessionSourceOptions,
  memoryHashes: ReadonlyMap<string, string | null>,
): AgentDatabasesReport {
  databases.refresh();
  const out: AgentDatabase[] = [];
  for (const entry of databases.list()) {
    const notices = [...entry.notices];
    const folder = sessionFolderFor(discover, entry.agentId);
    const sessions = entry.sessions.map((row) => ({
      path: `sessions/${entry.agentId}/${row.virtualName}`,
      sessionId: row.sessionId,
      sessionKey: row.sessionKey,
      kind: sessionKind(row.sessionKey),
      channel: row.channel,
      events: row.events,
      lastEventAt: Number.isFinite(row.mtimeMs) ? new Date(row.mtimeMs).toISOString() : null,
      archived: row.archived,
      shadowsFile: folder !== null && existsSync(path.join(folder, row.virtualName)),
    }));
    let index: AgentDatabase['index'] = null;
    if (entry.connection) {
      try {
        index = compareAgentIndex(entry.connection, memoryHashes);
      } catch (error) {
        notices.push(noticeFor(error, entry.dbPath));
      }
    }
    const state = !entry.connection && sessions.length === 0 ? 'unavailable' : notices.length > 0 ? 'partial' : 'ok';
    out.push({ agentId: entry.agentId, path: entry.dbPath, state, notices, sessions, index });
  }
  return { databases: out };
}

/** The agent's chunks of one memory file, from every agent database of the workspace. */
export function agentChunksOf(databases: AgentDatabases, relPath: string): AgentIndexChunk[] {
  const out: AgentIndexChunk[] = [];
  for (const entry of databases.list()) {
    if (!entry.connection) continue;
    try {
      for (const chunk of agentIndexChunks(entry.connection, relPath)) out.push({ agentId: entry.agentId, ...chunk });
    } catch {
      // Shown as the database's notice by agentDatabasesReport; the gutter just has nothing to add.
    }
  }
  return out;
}
