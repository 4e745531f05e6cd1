// The vector matrix of each open index (quantized-matrix.ts), scanned instead of sqlite-vec's KNN
// (a scalar loop over its own chunk layout: ~45 ms per query at 100k × 384 here, against ~2 ms).
// sqlite-vec stays the store. The matrix is read from `chunks_vec` on the first vector query and
// then kept in step with the index:
//  - rows this connection writes arrive from FileWriter once their transaction has committed
//    (patchVectorMatrix) and are patched in place — a saved file costs a few µs here, not a reload;
//  - a commit by another connection (PRAGMA data_version) or a schema change (schema_version, e.g.
//    chunks_vec dropped and recreated) makes the next query read the matrix again.
// Anything else that writes chunks or chunks_vec on an engine's connection must call
// invalidateVectorMatrix: SQLite has no cheap way to tell which table its own connection changed.
import type Database from 'better-sqlite3';
import { QuantizedMatrix } from './quantized-matrix.js';
import { loadVectorMatrix } from './vector-matrix-load.js';

/** A row FileWriter wrote (`vector`) or removed (`vector: null`). */
export interface VectorRowChange {
  rowid: number;
  /** chunks.source of the row; unused for a removal. */
  source: string;
  vector: Float32Array | null;
}

interface CachedMatrix {
  /** Null while the index holds no vector and does not declare their dimensions. */
  matrix: QuantizedMatrix | null;
  /** data_version/schema_version it was read at; STALE once invalidated. */
  version: string;
}

const STALE = 'stale';

interface VersionStatements {
  dataVersion: Database.Statement;
  schemaVersion: Database.Statement;
}

const cache = new WeakMap<Database.Database, CachedMatrix>();
const versionStatements = new WeakMap<Database.Database, VersionStatements>();

function indexVersion(db: Database.Database): string {
  let statements = versionStatements.get(db);
  if (!statements) {
    statements = {
      dataVersion: db.prepare('PRAGMA data_version').pluck(),
      schemaVersion: db.prepare('PRAGMA schema_version').pluck(),
    };
    versionStatements.set(db, statements);
  }
  return `${String(statements.dataVersion.get())}/${String(statements.schemaVersion.get())}`;
}

/** The matrix for `db`: read on first use, read again after another connection's commit. */
export function vectorMatrixFor(db: Database.Database): QuantizedMatrix | null {
  const version = indexVersion(db);
  const cached = cache.get(db);
  if (cached?.version === version) return cached.matrix;
  // Read into the old matrix's memory, so two copies never take memory at once.
  cache.delete(db);
  const matrix = loadVectorMatrix(db, { reuse: cached?.matrix ?? null });
  cache.set(db, { matrix, version });
  return matrix;
}

/** Whether `db` has a current matrix in memory (writers report their rows only then). */
export function hasVectorMatrix(db: Database.Database): boolean {
  const cached = cache.get(db);
  return cached !== undefined && cached.version !== STALE;
}

/** The next vector query reads the matrix again (rows were written behind FileWriter's back). */
export function invalidateVectorMatrix(db: Database.Database): void {
  const cached = cache.get(db);
  if (cached) cached.version = STALE;
}

/** Frees the matrix of `db` (the index is being closed). */
export function releaseVectorMatrix(db: Database.Database): void {
  cache.delete(db);
  versionStatements.delete(db);
}

/**
 * Applies committed row changes to the matrix of `db`, if it has one. Call only after the
 * transaction that wrote them has committed: a rolled-back row must never reach the matrix.
 */
export function patchVectorMatrix(db: Database.Database, changes: readonly VectorRowChange[]): void {
  const cached = cache.get(db);
  if (!cached || cached.version === STALE || changes.length === 0) return;
  try {
    for (const change of changes) {
      if (change.vector === null) {
        cached.matrix?.remove(change.rowid);
        continue;
      }
      // An index whose dimensions were unknown when it was read (an empty fallback table).
      cached.matrix ??= new QuantizedMatrix({ dims: change.vector.length, capacity: 64, keepFloats: true });
      cached.matrix.put(change.rowid, change.source, change.vector);
    }
  } catch {
    // Whatever went wrong (say, a 256th source), reading the matrix again gets it right.
    cache.delete(db);
  }
}
