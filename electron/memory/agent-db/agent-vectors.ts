// The vectors the agent stored for its memory chunks (memory_index_chunks.embedding: IEEE-754
// binary64, little-endian, one model named per chunk), read through the same read-only,
// allow-listed connection as the rest of the agent database, one short statement per read.
import type { AgentDbConnection } from './agent-db-connection.js';
import type { AgentDatabases } from './agent-databases.js';

export interface StoredChunkVector {
  path: string;
  startLine: number;
  endLine: number;
  /** sha256 of the chunk's indexed text, as OpenClaw hashes it. */
  hash: string;
  model: string;
  vector: Float64Array;
}

/** decodeMemoryEmbedding: a blob that is not whole float64s, or holds a non-finite one, is unusable. */
export function decodeStoredVector(blob: Uint8Array): Float64Array | null {
  if (blob.byteLength === 0 || blob.byteLength % 8 !== 0) return null;
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const out = new Float64Array(blob.byteLength / 8);
  for (let i = 0; i < out.length; i++) {
    const x = view.getFloat64(i * 8, true);
    if (!Number.isFinite(x)) return null;
    out[i] = x;
  }
  return out;
}

/** Models the agent's memory chunks were embedded with, and how many chunks each ('fts-only': none). */
export function agentVectorModels(db: AgentDbConnection): Map<string, number> {
  if (!db.has('memory_index_chunks', 'model', 'source')) return new Map();
  const rows = db.all<{ model: string; n: number }>(
    "SELECT model, count(*) AS n FROM memory_index_chunks WHERE source = 'memory' GROUP BY model",
  );
  return new Map(rows.map((r) => [r.model, r.n]));
}

/** Every memory chunk's stored vector for `model` (decodable ones only). */
export function agentChunkVectors(db: AgentDbConnection, model: string): StoredChunkVector[] {
  if (!db.has('memory_index_chunks', 'path', 'start_line', 'end_line', 'hash', 'model', 'embedding')) return [];
  const rows = db.all<{
    path: string;
    startLine: number;
    endLine: number;
    hash: string;
    model: string;
    embedding: Uint8Array;
  }>(
    "SELECT path, start_line AS startLine, end_line AS endLine, hash, model, embedding FROM memory_index_chunks WHERE source = 'memory' AND model = ?",
    model,
  );
  const out: StoredChunkVector[] = [];
  for (const row of rows) {
    const vector = decodeStoredVector(row.embedding);
    if (vector)
      out.push({
        path: row.path,
        startLine: row.startLine,
        endLine: row.endLine,
        hash: row.hash,
        model: row.model,
        vector,
      });
  }
  return out;
}

/**
 * The stored vectors of a workspace's agent databases, per model, re-read only when the database
 * changed (data_version moved). A database that cannot be read gives none: we embed ourselves.
 */
export class AgentStoredVectors {
  private cached: {
    dbPath: string;
    version: number;
    model: string;
    agentId: string;
    vectors: StoredChunkVector[];
  } | null = null;
  private models: { dbPath: string; version: number; models: Map<string, number> } | null = null;

  constructor(private readonly databases: AgentDatabases) {}

  /** The models of the first readable agent index (null when there is none to read). */
  indexModels(): Map<string, number> | null {
    if (this.databases.list().length === 0) this.databases.refresh();
    for (const entry of this.databases.list()) {
      if (!entry.connection) continue;
      try {
        const version = entry.connection.dataVersion();
        if (this.models?.dbPath === entry.dbPath && this.models.version === version) return this.models.models;
        const models = agentVectorModels(entry.connection);
        if (models.size === 0) continue;
        this.models = { dbPath: entry.dbPath, version, models };
        return models;
      } catch {
        continue;
      }
    }
    return null;
  }

  vectorsFor(model: string): { agentId: string; vectors: StoredChunkVector[] } | null {
    if (this.databases.list().length === 0) this.databases.refresh();
    for (const entry of this.databases.list()) {
      const db = entry.connection;
      if (!db) continue;
      try {
        const version = db.dataVersion();
        const c = this.cached;
        if (c && c.dbPath === entry.dbPath && c.version === version && c.model === model) return c;
        if (!agentVectorModels(db).has(model)) continue;
        this.cached = {
          dbPath: entry.dbPath,
          version,
          model,
          agentId: entry.agentId,
          vectors: agentChunkVectors(db, model),
        };
        return this.cached;
      } catch {
        continue; // locked or damaged: its notice is shown by the agent-database report; we embed ourselves
      }
    }
    return null;
  }
}
