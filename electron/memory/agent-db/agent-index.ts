// The agent's own memory index (memory_index_* tables), side by side with the files: which memory
// files the agent has indexed as they are now, which changed since (stale), which it lacks
// (missing) and which it still holds though they are gone (extra); and, per chunk, OpenClaw's
// recall metadata (importance, triggers, project) and provenance (origin, session kind).
import type { AgentIndexChunk, AgentIndexFile } from '../../../shared/agent-db-schemas.js';
import { isOpenclawMemoryPath } from '../../../shared/memory-scope.js';
import type { AgentDbConnection } from './agent-db-connection.js';

export interface AgentIndexComparison {
  revision: number | null;
  files: AgentIndexFile[];
  counts: Record<AgentIndexFile['status'], number>;
}

export function hasAgentIndex(db: AgentDbConnection): boolean {
  return (
    db.has('memory_index_sources', 'path', 'hash', 'source') &&
    db.has('memory_index_chunks', 'path', 'source', 'start_line', 'end_line')
  );
}

/**
 * `files`: workspace-relative path → sha256 of its bytes now (null when unreadable), memory files
 * only; compared only where OpenClaw's own scope reaches (no legacy memory.md: it never indexes it).
 */
export function compareAgentIndex(
  db: AgentDbConnection,
  files: ReadonlyMap<string, string | null>,
): AgentIndexComparison | null {
  if (!hasAgentIndex(db)) return null;
  const sources = new Map(
    db
      .all<{ path: string; hash: string }>("SELECT path, hash FROM memory_index_sources WHERE source = 'memory'")
      .map((r) => [r.path, r.hash]),
  );
  const updated = db.has('memory_index_chunks', 'updated_at') ? 'max(updated_at)' : 'NULL';
  const chunks = new Map(
    db
      .all<{ path: string; chunks: number; at: number | null }>(
        `SELECT path, count(*) AS chunks, ${updated} AS at FROM memory_index_chunks WHERE source = 'memory' GROUP BY path`,
      )
      .map((r) => [r.path, r]),
  );
  const revision = db.has('memory_index_state', 'revision')
    ? (db.get<{ revision: number | null }>('SELECT max(revision) AS revision FROM memory_index_state')?.revision ??
      null)
    : null;
  const out: AgentIndexFile[] = [];
  const at = (p: string) => {
    const ms = chunks.get(p)?.at;
    return typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms).toISOString() : null;
  };
  for (const [p, hash] of files) {
    if (!isOpenclawMemoryPath(p)) continue;
    const indexed = sources.get(p);
    const status = indexed === undefined ? 'missing' : indexed === hash ? 'current' : 'stale';
    out.push({ path: p, status, chunks: chunks.get(p)?.chunks ?? 0, indexedHash: indexed ?? null, indexedAt: at(p) });
  }
  for (const [p, hash] of sources) {
    if (!files.has(p))
      out.push({ path: p, status: 'extra', chunks: chunks.get(p)?.chunks ?? 0, indexedHash: hash, indexedAt: at(p) });
  }
  out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const counts = { current: 0, stale: 0, missing: 0, extra: 0 };
  for (const f of out) counts[f.status] += 1;
  return { revision, files: out, counts };
}

/** The agent's chunks of one file with their recall metadata and provenance, in line order. */
export function agentIndexChunks(db: AgentDbConnection, relPath: string): Omit<AgentIndexChunk, 'agentId'>[] {
  if (!hasAgentIndex(db) || !db.has('memory_index_chunks', 'id')) return [];
  const rows = db.all<{ id: string; startLine: number; endLine: number }>(
    'SELECT id, start_line AS startLine, end_line AS endLine FROM memory_index_chunks WHERE path = ? ORDER BY start_line, end_line',
    relPath,
  );
  const recall = new Map<string, { importance: number | null; triggers: string | null; project: string | null }>();
  if (db.has('memory_index_chunk_recall_metadata', 'chunk_id', 'importance', 'triggers', 'project_key')) {
    for (const r of db.all<{ id: string; importance: number | null; triggers: string | null; project: string | null }>(
      'SELECT chunk_id AS id, importance, triggers, project_key AS project FROM memory_index_chunk_recall_metadata WHERE chunk_id IN (SELECT id FROM memory_index_chunks WHERE path = ?)',
      relPath,
    ))
      recall.set(r.id, r);
  }
  const provenance = new Map<string, { origin: string | null; kind: string | null }>();
  if (db.has('memory_index_chunk_provenance', 'chunk_id', 'origin_class', 'session_kind')) {
    for (const r of db.all<{ id: string; origin: string | null; kind: string | null }>(
      'SELECT chunk_id AS id, origin_class AS origin, session_kind AS kind FROM memory_index_chunk_provenance WHERE chunk_id IN (SELECT id FROM memory_index_chunks WHERE path = ?)',
      relPath,
    ))
      provenance.set(r.id, r);
  }
  return rows.map((row) => {
    const meta = recall.get(row.id);
    const prov = provenance.get(row.id);
    return {
      startLine: row.startLine,
      endLine: row.endLine,
      importance: meta?.importance ?? null,
      triggers: (meta?.triggers ?? '')
        .split(';')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
      project: meta?.project ?? null,
      origin: prov?.origin ?? null,
      sessionKind: prov?.kind ?? null,
    };
  });
}
