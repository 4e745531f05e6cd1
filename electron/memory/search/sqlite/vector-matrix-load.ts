// Reads every stored vector of an index into a QuantizedMatrix (quantized-matrix.ts): from
// sqlite-vec's storage tables when their layout is the known one, else through `chunks_vec` row
// by row. Streams: no copy of the whole table is held besides the matrix itself.
import { performance } from 'node:perf_hooks';
import type Database from 'better-sqlite3';
import { MemoryLensError } from '../../../../shared/errors.js';
import { CENTER_SAMPLE_ROWS, meanVector, QuantizedMatrix } from '../core/quantized-matrix.js';
import type { FloatReader, QuantizedMatrixInit } from '../core/quantized-matrix.js';

/**
 * Float32 rows are kept in memory for the exact pass up to this size (~175k rows of 384 dims);
 * a bigger matrix keeps only its int8 codes (a quarter of the bytes) and reads the few hundred
 * finalists of each query from the index instead.
 */
export const DEFAULT_FLOAT_BUDGET_BYTES = 256 * 1024 * 1024;

export interface LoadVectorMatrixOptions {
  /** Read through the `chunks_vec` virtual table even when vec0's storage could be read directly. */
  throughVirtualTable?: boolean;
  /** See DEFAULT_FLOAT_BUDGET_BYTES. */
  floatBudgetBytes?: number;
  /** False forces the JS loop instead of the SIMD kernel (tests). */
  allowSimd?: boolean;
  /** A matrix of the same index to read into instead of allocating a new one (its rows are replaced). */
  reuse?: QuantizedMatrix | null;
}

/** chunks.rowid (ascending) and the code of its source, for looking up where a vector belongs. */
interface ChunkSources {
  rowids: Float64Array;
  codes: Uint8Array;
  names: string[];
}

/**
 * Reads `chunks_vec` (vec0 — which needs sqlite-vec loaded — or the plain fallback table) into a
 * matrix; vec0's storage tables directly unless `throughVirtualTable` (see readVec0Chunks).
 * Vectors without a chunk row are left out, as the KNN's join with `chunks` leaves them out.
 * Null when the index has no vectors and their dimensions are not declared anywhere.
 */
export function loadVectorMatrix(db: Database.Database, options: LoadVectorMatrixOptions = {}): QuantizedMatrix | null {
  const started = performance.now();
  const chunks = readChunkSources(db);
  const declaredDims = vec0Dimensions(db);
  const budget = options.floatBudgetBytes ?? DEFAULT_FLOAT_BUDGET_BYTES;
  const builder = new MatrixBuilder(chunks, declaredDims, options.reuse ?? null, (dims) => ({
    dims,
    capacity: chunks.rowids.length,
    keepFloats: chunks.rowids.length * dims * 4 <= budget,
    readFloats: floatReader(db, declaredDims !== null),
    ...(options.allowSimd === false ? { allowSimd: false } : {}),
  }));
  const direct = !options.throughVirtualTable && declaredDims !== null && readVec0Chunks(db, declaredDims, builder);
  if (!direct) {
    builder.reset();
    for (const [rowid, blob] of db
      .prepare('SELECT rowid, embedding FROM chunks_vec')
      .raw()
      .iterate() as IterableIterator<[number, Buffer]>) {
      if (blob instanceof Uint8Array) builder.add(rowid, blob, 0, blob.byteLength);
    }
  }
  const matrix = builder.finish();
  if (!matrix) return null;
  matrix.loadMs = performance.now() - started;
  matrix.loads += 1;
  matrix.loadedFrom = direct ? 'vec0-storage' : 'table';
  return matrix;
}

function readChunkSources(db: Database.Database): ChunkSources {
  const count = db.prepare('SELECT count(*) FROM chunks').pluck().get() as number;
  const rowids = new Float64Array(count);
  const codes = new Uint8Array(count);
  const names: string[] = [];
  const codeOf = new Map<string, number>();
  let n = 0;
  for (const [rowid, source] of db
    .prepare('SELECT rowid, source FROM chunks ORDER BY rowid')
    .raw()
    .iterate() as IterableIterator<[number, string]>) {
    if (n === count) break;
    let code = codeOf.get(source);
    if (code === undefined) {
      if (names.length === 255) throw new MemoryLensError('INTERNAL', 'more than 255 distinct chunk sources');
      code = names.length;
      names.push(source);
      codeOf.set(source, code);
    }
    rowids[n] = rowid;
    codes[n] = code;
    n++;
  }
  return { rowids: rowids.subarray(0, n), codes: codes.subarray(0, n), names };
}

/** Index of `rowid` in the ascending `rowids`, or -1. */
function findRowid(rowids: Float64Array, rowid: number): number {
  let lo = 0;
  let hi = rowids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = rowids[mid]!;
    if (value === rowid) return mid;
    if (value < rowid) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Collects rows: the first CENTER_SAMPLE_ROWS are held back until the centre (their mean) is known,
 * then everything is quantised as it streams past. The first vector fixes the dimensions when the
 * table does not declare them; rows of another length are skipped.
 */
class MatrixBuilder {
  private matrix: QuantizedMatrix | null = null;
  private dims: number | null;
  private sample: { rowid: number; source: number; vector: Float32Array }[] = [];
  private scratch: Float32Array | null = null;
  private scratchBytes: Uint8Array | null = null;

  constructor(
    private readonly chunks: ChunkSources,
    private readonly declaredDims: number | null,
    private readonly reuse: QuantizedMatrix | null,
    private readonly init: (dims: number) => QuantizedMatrixInit,
  ) {
    this.dims = declaredDims;
  }

  reset(): void {
    this.matrix = null;
    this.sample = [];
    this.dims = this.declaredDims;
  }

  add(rowid: number, from: Uint8Array, offset: number, byteLength: number): void {
    if (byteLength === 0 || byteLength % 4 !== 0) return;
    this.dims ??= byteLength / 4;
    if (byteLength !== this.dims * 4) return;
    const at = findRowid(this.chunks.rowids, rowid);
    if (at < 0) return;
    const source = this.chunks.codes[at]!;
    if (this.matrix) {
      // Byte copy into an aligned scratch row: SQLite's BLOBs can sit at any offset.
      if (!this.scratch || !this.scratchBytes) {
        this.scratch = new Float32Array(this.dims);
        this.scratchBytes = new Uint8Array(this.scratch.buffer);
      }
      this.scratchBytes.set(from.subarray(offset, offset + byteLength));
      this.matrix.append(rowid, source, this.scratch);
      return;
    }
    const vector = new Float32Array(this.dims);
    new Uint8Array(vector.buffer).set(from.subarray(offset, offset + byteLength));
    this.sample.push({ rowid, source, vector });
    if (this.sample.length >= CENTER_SAMPLE_ROWS) this.start();
  }

  finish(): QuantizedMatrix | null {
    if (!this.matrix && this.dims !== null) this.start();
    return this.matrix;
  }

  private start(): void {
    const dims = this.dims!;
    const init = this.init(dims);
    const center = meanVector(
      this.sample.map((s) => s.vector),
      dims,
    );
    let matrix: QuantizedMatrix;
    if (this.reuse?.fits(init) && sameCodes(this.reuse.sourceNames, this.chunks.names)) {
      matrix = this.reuse;
      matrix.reuseFor(center, this.sample.length);
    } else {
      matrix = new QuantizedMatrix({ ...init, center, centerRows: this.sample.length });
    }
    for (const name of this.chunks.names) matrix.sourceCode(name);
    for (const { rowid, source, vector } of this.sample) matrix.append(rowid, source, vector);
    this.sample = [];
    this.matrix = matrix;
  }
}

/** A reused matrix keeps its source codes: the ones both know must mean the same source. */
function sameCodes(have: readonly string[], want: readonly string[]): boolean {
  for (let i = 0; i < Math.min(have.length, want.length); i++) if (have[i] !== want[i]) return false;
  return true;
}

/** Reads finalists' vectors for a matrix over its float budget: one point lookup per rowid. */
function floatReader(db: Database.Database, vec0: boolean): FloatReader {
  let statement: Database.Statement | null = null;
  return (rowids) => {
    statement ??= db.prepare('SELECT embedding FROM chunks_vec WHERE rowid = ?').pluck();
    const out = new Map<number, Float32Array>();
    for (const rowid of rowids) {
      const blob = statement.get(vec0 ? BigInt(rowid) : rowid) as Buffer | undefined;
      if (!(blob instanceof Uint8Array) || blob.byteLength % 4 !== 0) continue;
      const vector = new Float32Array(blob.byteLength / 4);
      new Uint8Array(vector.buffer).set(blob);
      out.set(rowid, vector);
    }
    return out;
  };
}

/**
 * Reading `SELECT rowid, embedding FROM chunks_vec` costs vec0 a lookup per row (~1.7 s CPU for
 * 100k × 384 here). Its storage is simple, though: `<table>_chunks` rows of `size` slots (validity
 * bitmap, int64 rowids) and `<table>_vector_chunks00` holding those slots' vectors back to back.
 * Reading those directly makes the whole load ~0.7 s CPU. Only for the layout this was written against
 * (created by sqlite-vec 0.1.x, one vector column); anything unexpected → false, and the caller
 * reads through the virtual table instead.
 */
function readVec0Chunks(db: Database.Database, dims: number, builder: MatrixBuilder): boolean {
  const names = new Set(
    db
      .prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'chunks\\_vec\\_%' ESCAPE '\\'")
      .pluck()
      .all() as string[],
  );
  if (!['chunks_vec_info', 'chunks_vec_chunks', 'chunks_vec_vector_chunks00'].every((name) => names.has(name)))
    return false;
  if (names.has('chunks_vec_vector_chunks01')) return false;
  const info = new Map(db.prepare('SELECT key, value FROM chunks_vec_info').raw().all() as [string, unknown][]);
  if (info.get('CREATE_VERSION_MAJOR') !== 0 || info.get('CREATE_VERSION_MINOR') !== 1) return false;

  const chunks = db
    .prepare(
      'SELECT c.size, c.validity, c.rowids, v.vectors FROM chunks_vec_chunks c JOIN chunks_vec_vector_chunks00 v ON v.rowid = c.chunk_id ORDER BY c.chunk_id',
    )
    .raw()
    .iterate() as IterableIterator<[number, Buffer, Buffer, Buffer]>;
  let seen = 0;
  for (const [size, validity, rowidBytes, vectors] of chunks) {
    if (
      validity.byteLength * 8 < size ||
      rowidBytes.byteLength !== size * 8 ||
      vectors.byteLength !== size * dims * 4
    ) {
      chunks.return?.();
      return false;
    }
    const view = new DataView(rowidBytes.buffer, rowidBytes.byteOffset, rowidBytes.byteLength);
    for (let slot = 0; slot < size; slot++) {
      if ((validity[slot >> 3]! & (1 << (slot & 7))) === 0) continue;
      seen++;
      builder.add(Number(view.getBigInt64(slot * 8, true)), vectors, slot * dims * 4, dims * 4);
    }
  }
  // Every vector the table says it has, or the layout is not what we think it is.
  const stored = db.prepare('SELECT count(*) FROM chunks_vec_rowids').pluck().get() as number;
  return seen === stored;
}

/** `float[N]` from the vec0 declaration; null for the plain table (or no table). */
function vec0Dimensions(db: Database.Database): number | null {
  const sql = db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'chunks_vec'").pluck().get() as string | undefined;
  const match = /using\s+vec0\s*\(\s*\w+\s+float\[(\d+)\][^,]*\)\s*$/i.exec(sql ?? '');
  return match ? Number(match[1]) : null;
}
