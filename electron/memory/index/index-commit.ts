// What one committed write changed, as FileWriter reports it to whoever keeps state beside the
// connection (the index session's caches). Storage announces; it never reaches into the caches.

/** A vector row written (`vector`) or removed (`vector: null`). */
export interface VectorRowChange {
  rowid: number;
  /** chunks.source of the row; unused for a removal. */
  source: string;
  vector: Float32Array | null;
}

export interface IndexCommit {
  /** Vector rows, in write order; empty unless a listener wanted them (wantsVectorRows). */
  vectors: VectorRowChange[];
  /** Rowids of the chunks inserted; empty unless a listener wanted them (wantsChunkRows). */
  insertedChunks: number[];
  /** FTS5's structure record (as latin1) when the transaction began; null when not read. */
  ftsStructureBefore: string | null;
}

export interface IndexCommitListener {
  /** Collecting every written vector costs memory on a cold index: only while a copy is kept. */
  wantsVectorRows(): boolean;
  wantsChunkRows(): boolean;
  didCommit(commit: IndexCommit): void;
  /**
   * Rows were written inside a transaction the writer does not own, so whether they commit is
   * unknown; `vectorsTouched`: some of them were vector rows.
   */
  didWriteUnknown(vectorsTouched: boolean): void;
}

/** FTS5's structure record (%_data rowid 10): every commit that changes the term index writes a new one. */
export const FTS_STRUCTURE_SQL = 'SELECT block FROM chunks_fts_data WHERE id = 10';
