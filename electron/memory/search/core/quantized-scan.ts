// Exact top-k cosine search over a QuantizedMatrix, in three passes:
//  1. prefilter: the int8 codes of every row against an int16 query (dot-kernel.ts), turned into
//     a cosine estimate with a proven error bound per row. Every row whose upper bound reaches the
//     k-th best lower bound is a candidate — no row that belongs in the top k can be left out.
//  2. refine: the candidates' float32 vectors in float64 arithmetic, within sqlite-vec's own
//     rounding margin of the k-th best.
//  3. exact: the survivors' cosines computed exactly as sqlite-vec computes them, ranked by
//     (cosine, rowid) — the same list and the same numbers as sqlite-vec's KNN.
// Passes 2 and 3 see a few hundred rows, so the cost is pass 1's (docs/performance.md).
import type { MemorySource } from '../../../../shared/domain.js';
import { MemoryLensError } from '../../../../shared/errors.js';
import { queryCodeLimit } from './dot-kernel.js';
import type { QuantizedMatrix } from './quantized-matrix.js';

export interface VectorHit {
  chunkRowid: number;
  cosine: number;
}

export interface VectorFilter {
  sources?: MemorySource[];
}

/** What one scan did, for benchmarks. */
export interface ScanStats {
  /** Rows the prefilter could not rule out. */
  candidates: number;
  /** Rows left for the exact pass after the float64 refinement. */
  exact: number;
  /** Float32 vectors read from the index (a matrix that does not keep them in memory). */
  floatsRead: number;
}

/** Slack for float64 rounding in the bound arithmetic (terms are ≤ ~1 in magnitude). */
const ROUNDING_SLACK = 1e-9;

/**
 * The `limit` rows nearest to `queryVec` by cosine similarity, best first, ties by lower rowid —
 * what sqlite-vec's KNN with `ORDER BY distance, rowid` returns, with the same cosines.
 */
export function scanVectorMatrix(
  matrix: QuantizedMatrix,
  queryVec: Float32Array,
  limit: number,
  filter?: VectorFilter,
  stats?: ScanStats,
): VectorHit[] {
  const { dims, count } = matrix;
  if (stats) Object.assign(stats, { candidates: 0, exact: 0, floatsRead: 0 });
  if (limit <= 0 || count === 0) return [];
  if (queryVec.length !== dims) {
    throw new MemoryLensError(
      'INVALID_ARGUMENT',
      `query vector has ${queryVec.length} dimensions, the index stores ${dims}`,
    );
  }
  const allowed = allowedSources(matrix, filter);
  if (allowed === 'none') return [];

  // The query y = t·p + f: int16 codes p, f what they miss (‖f‖ is tiny: ±32k levels).
  const center = matrix.center;
  let maxAbs = 0;
  let norm2 = 0;
  let centerDot = 0;
  for (let i = 0; i < dims; i++) {
    const y = queryVec[i]!;
    norm2 += y * y;
    centerDot += center[i]! * y;
    const a = Math.abs(y);
    if (a > maxAbs) maxAbs = a;
  }
  if (!(norm2 > 0) || !Number.isFinite(norm2)) return [];
  const queryNorm = Math.sqrt(norm2);
  const limitCode = queryCodeLimit(matrix.codes.stride);
  const step = maxAbs / limitCode;
  const inverseStep = limitCode / maxAbs;
  const queryCodes = matrix.codes.query;
  let miss2 = 0;
  for (let i = 0; i < dims; i++) {
    const code = Math.round(queryVec[i]! * inverseStep);
    queryCodes[i] = code;
    const miss = queryVec[i]! - step * code;
    miss2 += miss * miss;
  }
  queryCodes.fill(0, dims);
  matrix.codes.dotAll(count);

  // x·y = m·y + s·t·(c·p) + s·(c·f) + e·y, so with |c·f| ≤ ‖c‖‖f‖ and |e·y| ≤ ‖e‖‖y‖ the cosine
  // lies within errors[row] + slack of the estimate. `slack` also covers sqlite-vec's rounding.
  const scores = matrix.codes.scores;
  const { inverseNorms, scales, errors, sources } = matrix;
  const toCosine = step / queryNorm;
  const centerCosine = centerDot / queryNorm;
  const slack = matrix.codeNormMax * (Math.sqrt(miss2) / queryNorm) + cosineErrorBound(dims) + ROUNDING_SLACK;

  // A min-heap of the best `limit` lower bounds; its top (the floor) only rises, so a row whose
  // upper bound is below the floor when seen is below it at the end too.
  const heap = new Float64Array(limit);
  let heapSize = 0;
  let candidates: Int32Array = new Int32Array(Math.max(64, limit * 8));
  let candidateCount = 0;
  for (let row = 0; row < count; row++) {
    const inverseNorm = inverseNorms[row]!;
    if (inverseNorm === 0) continue;
    if (allowed !== null && allowed[sources[row]!] === 0) continue;
    const estimate = inverseNorm * centerCosine + scales[row]! * toCosine * scores[row]!;
    const bound = errors[row]! + slack;
    if (heapSize === limit && estimate + bound < heap[0]!) continue;
    if (candidateCount === candidates.length) candidates = grownInt32(candidates);
    candidates[candidateCount++] = row;
    const lower = estimate - bound;
    if (heapSize < limit) heapPush(heap, heapSize++, lower);
    else if (lower > heap[0]!) heapReplaceTop(heap, heapSize, lower);
  }
  const floor = heapSize === limit ? heap[0]! : -Infinity;
  let kept = 0;
  for (let c = 0; c < candidateCount; c++) {
    const row = candidates[c]!;
    const estimate = inverseNorms[row]! * centerCosine + scales[row]! * toCosine * scores[row]!;
    if (estimate + errors[row]! + slack >= floor) candidates[kept++] = row;
  }

  const vectors = candidateVectors(matrix, candidates, kept);
  if (stats) {
    stats.candidates = kept;
    stats.floatsRead = matrix.keepsFloats ? 0 : kept;
  }

  // Refine: float64 cosines are within cosineErrorBound of sqlite-vec's.
  const margin = cosineErrorBound(dims) + ROUNDING_SLACK;
  const refined = new Float64Array(kept);
  const lowers: number[] = [];
  for (let c = 0; c < kept; c++) {
    const vector = vectors[c];
    if (!vector) {
      refined[c] = Number.NaN;
      continue;
    }
    let s0 = 0;
    let s1 = 0;
    let i = 0;
    for (; i + 1 < dims; i += 2) {
      s0 += queryVec[i]! * vector[i]!;
      s1 += queryVec[i + 1]! * vector[i + 1]!;
    }
    if (i < dims) s0 += queryVec[i]! * vector[i]!;
    refined[c] = ((s0 + s1) * inverseNorms[candidates[c]!]!) / queryNorm;
    lowers.push(refined[c]! - margin);
  }
  let refinedFloor = -Infinity;
  if (lowers.length >= limit) {
    lowers.sort((a, b) => b - a);
    refinedFloor = lowers[limit - 1]!;
  }

  // Exact: sqlite-vec's arithmetic, so cosines and order are its.
  const exactQuery = Float32Array.from(queryVec);
  const queryMagnitude = magnitudeFloat32(exactQuery, 0, dims);
  const hits: VectorHit[] = [];
  for (let c = 0; c < kept; c++) {
    if (!(refined[c]! + margin >= refinedFloor)) continue;
    const distance = cosineDistanceLikeSqliteVec(exactQuery, queryMagnitude, vectors[c]!, 0);
    if (Number.isNaN(distance)) continue;
    hits.push({ chunkRowid: matrix.rowids[candidates[c]!]!, cosine: 1 - distance });
  }
  if (stats) stats.exact = hits.length;
  hits.sort((a, b) => b.cosine - a.cosine || a.chunkRowid - b.chunkRowid);
  if (hits.length > limit) hits.length = limit;
  return hits;
}

/** The float32 vectors of the candidate rows: from memory, or read from the index in one go. */
function candidateVectors(matrix: QuantizedMatrix, rows: Int32Array, count: number): (Float32Array | undefined)[] {
  const out: (Float32Array | undefined)[] = new Array(count);
  if (matrix.keepsFloats) {
    for (let c = 0; c < count; c++) out[c] = matrix.floatRow(rows[c]!)!;
    return out;
  }
  if (!matrix.readFloats)
    throw new MemoryLensError('INTERNAL', 'the vector matrix keeps no float32 rows and has no way to read them');
  const rowids = Array.from(rows.subarray(0, count), (row) => matrix.rowids[row]!);
  const read = matrix.readFloats(rowids);
  for (let c = 0; c < count; c++) {
    const vector = read.get(rowids[c]!);
    // A vector that is gone (or changed length) since the matrix was read is no longer a result.
    out[c] = vector && vector.length === matrix.dims ? vector : undefined;
  }
  return out;
}

/**
 * Largest difference between a cosine computed in float64 and sqlite-vec's. Float32 accumulation
 * of n products, in any order, errs by at most γₙ = n·2⁻²⁴/(1 - n·2⁻²⁴) relative to Σ|aᵢbᵢ| ≤
 * ‖a‖‖b‖: sqlite-vec's dot product by γₙ and its two float32 magnitudes by γₙ (γₙ/2 each after
 * sqrt), and the float32 results round once or twice more.
 */
export function cosineErrorBound(dims: number): number {
  const u = 2 ** -24;
  const gamma = (dims * u) / (1 - dims * u);
  return 3.5 * gamma + 8 * u;
}

function allowedSources(matrix: QuantizedMatrix, filter: VectorFilter | undefined): Uint8Array | null | 'none' {
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

function grownInt32(from: Int32Array): Int32Array {
  const to = new Int32Array(from.length * 2);
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
export function cosineDistanceLikeSqliteVec(
  query: Float32Array,
  queryMagnitude: number,
  vectors: Float32Array,
  offset: number,
): number {
  let dot = 0;
  let magnitude = 0;
  for (let i = 0; i < query.length; i++) {
    const x = vectors[offset + i]!;
    dot = Math.fround(dot + Math.fround(query[i]! * x));
    magnitude = Math.fround(magnitude + Math.fround(x * x));
  }
  return Math.fround(1 - dot / (Math.sqrt(queryMagnitude) * Math.sqrt(magnitude)));
}
