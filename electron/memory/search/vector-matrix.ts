// Every stored vector in one contiguous Float32Array, scanned with a WebAssembly SIMD kernel
// (dot-kernel.ts; a JS loop when that is unavailable). sqlite-vec 0.1.9's KNN is a scalar loop
// over its own chunk layout (~110–160 ms CPU per query at 100k × 384 here).
// sqlite-vec stays the store: the matrix is read from `chunks_vec` on the first vector query and
// read again whenever this connection or another one has written the index since.
//
// Results are sqlite-vec's, bit for bit: the fast scan only picks candidates (with a margin that
// covers the gap between its arithmetic and sqlite-vec's), and the candidates' cosines are then
// computed exactly as sqlite-vec computes them and ranked by (cosine, rowid). The one difference:
// when equal cosines straddle the cut-off, the lower rowids are kept (sqlite-vec keeps whichever
// its chunked scan meets last).
import type Database from 'better-sqlite3';
import type { MemorySource } from '../../../shared/domain.js';
import { MemoryLensError } from '../../../shared/errors.js';
import type { ScanMemory } from './dot-kernel.js';
import { loadVectorMatrix } from './vector-matrix-load.js';

export { loadVectorMatrix };

export interface VectorHit {
  chunkRowid: number;
  cosine: number;
}

export interface VectorFilter {
  sources?: MemorySource[];
}

export interface VectorMatrix {
  readonly dims: number;
  /** Rows in use; `vectors` holds `count × dims` floats, row i at `i × dims`. */
  readonly count: number;
  readonly vectors: Float32Array;
  /** chunks.rowid of each row. */
  readonly rowids: Float64Array;
  /** Index into `sourceNames` of each row's chunks.source. */
  readonly sources: Uint8Array;
  readonly sourceNames: readonly string[];
  /** 1 / ‖row‖ in float64; 0 for an all-zero row, which sqlite-vec can never return (NaN distance). */
  readonly inverseNorms: Float64Array;
  /** How long reading it from the index took. */
  readonly loadMs: number;
  /** The SIMD kernel whose memory holds `vectors`, or null (then a JS loop scans them). */
  readonly kernel: ScanMemory | null;
  /** 'vec0-storage' when read from sqlite-vec's storage tables, else 'table' (through `chunks_vec`). */
  readonly loadedFrom: 'vec0-storage' | 'table';
}

/**
 * What has changed in the index since the matrix was read: this connection's row changes
 * (total_changes counts vec0 inserts and deletes too), commits by other connections
 * (data_version) and schema changes (schema_version, e.g. chunks_vec dropped and recreated).
 */
function indexVersion(db: Database.Database, statements: VersionStatements): string {
  return `${String(statements.changes.get())}/${String(statements.dataVersion.get())}/${String(statements.schemaVersion.get())}`;
}

interface VersionStatements {
  changes: Database.Statement;
  dataVersion: Database.Statement;
  schemaVersion: Database.Statement;
}

interface CachedMatrix {
  matrix: VectorMatrix;
  version: string;
}

const cache = new WeakMap<Database.Database, CachedMatrix>();
const versionStatements = new WeakMap<Database.Database, VersionStatements>();

function statementsFor(db: Database.Database): VersionStatements {
  let statements = versionStatements.get(db);
  if (!statements) {
    statements = {
      changes: db.prepare('SELECT total_changes()').pluck(),
      dataVersion: db.prepare('PRAGMA data_version').pluck(),
      schemaVersion: db.prepare('PRAGMA schema_version').pluck(),
    };
    versionStatements.set(db, statements);
  }
  return statements;
}

/**
 * The matrix for `db`, read on first use and read again when the index has been written since.
 * Any write reloads it (~0.7–1 s CPU at 100k × 384 here) — writes come in bursts (a sync, a saved
 * file), searches in between.
 */
export function vectorMatrixFor(db: Database.Database): VectorMatrix {
  const statements = statementsFor(db);
  const version = indexVersion(db, statements);
  if (cache.get(db)?.version === version) return cache.get(db)!.matrix;
  // Drop the old matrix before reading the new one, so both never take memory at once.
  cache.delete(db);
  const matrix = loadVectorMatrix(db);
  cache.set(db, { matrix, version });
  return matrix;
}

/** Whether `db` has a matrix in memory right now. */
export function hasVectorMatrix(db: Database.Database): boolean {
  return cache.has(db);
}

/** Frees the matrix of `db` (the index is being closed). */
export function releaseVectorMatrix(db: Database.Database): void {
  cache.delete(db);
  versionStatements.delete(db);
}

/**
 * The `limit` rows nearest to `queryVec` by cosine similarity, best first, ties by lower rowid —
 * what sqlite-vec's KNN with `ORDER BY distance, rowid` returns, with the same cosines.
 */
export function scanVectorMatrix(matrix: VectorMatrix, queryVec: Float32Array, limit: number, filter?: VectorFilter): VectorHit[] {
  const { dims, count, vectors, inverseNorms, sources } = matrix;
  if (limit <= 0 || count === 0) return [];
  if (queryVec.length !== dims) {
    throw new MemoryLensError('INVALID_ARGUMENT', `query vector has ${queryVec.length} dimensions, the index stores ${dims}`);
  }
  const allowed = allowedSources(matrix, filter);
  if (allowed === 'none') return [];

  const query = Float64Array.from(queryVec);
  let queryNorm = 0;
  for (let i = 0; i < dims; i++) queryNorm += query[i]! * query[i]!;
  if (!(queryNorm > 0)) return [];
  const inverseQueryNorm = 1 / Math.sqrt(queryNorm);

  // Fast pass: approximate cosines (SIMD float32 dot products, or a float64 JS loop). A min-heap holds the best `limit` scores; every row within
  // `margin` of the heap's floor at the time it is seen is kept as a candidate. The floor only
  // rises, so at the end the candidates include every row within `margin` of the final floor.
  const margin = 2 * cosineErrorBound(dims);
  const heap = new Float64Array(limit);
  let heapSize = 0;
  let candidateRows = new Int32Array(Math.max(64, limit * 4));
  let candidateScores = new Float64Array(candidateRows.length);
  let candidates = 0;
  const unrolled = dims - (dims % 8);
  const kernel = matrix.kernel;
  if (kernel) {
    kernel.query.set(queryVec);
    kernel.dotAll(count);
  }
  const dots = kernel?.scores;
  for (let row = 0, base = 0; row < count; row++, base += dims) {
    if (allowed !== null && allowed[sources[row]!] === 0) continue;
    const inverseNorm = inverseNorms[row]!;
    if (inverseNorm === 0) continue;
    let dot: number;
    if (dots) {
      dot = dots[row]!;
    } else {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let i = 0;
      for (; i < unrolled; i += 8) {
        const b = base + i;
        s0 += query[i]! * vectors[b]! + query[i + 4]! * vectors[b + 4]!;
        s1 += query[i + 1]! * vectors[b + 1]! + query[i + 5]! * vectors[b + 5]!;
        s2 += query[i + 2]! * vectors[b + 2]! + query[i + 6]! * vectors[b + 6]!;
        s3 += query[i + 3]! * vectors[b + 3]! + query[i + 7]! * vectors[b + 7]!;
      }
      for (; i < dims; i++) s0 += query[i]! * vectors[base + i]!;
      dot = s0 + s1 + (s2 + s3);
    }
    const score = dot * inverseNorm * inverseQueryNorm;

    if (heapSize === limit ? !(score >= heap[0]! - margin) : Number.isNaN(score)) continue;
    if (candidates === candidateRows.length) {
      candidateRows = grow(candidateRows, new Int32Array(candidates * 2));
      candidateScores = grow(candidateScores, new Float64Array(candidates * 2));
    }
    candidateRows[candidates] = row;
    candidateScores[candidates] = score;
    candidates++;
    if (heapSize < limit) heapPush(heap, heapSize++, score);
    else if (score > heap[0]!) heapReplaceTop(heap, heapSize, score);
  }
  const floor = heapSize === limit ? heap[0]! - margin : -Infinity;

  // Exact pass over the candidates: sqlite-vec's own arithmetic, so cosines and order are its.
  const exactQuery = Float32Array.from(queryVec);
  const queryMagnitude = magnitudeFloat32(exactQuery, 0, dims);
  const hits: VectorHit[] = [];
  for (let c = 0; c < candidates; c++) {
    if (candidateScores[c]! < floor) continue;
    const row = candidateRows[c]!;
    const distance = cosineDistanceLikeSqliteVec(exactQuery, queryMagnitude, vectors, row * dims);
    if (Number.isNaN(distance)) continue;
    hits.push({ chunkRowid: matrix.rowids[row]!, cosine: 1 - distance });
  }
  hits.sort((a, b) => b.cosine - a.cosine || a.chunkRowid - b.chunkRowid);
  if (hits.length > limit) hits.length = limit;
  return hits;
}

/**
 * Largest difference between the fast pass's cosine and sqlite-vec's. Float32 accumulation of n
 * products, in any order, errs by at most γₙ = n·2⁻²⁴/(1 - n·2⁻²⁴) relative to Σ|aᵢbᵢ| ≤ ‖a‖‖b‖:
 * sqlite-vec's dot product by γₙ and its two float32 magnitudes by γₙ (γₙ/2 each after sqrt), the
 * SIMD kernel's dot product by γₙ (the JS loop's float64 sum by far less), and the float32 results
 * round once or twice more.
 */
export function cosineErrorBound(dims: number): number {
  const u = 2 ** -24;
  const gamma = (dims * u) / (1 - dims * u);
  return 3.5 * gamma + 8 * u;
}

function allowedSources(matrix: VectorMatrix, filter: VectorFilter | undefined): Uint8Array | null | 'none' {
  const wanted = filter?.sources;
  if (!wanted || wanted.length === 0) return null;
  const allowed = new Uint8Array(256);
  let any = false;
  matrix.sourceNames.forEach((name, code) => {
    if ((wanted as string[]).includes(name)) {
      allowed[code] = 1;
      any = true;
    }
  });
  return any ? allowed : 'none';
}

function grow<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

function heapPush(heap: Float64Array, size: number, value: number): void {
  let i = size;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent]! <= value) break;
    heap[i] = heap[parent]!;
    i = parent;
  }
  heap[i] = value;
}

function heapReplaceTop(heap: Float64Array, size: number, value: number): void {
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= size) break;
    const right = left + 1;
    const child = right < size && heap[right]! < heap[left]! ? right : left;
    if (heap[child]! >= value) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = value;
}

/** |v|² accumulated in float32, as sqlite-vec's C loop does it. */
function magnitudeFloat32(v: Float32Array, offset: number, dims: number): number {
  let sum = 0;
  for (let i = 0; i < dims; i++) sum = Math.fround(sum + Math.fround(v[offset + i]! * v[offset + i]!));
  return sum;
}

/**
 * sqlite-vec 0.1.9's distance_cosine_float: float accumulators for a·b and |b|² in one pass,
 * then 1 - dot / (sqrt(|a|²) · sqrt(|b|²)) in double, returned as float. Math.fround after each
 * step reproduces the float32 arithmetic exactly (double rounding is exact for + and ×).
 */
export function cosineDistanceLikeSqliteVec(query: Float32Array, queryMagnitude: number, vectors: Float32Array, offset: number): number {
  let dot = 0;
  let magnitude = 0;
  for (let i = 0; i < query.length; i++) {
    const x = vectors[offset + i]!;
    dot = Math.fround(dot + Math.fround(query[i]! * x));
    magnitude = Math.fround(magnitude + Math.fround(x * x));
  }
  return Math.fround(1 - dot / (Math.sqrt(queryMagnitude) * Math.sqrt(magnitude)));
}
