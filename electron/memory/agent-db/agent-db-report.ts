// What `agentDatabases` answers: per agent database, its notices, its sessions and the agent's
// index compared with the memory files. Read-only: it only reads through AgentDatabases.
import fs, { existsSync } from 'node:fs';
import path from 'node:path';
import type { AgentDatabase, AgentDatabasesReport, AgentIndexChunk } from '../../../shared/agent-db-schemas.js';
import { sessionFolderFor, type SessionSourceOptions } from '../workspace/session-sources.js';
import { noticeFor } from './agent-db-connection.js';
import type { AgentDatabases } from './agent-databases.js';
import { agentIndexChunks, compareAgentIndex } from './agent-index.js';
import { sessionKind } from './agent-db-transcripts.js';
import { sha256 } from '../text/hash.js';
import { statMemoryFilesLikeOpenClaw } from '../workspace/openclaw-memory-files.js';
import type { WorkspaceScope } from '../workspace/workspace-scope.js';

/** The report on the files' bytes now, not our index's idea of them: `memlens status` runs without a sync. */
export async function agentDatabasesNow(
  databases: AgentDatabases,
  scope: WorkspaceScope,
): Promise<AgentDatabasesReport> {
  databases.refresh();
  // No agent database beside the workspace: nothing to compare, and no file is read for it.
  if (databases.list().length === 0) return { databases: [] };
  const memory = new Map<string, string | null>();
  // OpenClaw's own scope, walked as OpenClaw walks it (no legacy memory.md, no symlinks): a file
  // it would never index is not "missing" from its index.
  for (const file of await statMemoryFilesLikeOpenClaw(scope.where.workspaceDir))
    memory.set(file.path, await fs.promises.readFile(file.absPath).then(sha256, () => null));
  return agentDatabasesReport(databases, scope.where, memory);
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
