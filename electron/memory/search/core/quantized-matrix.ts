// Every stored vector of an index, held for fast exact search (quantized-scan.ts): int8 codes for
// the prefilter (dot-kernel.ts), each row's quantisation error for a proven bound, and — while they
// fit the memory budget — the float32 vectors themselves for the exact pass.
//
// A row x is stored as x = m + s·c + e: m the matrix's centre (the mean of a sample of rows: real
// embeddings share a large common direction, and quantising what is left of them errs 2–3× less),
// c int8 codes with s = max|x − m| / 127, e what the codes miss. ‖e‖ is kept per row, so a scan can
// bound |e·y| ≤ ‖e‖·‖y‖ for any query y and never lose a row that belongs in the top k.
//
// Rows are dense: a removed row is replaced by the last one. Sync patches rows in place (put,
// remove) as it writes them, so a write never costs a reload of the whole matrix.
import { MemoryLensError } from '../../../../shared/errors.js';
import { createCodeMemory, ROW_CODE_LIMIT } from './dot-kernel.js';
import type { CodeMemory } from './dot-kernel.js';

/** Rows the centre is computed from; a matrix loaded with fewer re-centres as it grows (with floats kept). */
export const CENTER_SAMPLE_ROWS = 4096;

/** Float32 rows are kept in pages, so growing never copies them. */
const FLOAT_PAGE_ROWS = 1024;

/** Reads the float32 vectors of chunk rowids from the index, for a matrix that does not keep them. */
export type FloatReader = (rowids: readonly number[]) => Map<number, Float32Array>;

export interface QuantizedMatrixInit {
  dims: number;
  /** Rows to allocate for; the matrix grows past it as needed. */
  capacity: number;
  /** Keep every float32 vector in memory for the exact pass; otherwise `readFloats` fetches finalists. */
  keepFloats: boolean;
  readFloats?: FloatReader | null;
  /** The centre and how many rows it was computed from; zeros and 0 when absent. */
  center?: Float64Array | null;
  centerRows?: number;
  /** False forces the JS loop instead of the SIMD kernel (tests). */
  allowSimd?: boolean;
}

export class QuantizedMatrix {
  readonly dims: number;
  count = 0;
  readonly codes: CodeMemory;
  /** chunks.rowid of each row. */
  rowids: Float64Array;
  /** Index into `sourceNames` of each row's chunks.source. */
  sources: Uint8Array;
  /** 1/‖x‖, or 0 for an all-zero vector (sqlite-vec's cosine is NaN for it: never returned). */
  inverseNorms: Float64Array;
  /** s/‖x‖: turns an integer dot product into a cosine. */
  scales: Float64Array;
  /** ‖e‖/‖x‖: the row's share of the prefilter's error bound. */
  errors: Float64Array;
  /** Largest s·‖c‖/‖x‖ of any row (≈ 1): bounds the query's own rounding. Only grows. */
  codeNormMax = 0;
  readonly sourceNames: string[] = [];
  readonly readFloats: FloatReader | null;
  /** How long reading it from the index took, from where, and how many times it has been read. */
  loadMs = 0;
  loads = 0;
  loadedFrom: 'vec0-storage' | 'table' | 'empty' = 'empty';
  private centerVector: Float64Array;
  private centerRowCount: number;
  private readonly sourceCodes = new Map<string, number>();
  private readonly pages: Float32Array[] | null;
  private rowOf: Map<number, number> | null = null;
  private readonly simdAllowed: boolean;

  constructor(init: QuantizedMatrixInit) {
    if (!Number.isInteger(init.dims) || init.dims <= 0)
      throw new MemoryLensError('INTERNAL', `invalid vector dimensions ${init.dims}`);
    this.dims = init.dims;
    const capacity = Math.max(16, init.capacity);
    this.simdAllowed = init.allowSimd !== false;
    this.codes = createCodeMemory(capacity, init.dims, this.simdAllowed ? {} : { allowSimd: false });
    this.rowids = new Float64Array(capacity);
    this.sources = new Uint8Array(capacity);
    this.inverseNorms = new Float64Array(capacity);
    this.scales = new Float64Array(capacity);
    this.errors = new Float64Array(capacity);
    this.pages = init.keepFloats ? [] : null;
    this.readFloats = init.readFloats ?? null;
    this.centerVector = init.center ?? new Float64Array(init.dims);
    this.centerRowCount = init.center ? (init.centerRows ?? 0) : 0;
  }

  get center(): Float64Array {
    return this.centerVector;
  }

  get centerRows(): number {
    return this.centerRowCount;
  }

  /** True when the exact pass reads float32 rows from memory rather than from the index. */
  get keepsFloats(): boolean {
    return this.pages !== null;
  }

  get capacity(): number {
    return this.rowids.length;
  }

  /** Bytes held: codes (+ scratch), float32 rows, per-row numbers. */
  memoryBytes(): { codes: number; floats: number; rows: number } {
    const pageBytes = FLOAT_PAGE_ROWS * this.dims * 4;
    return {
      codes: this.codes.codes.byteLength + this.codes.scores.byteLength,
      floats: (this.pages?.length ?? 0) * pageBytes,
      rows: this.capacity * (8 + 1 + 8 * 3),
    };
  }

  sourceCode(name: string): number {
    let code = this.sourceCodes.get(name);
    if (code === undefined) {
      if (this.sourceNames.length === 255)
        throw new MemoryLensError('INTERNAL', 'more than 255 distinct chunk sources');
      code = this.sourceNames.length;
      this.sourceNames.push(name);
      this.sourceCodes.set(name, code);
    }
    return code;
  }

  /** The float32 vector of `row`, when the matrix keeps them (a view: copy it to keep it). */
  floatRow(row: number): Float32Array | null {
    if (!this.pages || row >= this.count) return null;
    const offset = (row % FLOAT_PAGE_ROWS) * this.dims;
    return this.pages[Math.floor(row / FLOAT_PAGE_ROWS)]!.subarray(offset, offset + this.dims);
  }

  /**
   * Adds a row the matrix does not have yet (loading: rowids are unique there). A vector of
   * another length is skipped, as sqlite-vec would never compare it; returns whether it was added.
   */
  append(rowid: number, source: number, vector: Float32Array): boolean {
    if (vector.length !== this.dims) return false;
    const row = this.count;
    this.ensureCapacity(row + 1);
    this.count = row + 1;
    this.writeRow(row, rowid, source, vector);
    this.rowOf?.set(rowid, row);
    return true;
  }

  /** Adds or replaces the row of `rowid` (sync wrote its vector). */
  put(rowid: number, source: string, vector: Float32Array): boolean {
    if (vector.length !== this.dims) {
      // A vector sqlite-vec could not compare: whatever the row held before is gone too.
      this.remove(rowid);
      return false;
    }
    const code = this.sourceCode(source);
    const row = this.rowIndex().get(rowid);
    if (row === undefined) {
      this.append(rowid, code, vector);
      this.maybeRecenter();
    } else {
      this.writeRow(row, rowid, code, vector);
    }
    return true;
  }

  /** Removes the row of `rowid`, if any; the last row takes its place. */
  remove(rowid: number): boolean {
    const rowOf = this.rowIndex();
    const row = rowOf.get(rowid);
    if (row === undefined) return false;
    rowOf.delete(rowid);
    const last = this.count - 1;
    if (row !== last) {
      const stride = this.codes.stride;
      this.codes.codes.copyWithin(row * stride, last * stride, (last + 1) * stride);
      if (this.pages) this.floatRow(row)!.set(this.floatRow(last)!);
      this.rowids[row] = this.rowids[last]!;
      this.sources[row] = this.sources[last]!;
      this.inverseNorms[row] = this.inverseNorms[last]!;
      this.scales[row] = this.scales[last]!;
      this.errors[row] = this.errors[last]!;
      rowOf.set(this.rowids[row]!, row);
    }
    this.count = last;
    if (this.pages) {
      // Give back a page nobody uses any more.
      const pagesNeeded = Math.ceil(this.count / FLOAT_PAGE_ROWS);
      if (this.pages.length > pagesNeeded + 1) this.pages.length = pagesNeeded + 1;
    }
    return true;
  }

  /**
   * Empties the matrix for a reload into the same memory (a matrix read again after another
   * connection's commit would otherwise hold two copies until the old one is collected).
   */
  reuseFor(center: Float64Array, centerRows: number): void {
    this.count = 0;
    this.rowOf = null;
    this.codeNormMax = 0;
    this.centerVector = center;
    this.centerRowCount = centerRows;
  }

  /** Whether a reload with these settings can reuse this matrix's memory. */
  fits(init: QuantizedMatrixInit): boolean {
    return (
      init.dims === this.dims && init.keepFloats === this.keepsFloats && (init.allowSimd !== false) === this.simdAllowed
    );
  }

  /** rowid → row, built on the first patch (loading never needs it). */
  private rowIndex(): Map<number, number> {
    if (!this.rowOf) {
      this.rowOf = new Map();
      for (let row = 0; row < this.count; row++) this.rowOf.set(this.rowids[row]!, row);
    }
    return this.rowOf;
  }

  private ensureCapacity(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.max(rows, Math.ceil(this.capacity * 1.5));
    this.codes.grow(capacity);
    this.rowids = grown(this.rowids, new Float64Array(capacity));
    this.sources = grown(this.sources, new Uint8Array(capacity));
    this.inverseNorms = grown(this.inverseNorms, new Float64Array(capacity));
    this.scales = grown(this.scales, new Float64Array(capacity));
    this.errors = grown(this.errors, new Float64Array(capacity));
  }

  private writeRow(row: number, rowid: number, source: number, vector: Float32Array): void {
    this.rowids[row] = rowid;
    this.sources[row] = source;
    if (this.pages) {
      const page = Math.floor(row / FLOAT_PAGE_ROWS);
      while (this.pages.length <= page) this.pages.push(new Float32Array(FLOAT_PAGE_ROWS * this.dims));
      this.pages[page]!.set(vector, (row % FLOAT_PAGE_ROWS) * this.dims);
    }
    this.quantize(row, vector);
  }

  /**
   * Codes for `vector` in `row`, and the numbers the scan's bound needs. Rounding is to nearest:
   * |x − m| / s ≤ 127 · (1 + 2⁻⁵¹), so no code exceeds ±127.
   */
  private quantize(row: number, vector: Float32Array): void {
    const { dims } = this;
    const center = this.centerVector;
    const stride = this.codes.stride;
    const codes = this.codes.codes;
    const base = row * stride;
    let maxAbs = 0;
    let norm2 = 0;
    for (let i = 0; i < dims; i++) {
      const x = vector[i]!;
      norm2 += x * x;
      const residual = Math.abs(x - center[i]!);
      if (residual > maxAbs) maxAbs = residual;
    }
    codes.fill(0, base, base + stride);
    if (!(norm2 > 0) || !Number.isFinite(norm2)) {
      this.inverseNorms[row] = 0;
      this.scales[row] = 0;
      this.errors[row] = 0;
      return;
    }
    const scale = maxAbs / ROW_CODE_LIMIT;
    const inverseScale = maxAbs > 0 ? ROW_CODE_LIMIT / maxAbs : 0;
    let error2 = 0;
    let code2 = 0;
    for (let i = 0; i < dims; i++) {
      const residual = vector[i]! - center[i]!;
      const code = Math.round(residual * inverseScale);
      codes[base + i] = code;
      const error = residual - scale * code;
      error2 += error * error;
      code2 += code * code;
    }
    const norm = Math.sqrt(norm2);
    this.inverseNorms[row] = 1 / norm;
    this.scales[row] = scale / norm;
    this.errors[row] = Math.sqrt(error2) / norm;
    const codeNorm = (scale * Math.sqrt(code2)) / norm;
    if (codeNorm > this.codeNormMax) this.codeNormMax = codeNorm;
  }

  /**
   * A matrix that started small (a new workspace filling up) re-centres on a bigger sample each
   * time it doubles, up to CENTER_SAMPLE_ROWS rows — at most ~8k rows requantised, a few ms.
   */
  private maybeRecenter(): void {
    if (!this.pages || this.centerRowCount >= CENTER_SAMPLE_ROWS) return;
    if (this.count < Math.max(32, 2 * this.centerRowCount)) return;
    const sample = Math.min(this.count, CENTER_SAMPLE_ROWS);
    const center = new Float64Array(this.dims);
    for (let row = 0; row < sample; row++) {
      const vector = this.floatRow(row)!;
      for (let i = 0; i < this.dims; i++) center[i]! += vector[i]!;
    }
    for (let i = 0; i < this.dims; i++) center[i] = center[i]! / sample;
    this.centerVector = center;
    this.centerRowCount = sample;
    this.codeNormMax = 0;
    for (let row = 0; row < this.count; row++) this.quantize(row, this.floatRow(row)!);
  }
}

/** The mean of `vectors` (the centre of a matrix about to be loaded). */
export function meanVector(vectors: readonly Float32Array[], dims: number): Float64Array {
  const mean = new Float64Array(dims);
  if (vectors.length === 0) return mean;
  for (const vector of vectors) for (let i = 0; i < dims; i++) mean[i]! += vector[i]!;
  for (let i = 0; i < dims; i++) mean[i] = mean[i]! / vectors.length;
  return mean;
}

function grown<T extends Float64Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
