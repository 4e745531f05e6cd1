import { describe, expect, it } from 'vitest';
import type { MemorySource } from '../../../../shared/domain.js';
import { meanVector, QuantizedMatrix } from './quantized-matrix.js';
import { cosineDistanceLikeSqliteVec, scanVectorMatrix } from './quantized-scan.js';
import type { ScanStats, VectorHit } from './quantized-scan.js';

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

type Shape = 'isotropic' | 'anisotropic';

/**
 * Unit vectors. 'anisotropic' ones share a large common direction, as real sentence embeddings
 * do (unrelated passages at cosine ~0.7–0.8): the hard case for a quantised prefilter.
 */
function generator(seed: number, dims: number, shape: Shape): () => Float32Array {
  const random = seeded(seed);
  const gauss = () => random() + random() + random() - 1.5;
  const common = Array.from({ length: dims }, gauss);
  const commonNorm = Math.hypot(...common);
  return () => {
    const v = new Float32Array(dims);
    let norm = 0;
    for (let i = 0; i < dims; i++) {
      const noise = gauss() / Math.sqrt(dims / 4);
      const x = shape === 'anisotropic' ? 0.35 * noise + (0.8 * common[i]!) / commonNorm : noise;
      v[i] = x;
      norm += x * x;
    }
    for (let i = 0; i < dims; i++) v[i] = v[i]! / Math.sqrt(norm);
    return v;
  };
}

function build(
  vectors: Float32Array[],
  sourceOf: (i: number) => MemorySource,
  options: { keepFloats?: boolean; allowSimd?: boolean; centered?: boolean } = {},
): QuantizedMatrix {
  const dims = vectors[0]!.length;
  const byRowid = new Map(vectors.map((v, i) => [i + 1, v]));
  const matrix = new QuantizedMatrix({
    dims,
    capacity: 16,
    keepFloats: options.keepFloats ?? true,
    readFloats: (rowids) => new Map(rowids.map((rowid) => [rowid, Float32Array.from(byRowid.get(rowid)!)])),
    center: options.centered === false ? null : meanVector(vectors.slice(0, 1000), dims),
    centerRows: Math.min(1000, vectors.length),
    ...(options.allowSimd === false ? { allowSimd: false } : {}),
  });
  for (const name of ['memory', 'sessions']) matrix.sourceCode(name);
  vectors.forEach((v, i) => matrix.append(i + 1, matrix.sourceCode(sourceOf(i)), v));
  return matrix;
}

/** Every row's cosine in sqlite-vec's arithmetic, ranked by (cosine, rowid): the answer by definition. */
function bruteForce(
  rows: Map<number, { vector: Float32Array; source: MemorySource }>,
  query: Float32Array,
  limit: number,
  sources?: MemorySource[],
): VectorHit[] {
  const q = Float32Array.from(query);
  let magnitude = 0;
  for (const x of q) magnitude = Math.fround(magnitude + Math.fround(x * x));
  const hits: VectorHit[] = [];
  for (const [rowid, { vector, source }] of rows) {
    if (sources && !sources.includes(source)) continue;
    const distance = cosineDistanceLikeSqliteVec(q, magnitude, vector, 0);
    if (!Number.isNaN(distance)) hits.push({ chunkRowid: rowid, cosine: 1 - distance });
  }
  hits.sort((a, b) => b.cosine - a.cosine || a.chunkRowid - b.chunkRowid);
  return hits.slice(0, limit);
}

describe('quantised prefilter + exact rescoring', () => {
  for (const shape of ['isotropic', 'anisotropic'] as const) {
    it(`returns exactly the brute-force top-k with identical cosines (${shape} vectors, 4,000 × 384)`, () => {
      const next = generator(shape === 'isotropic' ? 31 : 32, 384, shape);
      const vectors = Array.from({ length: 4000 }, next);
      const sourceOf = (i: number): MemorySource => (i % 6 === 0 ? 'sessions' : 'memory');
      const rows = new Map(vectors.map((vector, i) => [i + 1, { vector, source: sourceOf(i) }]));
      const matrix = build(vectors, sourceOf);
      const random = seeded(5);
      const stats: ScanStats = { candidates: 0, exact: 0, floatsRead: 0 };
      const candidateCounts: number[] = [];
      for (let q = 0; q < 16; q++) {
        // Half are stored vectors nudged a little: near-duplicates crowd the top of the list.
        const query = q % 2 === 0 ? next() : vectors[q * 211]!.map((x) => x + (random() - 0.5) * 0.004);
        for (const sources of [undefined, ['sessions' as MemorySource]]) {
          for (const limit of [1, 10, 50, 200]) {
            const got = scanVectorMatrix(matrix, query, limit, sources ? { sources } : undefined, stats);
            expect(got).toEqual(bruteForce(rows, query, limit, sources));
            if (limit === 50 && !sources) candidateCounts.push(stats.candidates);
          }
        }
      }
      // The prefilter does prune: a few percent of the rows reach the float pass.
      expect(Math.max(...candidateCounts)).toBeLessThan(vectors.length / 8);
    });
  }

  it('the JS loop, a matrix without a centre, and one reading its finalists from the index agree', () => {
    const next = generator(33, 96, 'anisotropic');
    const vectors = Array.from({ length: 1500 }, next);
    const sourceOf = (): MemorySource => 'memory';
    const rows = new Map(vectors.map((vector, i) => [i + 1, { vector, source: sourceOf() }]));
    const matrices = [
      build(vectors, sourceOf, { allowSimd: false }),
      build(vectors, sourceOf, { centered: false }),
      build(vectors, sourceOf, { keepFloats: false }),
    ];
    expect(matrices[0]!.codes.simd).toBe(false);
    expect(matrices[2]!.keepsFloats).toBe(false);
    const stats: ScanStats = { candidates: 0, exact: 0, floatsRead: 0 };
    for (let q = 0; q < 8; q++) {
      const query = next();
      const expected = bruteForce(rows, query, 30);
      for (const matrix of matrices) expect(scanVectorMatrix(matrix, query, 30, undefined, stats)).toEqual(expected);
      expect(stats.floatsRead).toBe(stats.candidates);
    }
  });

  it('rows put, replaced and removed in place give what a matrix built from scratch gives', () => {
    const next = generator(34, 64, 'anisotropic');
    const rows = new Map<number, { vector: Float32Array; source: MemorySource }>();
    // Starts empty and grows from nothing: the centre is re-computed as it fills.
    const matrix = new QuantizedMatrix({ dims: 64, capacity: 4, keepFloats: true });
    const random = seeded(6);
    for (let step = 0; step < 3000; step++) {
      const rowid = 1 + Math.floor(random() * 1500);
      if (random() < 0.25) {
        matrix.remove(rowid);
        rows.delete(rowid);
      } else {
        const vector = next();
        const source: MemorySource = rowid % 3 === 0 ? 'sessions' : 'memory';
        matrix.put(rowid, source, vector);
        rows.set(rowid, { vector, source });
      }
    }
    expect(matrix.count).toBe(rows.size);
    expect(matrix.centerRows).toBeGreaterThanOrEqual(Math.min(512, rows.size));
    for (let q = 0; q < 10; q++) {
      const query = next();
      expect(scanVectorMatrix(matrix, query, 40)).toEqual(bruteForce(rows, query, 40));
      expect(scanVectorMatrix(matrix, query, 40, { sources: ['sessions'] })).toEqual(
        bruteForce(rows, query, 40, ['sessions']),
      );
    }
  });

  it('skips zero vectors, never returns rows of a source not asked for, and refuses a query of the wrong length', () => {
    const matrix = new QuantizedMatrix({ dims: 8, capacity: 4, keepFloats: true });
    const unit = Float32Array.from([1, 0, 0, 0, 0, 0, 0, 0]);
    matrix.put(1, 'memory', unit);
    matrix.put(2, 'memory', new Float32Array(8));
    matrix.put(3, 'sessions', Float32Array.from([0, 1, 0, 0, 0, 0, 0, 0]));
    expect(matrix.put(4, 'memory', new Float32Array(4))).toBe(false);
    expect(scanVectorMatrix(matrix, unit, 10).map((h) => h.chunkRowid)).toEqual([1, 3]);
    expect(scanVectorMatrix(matrix, unit, 10, { sources: ['sessions'] })).toEqual([{ chunkRowid: 3, cosine: 0 }]);
    expect(scanVectorMatrix(matrix, new Float32Array(8), 10)).toEqual([]);
    expect(() => scanVectorMatrix(matrix, new Float32Array(4).fill(1), 10)).toThrow(/dimensions/);
  });
});
