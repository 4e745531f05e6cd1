// The in-memory int8 copy of one connection's vectors (quantized-matrix.ts), the vector accelerator.
// Read from `chunks_vec` on first use, then kept in step: rows FileWriter commits are patched in
// (the index session passes them on); another connection's commit (PRAGMA data_version) or a schema
// change (schema_version) makes the next query read it again.
import type Database from 'better-sqlite3';
import type { VectorRowChange } from '../../index/index-commit.js';
import { QuantizedMatrix } from '../core/quantized-matrix.js';
import { loadVectorMatrix } from './vector-matrix-load.js';

interface CachedMatrix {
  /** Null while the index holds no vector and does not declare their dimensions. */
  matrix: QuantizedMatrix | null;
  /** data_version/schema_version it was read at; null once invalidated. */
  version: string | null;
}

export class VectorMatrixCache {
  private cached: CachedMatrix | null = null;
  private versionReads: { data: Database.Statement; schema: Database.Statement } | null = null;

  constructor(private readonly db: Database.Database) {}

  private version(): string {
    this.versionReads ??= {
      data: this.db.prepare('PRAGMA data_version').pluck(),
      schema: this.db.prepare('PRAGMA schema_version').pluck(),
    };
    return `${String(this.versionReads.data.get())}/${String(this.versionReads.schema.get())}`;
  }

  /** The matrix: read on first use, read again after another connection's commit. */
  matrix(): QuantizedMatrix | null {
    const version = this.version();
    if (this.cached?.version === version) return this.cached.matrix;
    // Read into the old matrix's memory, so two copies never take memory at once.
    const reuse = this.cached?.matrix ?? null;
    this.cached = null;
    this.cached = { matrix: loadVectorMatrix(this.db, { reuse }), version };
    return this.cached.matrix;
  }

  /** Whether a current matrix is in memory (only then are written rows worth collecting). */
  get loaded(): boolean {
    return this.cached !== null && this.cached.version !== null;
  }

  /** The next vector query reads the matrix again. */
  invalidate(): void {
    if (this.cached) this.cached.version = null;
  }

  release(): void {
    this.cached = null;
  }

  /** Applies committed row changes; never call it for rows whose transaction may still roll back. */
  patch(changes: readonly VectorRowChange[]): void {
    const cached = this.cached;
    if (!cached || cached.version === null || changes.length === 0) return;
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
      this.cached = null;
    }
  }
}
