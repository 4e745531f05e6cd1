// Nearest chunks to a query vector. The vectors live in `chunks_vec` (a sqlite-vec vec0 table, or
// a plain rowid + BLOB table when sqlite-vec cannot load). sqlite-vec's KNN answers, unless the
// session's int8 scan (vector-matrix.ts) passed its self-check; a plain table is always scanned.
import type Database from 'better-sqlite3';
import type { MemorySource } from '../../../../shared/domain.js';
import { MemoryLensError } from '../../../../shared/errors.js';
import { storedVectorTable } from '../../index/schema.js';
import type { IndexSession } from './index-session.js';
import { vectorAccelerated } from './accelerator-check.js';
import { scanVectorMatrix } from '../core/quantized-scan.js';
import type { ScanStats, VectorFilter, VectorHit } from '../core/quantized-scan.js';

export type { VectorFilter, VectorHit };

export { storedVectorTable as vectorTableKind } from '../../index/schema.js';

/** sqlite-vec refuses k above 4096; more candidates than that never reach fusion anyway. */
export const MAX_KNN_K = 4096;

/**
 * Cosine similarity = 1 - sqlite-vec's cosine distance, best first, ties by lower rowid: by the
 * KNN, or by the in-memory matrix's exact scan (quantized-scan.ts), the same list as the KNN.
 */
export function vectorSearch(
  session: IndexSession,
  queryVec: Float32Array,
  limit: number,
  filter?: VectorFilter,
  stats?: ScanStats,
): VectorHit[] {
  const kind = storedVectorTable(session.db);
  if (kind === 'none' || limit <= 0) return [];
  if (kind === 'vec0' && !session.sqliteVecLoaded) {
    throw new MemoryLensError('UNAVAILABLE', { messageId: 'errors:index.noSqliteVec' });
  }
  // sqlite-vec's KNN is the baseline; the int8 scan runs where it pays and agreed with it.
  if (kind === 'vec0' && !vectorAccelerated(session, (query, k) => vectorSearchKnn(session, query, k)))
    return vectorSearchKnn(session, queryVec, limit, filter);
  const matrix = session.vectors.matrix();
  return matrix ? scanVectorMatrix(matrix, queryVec, limit, filter, stats) : [];
}

/**
 * sqlite-vec KNN. A source filter is applied after the KNN (vec0 has no source column), so k
 * grows until `limit` matching chunks are found, every vector has been considered, or k reaches
 * sqlite-vec's cap — then the matching chunks are ranked exactly instead.
 */
export function vectorSearchKnn(
  session: IndexSession,
  queryVec: Float32Array,
  limit: number,
  filter?: VectorFilter,
): VectorHit[] {
  if (limit <= 0) return [];
  const db = session.db;
  const sources = activeSources(filter);
  const total = sources ? countVectors(db) : Infinity;
  const sourceClause = sources ? `AND c.source IN (${sources.map(() => '?').join(', ')})` : '';
  const statement = db.prepare(`
    WITH knn AS MATERIALIZED (SELECT rowid, distance FROM chunks_vec WHERE embedding MATCH ? AND k = ?)
    SELECT knn.rowid AS rowid, knn.distance AS distance
    FROM knn JOIN chunks c ON c.rowid = knn.rowid
    WHERE 1 ${sourceClause}
    ORDER BY knn.distance, knn.rowid
    LIMIT ?`);
  const blob = vectorBlob(queryVec);
  let k = Math.min(limit, MAX_KNN_K);
  for (;;) {
    const rows = statement.all(blob, k, ...(sources ?? []), limit) as { rowid: number; distance: number }[];
    if (rows.length >= limit || k >= total || !sources) return toHits(rows);
    if (k >= MAX_KNN_K) {
      // The matching chunks lie beyond the 4,096 nearest: rank them exactly, with the same distance function.
      const exact = db.prepare(`
        SELECT c.rowid AS rowid, vec_distance_cosine(v.embedding, ?) AS distance
        FROM chunks c JOIN chunks_vec v ON v.rowid = c.rowid
        WHERE c.source IN (${sources.map(() => '?').join(', ')})
        ORDER BY distance, c.rowid
        LIMIT ?`);
      return toHits(exact.all(blob, ...sources, limit) as { rowid: number; distance: number }[]);
    }
    k = Math.min(k * 4, MAX_KNN_K);
  }
}

function toHits(rows: { rowid: number; distance: number }[]): VectorHit[] {
  return rows.map((row) => ({ chunkRowid: row.rowid, cosine: 1 - row.distance }));
}

function activeSources(filter: VectorFilter | undefined): MemorySource[] | null {
  const sources = filter?.sources;
  return sources && sources.length > 0 ? [...new Set(sources)] : null;
}

function countVectors(db: Database.Database): number {
  return (db.prepare('SELECT count(*) AS n FROM chunks_vec').get() as { n: number }).n;
}

function vectorBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}
