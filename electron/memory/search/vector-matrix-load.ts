// Reads every stored vector of an index into a VectorMatrix (vector-matrix.ts): from sqlite-vec's
// storage tables when their layout is the known one, else through `chunks_vec` row by row.
import { performance } from 'node:perf_hooks';
import type Database from 'better-sqlite3';
import { MemoryLensError } from '../../../shared/errors.js';
import { createScanMemory } from './dot-kernel.js';
import type { ScanMemory } from './dot-kernel.js';
import type { VectorMatrix } from './vector-matrix.js';

/**
 * Reads `chunks_vec` (vec0 — which needs sqlite-vec loaded — or the plain fallback table) into a
 * matrix; vec0's storage tables directly unless `throughVirtualTable` (see readVec0Chunks).
 * Vectors without a chunk row are left out, as the KNN's join with `chunks` leaves them out.
 */
export function loadVectorMatrix(db: Database.Database, options: { throughVirtualTable?: boolean } = {}): VectorMatrix {
  const started = performance.now();
  const sourceNames: string[] = [];
  const sourceCodeOf = new Map<string, number>();
  const chunkSource = new Map<number, number>();
  for (const [rowid, source] of db.prepare('SELECT rowid, source FROM chunks').raw().iterate() as IterableIterator<[number, string]>) {
    let code = sourceCodeOf.get(source);
    if (code === undefined) {
      if (sourceNames.length === 255) throw new MemoryLensError('INTERNAL', 'more than 255 distinct chunk sources');
      code = sourceNames.length;
      sourceNames.push(source);
      sourceCodeOf.set(source, code);
    }
    chunkSource.set(rowid, code);
  }

  const rows = new RowCollector(chunkSource.size);
  const direct = !options.throughVirtualTable && readVec0Chunks(db, chunkSource, rows);
  if (!direct) {
    for (const [rowid, blob] of db.prepare('SELECT rowid, embedding FROM chunks_vec').raw().iterate() as IterableIterator<[number, Buffer]>) {
      const source = chunkSource.get(rowid);
      if (source !== undefined && blob instanceof Uint8Array) rows.add(rowid, source, blob, 0, blob.byteLength);
    }
  }
  const { dims, count, vectors, rowids, sources, kernel } = rows;
  const capacity = rows.capacity;

  const inverseNorms = new Float64Array(count);
  for (let row = 0, base = 0; row < count; row++, base += dims) {
    let sum = 0;
    for (let i = 0; i < dims; i++) sum += vectors[base + i]! * vectors[base + i]!;
    inverseNorms[row] = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  }
  return {
    dims,
    count,
    // Rows were allocated per chunk; when many chunks have no vector, give the unused tail back.
    vectors: !kernel && count < capacity * 0.9 ? vectors.slice(0, count * dims) : vectors.subarray(0, count * dims),
    kernel,
    rowids: rowids.subarray(0, count),
    sources: sources.subarray(0, count),
    sourceNames,
    inverseNorms,
    loadMs: performance.now() - started,
    loadedFrom: direct ? 'vec0-storage' : 'table',
  };
}

/** Fills the matrix row by row; the first vector fixes the dimensions, rows of another length are skipped. */
class RowCollector {
  dims = 0;
  count = 0;
  vectors: Float32Array = new Float32Array(0);
  kernel: ScanMemory | null = null;
  private bytes: Uint8Array = new Uint8Array(0);
  readonly rowids: Float64Array;
  readonly sources: Uint8Array;

  /** One row per chunk at most: vectors are keyed by chunk rowid. */
  constructor(readonly capacity: number) {
    this.rowids = new Float64Array(capacity);
    this.sources = new Uint8Array(capacity);
  }

  reset(): void {
    this.count = 0;
  }

  add(rowid: number, source: number, from: Uint8Array, offset: number, byteLength: number): void {
    if (byteLength === 0 || byteLength % 4 !== 0) return;
    if (this.dims === 0) {
      this.dims = byteLength / 4;
      this.kernel = createScanMemory(this.capacity, this.dims);
      this.vectors = this.kernel?.rows ?? new Float32Array(this.capacity * this.dims);
      this.bytes = new Uint8Array(this.vectors.buffer, this.vectors.byteOffset, this.vectors.byteLength);
    }
    if (byteLength !== this.dims * 4 || this.count === this.capacity) return;
    // Byte copy: SQLite's BLOBs can sit at any offset, a Float32Array view could not.
    this.bytes.set(from.subarray(offset, offset + byteLength), this.count * byteLength);
    this.rowids[this.count] = rowid;
    this.sources[this.count] = source;
    this.count++;
  }
}

/**
 * Reading `SELECT rowid, embedding FROM chunks_vec` costs vec0 a lookup per row (~1.7 s CPU for
 * 100k × 384 here). Its storage is simple, though: `<table>_chunks` rows of `size` slots (validity
 * bitmap, int64 rowids) and `<table>_vector_chunks00` holding those slots' vectors back to back.
 * Reading those directly makes the whole load ~0.7 s CPU. Only for the layout this was written against
 * (created by sqlite-vec 0.1.x, one vector column); anything unexpected → false, and the caller
 * reads through the virtual table instead.
 */
function readVec0Chunks(db: Database.Database, chunkSource: ReadonlyMap<number, number>, rows: RowCollector): boolean {
  const names = new Set(db.prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'chunks\\_vec\\_%' ESCAPE '\\'").pluck().all() as string[]);
  if (!['chunks_vec_info', 'chunks_vec_chunks', 'chunks_vec_vector_chunks00'].every((name) => names.has(name))) return false;
  if (names.has('chunks_vec_vector_chunks01')) return false;
  const info = new Map(db.prepare('SELECT key, value FROM chunks_vec_info').raw().all() as [string, unknown][]);
  if (info.get('CREATE_VERSION_MAJOR') !== 0 || info.get('CREATE_VERSION_MINOR') !== 1) return false;
  const dims = vec0Dimensions(db);
  if (dims === null) return false;

  const chunks = db
    .prepare('SELECT c.size, c.validity, c.rowids, v.vectors FROM chunks_vec_chunks c JOIN chunks_vec_vector_chunks00 v ON v.rowid = c.chunk_id ORDER BY c.chunk_id')
    .raw()
    .iterate() as IterableIterator<[number, Buffer, Buffer, Buffer]>;
  let seen = 0;
  for (const [size, validity, rowidBytes, vectors] of chunks) {
    if (validity.byteLength * 8 < size || rowidBytes.byteLength !== size * 8 || vectors.byteLength !== size * dims * 4) {
      chunks.return?.();
      rows.reset();
      return false;
    }
    const view = new DataView(rowidBytes.buffer, rowidBytes.byteOffset, rowidBytes.byteLength);
    for (let slot = 0; slot < size; slot++) {
      if ((validity[slot >> 3]! & (1 << (slot & 7))) === 0) continue;
      seen++;
      const rowid = Number(view.getBigInt64(slot * 8, true));
      const source = chunkSource.get(rowid);
      if (source !== undefined) rows.add(rowid, source, vectors, slot * dims * 4, dims * 4);
    }
  }
  // Every vector the table says it has, or the layout is not what we think it is.
  const stored = db.prepare('SELECT count(*) FROM chunks_vec_rowids').pluck().get() as number;
  if (seen !== stored) {
    rows.reset();
    return false;
  }
  return true;
}

/** `float[N]` from the vec0 declaration. */
function vec0Dimensions(db: Database.Database): number | null {
  const sql = db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'chunks_vec'").pluck().get() as string | undefined;
  const match = /using\s+vec0\s*\(\s*\w+\s+float\[(\d+)\][^,]*\)\s*$/i.exec(sql ?? '');
  return match ? Number(match[1]) : null;
}
