// Nearest chunks to a query vector. With sqlite-vec, a KNN query on the vec0 table `chunks_vec`;
// without it (or on the plain fallback table), a JS scan over the same stored float32 vectors that
// ranks identically. Both return cosine similarity = 1 - cosine distance, best first.
import type Database from 'better-sqlite3';
import type { MemorySource } from '../../../shared/domain.js';
import { MemoryLensError } from '../../../shared/errors.js';

export interface VectorHit {
  chunkRowid: number;
  cosine: number;
}

export interface VectorFilter {
  sources?: MemorySource[];
}

export type VectorTableKind = 'vec0' | 'plain' | 'none';

/** sqlite-vec refuses k above 4096; more candidates than that never reach fusion anyway. */
export const MAX_KNN_K = 4096;

export function vectorSearch(db: Database.Database, queryVec: Float32Array, limit: number, filter?: VectorFilter): VectorHit[] {
  const kind = vectorTableKind(db);
  if (kind === 'none' || limit <= 0) return [];
  if (kind === 'plain') return vectorSearchScan(db, queryVec, limit, filter);
  if (!sqliteVecLoaded(db)) {
    throw new MemoryLensError('UNAVAILABLE', 'the index stores vectors in sqlite-vec, which is not loaded');
  }
  return vectorSearchKnn(db, queryVec, limit, filter);
}

/** How `chunks_vec` is stored in this index (H2's schema.ts creates it once the dims are known). */
export function vectorTableKind(db: Database.Database): VectorTableKind {
  const row = db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'chunks_vec'").get() as { sql: string | null } | undefined;
  if (!row) return 'none';
  return /using\s+vec0/i.test(row.sql ?? '') ? 'vec0' : 'plain';
}

const vecLoaded = new WeakMap<Database.Database, boolean>();

export function sqliteVecLoaded(db: Database.Database): boolean {
  let loaded = vecLoaded.get(db);
  if (loaded === undefined) {
    try {
      db.prepare('SELECT vec_version()').get();
      loaded = true;
    } catch {
      loaded = false;
    }
    vecLoaded.set(db, loaded);
  }
  return loaded;
}

/**
 * sqlite-vec KNN. A source filter is applied after the KNN (vec0 has no source column), so k
 * grows until `limit` matching chunks are found, every vector has been considered, or k reaches
 * sqlite-vec's cap — then the matching chunks are ranked exactly instead.
 */
export function vectorSearchKnn(db: Database.Database, queryVec: Float32Array, limit: number, filter?: VectorFilter): VectorHit[] {
  if (limit <= 0) return [];
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

/**
 * Exact scan in JS over `chunks_vec` (vec0 or plain table alike). It computes the cosine distance
 * the way sqlite-vec does — float32 accumulation, then 1 - dot / (sqrt(|a|²)·sqrt(|b|²)) rounded
 * to float32 — so both backends produce the same numbers and therefore the same order.
 */
export function vectorSearchScan(db: Database.Database, queryVec: Float32Array, limit: number, filter?: VectorFilter): VectorHit[] {
  if (limit <= 0) return [];
  const sources = activeSources(filter);
  const sourceClause = sources ? `WHERE c.source IN (${sources.map(() => '?').join(', ')})` : '';
  const rows = db
    .prepare(`SELECT v.rowid, v.embedding FROM chunks_vec v JOIN chunks c ON c.rowid = v.rowid ${sourceClause}`)
    .raw()
    .iterate(...(sources ?? [])) as IterableIterator<[number, Buffer]>;
  const query = Float32Array.from(queryVec);
  const queryMagnitude = dotFloat32(query, query);
  const best = new TopK(limit);
  for (const [rowid, blob] of rows) {
    const vector = floatsOf(blob);
    if (vector.length !== query.length) continue;
    const distance = cosineDistanceLikeSqliteVec(query, queryMagnitude, vector);
    if (Number.isNaN(distance)) continue;
    best.offer(rowid, 1 - distance);
  }
  return best.sorted();
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

/** SQLite hands back BLOBs at any byte offset; Float32Array needs 4-byte alignment. */
function floatsOf(blob: Buffer): Float32Array {
  if (blob.byteOffset % 4 === 0) return new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength >> 2);
  return new Float32Array(Uint8Array.prototype.slice.call(blob).buffer);
}

/** Dot product accumulated in float32, as sqlite-vec's C loop does it. */
function dotFloat32(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum = Math.fround(sum + Math.fround(a[i]! * b[i]!));
  return sum;
}

/**
 * sqlite-vec 0.1.9's distance_cosine_float: float accumulators for a·b and |b|² in one pass,
 * then 1 - dot / (sqrt(|a|²) · sqrt(|b|²)) in double, returned as float. Math.fround after each
 * step reproduces the float32 arithmetic exactly (double rounding is exact for + and ×).
 */
function cosineDistanceLikeSqliteVec(query: Float32Array, queryMagnitude: number, vector: Float32Array): number {
  let dot = 0;
  let magnitude = 0;
  for (let i = 0; i < vector.length; i++) {
    const x = vector[i]!;
    dot = Math.fround(dot + Math.fround(query[i]! * x));
    magnitude = Math.fround(magnitude + Math.fround(x * x));
  }
  return Math.fround(1 - dot / (Math.sqrt(queryMagnitude) * Math.sqrt(magnitude)));
}

/** Keeps the `limit` best hits; ties go to the lower rowid, as in the KNN's ORDER BY. */
class TopK {
  private readonly hits: VectorHit[] = [];

  constructor(private readonly limit: number) {}

  offer(chunkRowid: number, cosine: number): void {
    const hits = this.hits;
    if (hits.length === this.limit && !better(cosine, chunkRowid, hits[hits.length - 1]!)) return;
    let lo = 0;
    let hi = hits.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (better(cosine, chunkRowid, hits[mid]!)) hi = mid;
      else lo = mid + 1;
    }
    hits.splice(lo, 0, { chunkRowid, cosine });
    if (hits.length > this.limit) hits.pop();
  }

  sorted(): VectorHit[] {
    return this.hits;
  }
}

function better(cosine: number, rowid: number, than: VectorHit): boolean {
  return cosine > than.cosine || (cosine === than.cosine && rowid < than.chunkRowid);
}
