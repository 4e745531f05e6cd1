// Writes one source file into the index in one transaction — chunks, FTS rows, vectors and the
// files row — so a crash or a throw leaves every file either fully old or fully new. Once a write
// commits, its listeners hear what changed (index-commit.ts), so caches patch instead of reloading.
import type Database from 'better-sqlite3';
import type { FileIndexState, WorkspaceFile } from '../../../shared/domain.js';
import type { IndexReason } from '../../../shared/index-reasons.js';
import type { Chunk } from '../chunk/chunker.js';
import { FTS_STRUCTURE_SQL } from './index-commit.js';
import type { IndexCommitListener, VectorRowChange } from './index-commit.js';
import { reasonRefColumn } from './index-reason-column.js';
import { hasTable } from './schema.js';
import { segmentChunkTexts } from './segment-chunks.js';

export interface FileRecord {
  file: WorkspaceFile;
  absPath: string;
  /** sha256 of the bytes indexed; null when they could not be read. */
  hash: string | null;
  indexState: FileIndexState;
  /** Why the file is skipped or failed: English and, when it has one, its message id. */
  indexError?: IndexReason | null;
  malformedLines?: number | null;
  /** Shown by the timeline; not part of WorkspaceFile. */
  title?: string | null;
  /** segmentChunkTexts of the chunks' texts, when already computed (off-thread); else computed here. */
  ftsTexts?: readonly string[] | null;
}

/** The WorkspaceFile fields without their own column, kept as JSON in `files.metadata`. */
type FileMetadata = Pick<
  WorkspaceFile,
  'layer' | 'archived' | 'agentId' | 'date' | 'checksum' | 'type' | 'tags' | 'sessionKind'
> & { title?: string };

/** See FileWriter.streamedFile. */
export interface StreamedFileWrite {
  /** Removes up to `max` of the chunks `path` had; returns how many it removed (0: none left). */
  clearSome(path: string, max: number): number;
  insert(
    file: WorkspaceFile,
    offset: number,
    chunks: readonly Chunk[],
    vectors: readonly Float32Array[] | null,
    at: number,
  ): void;
  finish(record: FileRecord, chunkCount: number, embedded: boolean, at: number): void;
}

export class FileWriter {
  private readonly hasVectors: boolean;
  private readonly selectRowids: Database.Statement<[string], number>;
  private readonly deleteFts: Database.Statement<[number]>;
  private readonly deleteVec: Database.Statement<[bigint]> | null;
  private readonly deleteChunks: Database.Statement<[string]>;
  private readonly selectSomeRowids: Database.Statement<[string, number], number>;
  private readonly deleteChunk: Database.Statement<[number]>;
  private readonly deleteFile: Database.Statement<[string]>;
  private readonly insertChunk: Database.Statement<unknown[]>;
  private readonly insertFts: Database.Statement<[number | bigint, string]>;
  private readonly insertVec: Database.Statement<[bigint, Buffer]> | null;
  private readonly upsertFile: Database.Statement<unknown[]>;
  private readonly touch: Database.Statement<[number, number, string]>;
  private readonly writeRows: (
    record: FileRecord,
    chunks: readonly Chunk[],
    vectors: readonly Float32Array[] | null,
    at: number,
  ) => void;
  private readonly writeTx: (
    record: FileRecord,
    chunks: readonly Chunk[],
    vectors: readonly Float32Array[] | null,
    at: number,
  ) => void;
  private readonly removeTx: (paths: readonly string[]) => void;
  private readonly touchTx: (entries: readonly { path: string; mtimeMs: number; size: number }[]) => void;
  /** Vector rows written or removed by transactions that have not committed yet. */
  private pendingVectors: VectorRowChange[] = [];
  /** Chunk rowids inserted by transactions that have not committed yet (for the chunk lengths). */
  private pendingChunks: number[] = [];
  /** FTS5's structure record when the outermost transaction began, if a listener wants chunk rows. */
  private ftsBefore: string | null = null;
  private tracking = { vectors: false, chunks: false };
  /** How many of this writer's own transaction() batches are running (see run()). */
  private batchDepth = 0;
  private readonly listeners = new Set<IndexCommitListener>();
  /** Vector rows written or removed so far, tracked or not (for a write in a foreign transaction). */
  private vectorRowWrites = 0;
  private readStructure: Database.Statement<[], Buffer | undefined> | null = null;

  constructor(private readonly db: Database.Database) {
    this.hasVectors = hasTable(db, 'chunks_vec');
    this.selectRowids = db.prepare<[string], number>('SELECT rowid FROM chunks WHERE path = ?').pluck();
    this.deleteFts = db.prepare('DELETE FROM chunks_fts WHERE rowid = ?');
    this.deleteVec = this.hasVectors ? db.prepare('DELETE FROM chunks_vec WHERE rowid = ?') : null;
    this.deleteChunks = db.prepare('DELETE FROM chunks WHERE path = ?');
    this.selectSomeRowids = db
      .prepare<[string, number], number>('SELECT rowid FROM chunks WHERE path = ? LIMIT ?')
      .pluck();
    this.deleteChunk = db.prepare('DELETE FROM chunks WHERE rowid = ?');
    this.deleteFile = db.prepare('DELETE FROM files WHERE path = ?');
    this.insertChunk = db.prepare(
      'INSERT INTO chunks(id, path, source, start_line, end_line, hash, text, updated_at, first_ms, last_ms, secrets, days) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertFts = db.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)');
    this.insertVec = this.hasVectors ? db.prepare('INSERT INTO chunks_vec(rowid, embedding) VALUES (?, ?)') : null;
    this.upsertFile = db.prepare(`
      INSERT INTO files(path, source, abs_path, hash, mtime_ms, size, kind, date, date_source, date_epoch_ms,
                        index_state, index_error, index_error_ref, malformed_lines, chunk_count, embedded, metadata,
                        indexed_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT(path) DO UPDATE SET
        source = excluded.source, abs_path = excluded.abs_path, hash = excluded.hash, mtime_ms = excluded.mtime_ms,
        size = excluded.size, kind = excluded.kind, date = excluded.date, date_source = excluded.date_source,
        date_epoch_ms = excluded.date_epoch_ms, index_state = excluded.index_state, index_error = excluded.index_error,
        index_error_ref = excluded.index_error_ref,
        malformed_lines = excluded.malformed_lines, chunk_count = excluded.chunk_count, embedded = excluded.embedded,
        metadata = excluded.metadata, indexed_at = excluded.indexed_at`);
    this.touch = db.prepare('UPDATE files SET mtime_ms = ?, size = ? WHERE path = ?');

    this.writeRows = (record, chunks, vectors, at) => {
      const { file } = record;
      const ftsTexts =
        record.ftsTexts && record.ftsTexts.length === chunks.length
          ? record.ftsTexts
          : segmentChunkTexts(chunks.map((chunk: Chunk) => chunk.text));
      this.deleteRows(file.path);
      this.insertChunkRows(file, 0, chunks, ftsTexts, vectors, at);
      const embedded = vectors !== null && this.hasVectors && vectors.length === chunks.length;
      this.writeFileRow(record, chunks.length, embedded, at);
    };
    this.writeTx = db.transaction(this.writeRows);
    this.removeTx = db.transaction((paths) => {
      for (const p of paths) {
        this.deleteRows(p);
        this.deleteFile.run(p);
      }
    });
    this.touchTx = db.transaction((entries) => {
      for (const entry of entries) this.touch.run(entry.mtimeMs, entry.size, entry.path);
    });
  }

  get vectorsEnabled(): boolean {
    return this.hasVectors;
  }

  /** `listener` hears every commit of this writer from now on; returns the unsubscribe. */
  onDidCommit(listener: IndexCommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Replaces everything the index holds for `record.file.path`. `vectors`, when given, is aligned
   * with `chunks`. Throws (and changes nothing) if any row cannot be written.
   */
  writeFile(
    record: FileRecord,
    chunks: readonly Chunk[],
    vectors: readonly Float32Array[] | null = null,
    at = Date.now(),
  ): void {
    this.run(() => this.writeTx(record, chunks, vectors, at));
  }

  /**
   * writeFile for bulk writes inside a transaction() batch: without the savepoint of its own that
   * writeFile takes. FTS5 flushes its pending terms into a new segment at every savepoint, the
   * largest cost of a cold index before bulk writes went without them. If this throws, the file's rows are undone
   * only with the whole batch: roll the batch back and write its files with writeFile instead.
   */
  writeFileInBatch(
    record: FileRecord,
    chunks: readonly Chunk[],
    vectors: readonly Float32Array[] | null = null,
    at = Date.now(),
  ): void {
    if (this.batchDepth === 0 || !this.db.inTransaction)
      throw new Error('writeFileInBatch runs inside transaction() only');
    this.writeRows(record, chunks, vectors, at);
  }

  /** Records a file that could not be read or parsed (or is skipped): its old chunks leave, the reason stays visible. */
  writeFailure(record: FileRecord, at = Date.now()): void {
    this.run(() =>
      this.writeTx({ ...record, indexState: record.indexState === 'skipped' ? 'skipped' : 'failed' }, [], null, at),
    );
  }

  removeFiles(paths: readonly string[]): void {
    if (paths.length > 0) this.run(() => this.removeTx(paths));
  }

  /**
   * `fn` as one transaction (db.transaction) whose writes through this writer reach the vector
   * matrix when it commits. Batch writes with this, not with db.transaction: inside a transaction
   * the writer cannot know about, a write makes the next vector query reload the matrix.
   */
  transaction<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
    const tx = this.db.transaction(fn);
    return (...args: A) => this.run(() => tx(...args), true);
  }

  /** Same bytes, new mtime (e.g. `touch`, git checkout): keep the rows, remember the new stat. */
  touchFiles(entries: readonly { path: string; mtimeMs: number; size: number }[]): void {
    if (entries.length > 0) this.run(() => this.touchTx(entries));
  }

  /**
   * The steps of writeFile for a writer that streams one file in slices inside a transaction it
   * holds itself (sync/index-big-session.ts, on a connection of its own): remove the old rows,
   * insert chunks from `offset` on, then the files row. Nothing here commits.
   */
  streamedFile(): StreamedFileWrite {
    return {
      clearSome: (filePath, max) => this.deleteSomeRows(filePath, max),
      insert: (file, offset, chunks, vectors, at) =>
        this.insertChunkRows(file, offset, chunks, segmentChunkTexts(chunks.map((c) => c.text)), vectors, at),
      finish: (record, chunkCount, embedded, at) =>
        this.writeFileRow(record, chunkCount, embedded && this.hasVectors, at),
    };
  }

  private insertChunkRows(
    file: WorkspaceFile,
    offset: number,
    chunks: readonly Chunk[],
    ftsTexts: readonly string[],
    vectors: readonly Float32Array[] | null,
    at: number,
  ): void {
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i]!;
      const { lastInsertRowid } = this.insertChunk.run(
        `${file.path}#${offset + i}`,
        file.path,
        file.source,
        chunk.startLine,
        chunk.endLine,
        chunk.hash,
        chunk.text,
        at,
        chunk.firstMs ?? null,
        chunk.lastMs ?? null,
        chunk.secrets ? JSON.stringify(chunk.secrets) : null,
        chunk.days ? JSON.stringify(chunk.days) : null,
      );
      this.insertFts.run(lastInsertRowid, ftsTexts[i]!);
      if (this.tracking.chunks) this.pendingChunks.push(Number(lastInsertRowid));
      const vector = vectors?.[i];
      if (vector && this.insertVec) {
        // vec0 accepts only integer rowids bound as BigInt.
        this.insertVec.run(BigInt(lastInsertRowid), Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
        this.vectorRowWrites++;
        if (this.tracking.vectors)
          this.pendingVectors.push({ rowid: Number(lastInsertRowid), source: file.source, vector });
      }
    }
  }

  private writeFileRow(record: FileRecord, chunkCount: number, embedded: boolean, at: number): void {
    const { file } = record;
    const date = file.date;
    const metadata: FileMetadata = {
      layer: file.layer,
      archived: file.archived,
      agentId: file.agentId,
      date,
      checksum: file.checksum,
      type: file.type,
      tags: file.tags,
      sessionKind: file.sessionKind,
    };
    if (record.title) metadata.title = record.title;
    this.upsertFile.run(
      file.path,
      file.source,
      record.absPath,
      record.hash,
      file.mtimeMs,
      file.size,
      file.kind,
      date?.date ?? null,
      date?.source ?? null,
      date?.epochMs ?? null,
      record.indexState,
      record.indexError?.message ?? null,
      reasonRefColumn(record.indexError),
      record.malformedLines ?? null,
      chunkCount,
      embedded ? 1 : 0,
      JSON.stringify(metadata),
      at,
    );
  }

  private deleteRows(filePath: string): void {
    this.deleteIndexRows(this.selectRowids.all(filePath));
    this.deleteChunks.run(filePath);
  }

  private deleteSomeRows(filePath: string, max: number): number {
    const rowids = this.selectSomeRowids.all(filePath, max);
    this.deleteIndexRows(rowids);
    for (const rowid of rowids) this.deleteChunk.run(rowid);
    return rowids.length;
  }

  /** The FTS5 and vector rows of these chunks. */
  private deleteIndexRows(rowids: readonly number[]): void {
    const track = this.deleteVec !== null && this.tracking.vectors;
    for (const rowid of rowids) {
      this.deleteFts.run(rowid);
      if (this.deleteVec) {
        this.deleteVec.run(BigInt(rowid));
        this.vectorRowWrites++;
      }
      if (track) this.pendingVectors.push({ rowid, source: '', vector: null });
    }
  }

  /**
   * Runs a write and tells the listeners once it is committed: at once when it was the outermost
   * transaction, at the end of the enclosing transaction() batch otherwise. Rolled-back rows are
   * dropped. Inside someone else's transaction the outcome is unknown, and the listeners hear that.
   */
  private run(write: () => void, batch = false): void {
    const outermost = !this.db.inTransaction;
    const mark = this.pendingVectors.length;
    const chunkMark = this.pendingChunks.length;
    const vectorWritesBefore = this.vectorRowWrites;
    if (outermost) this.beginTracking();
    if (batch) this.batchDepth++;
    try {
      write();
    } catch (error) {
      this.pendingVectors.length = mark;
      this.pendingChunks.length = chunkMark;
      if (outermost) this.endTracking();
      throw error;
    } finally {
      if (batch) this.batchDepth--;
    }
    if (outermost) {
      const commit = {
        vectors: this.pendingVectors,
        insertedChunks: this.pendingChunks,
        ftsStructureBefore: this.ftsBefore,
      };
      this.endTracking();
      for (const listener of this.listeners) listener.didCommit(commit);
    } else if (this.batchDepth === 0) {
      this.pendingVectors.length = mark;
      this.pendingChunks.length = chunkMark;
      const vectorsTouched = this.vectorRowWrites > vectorWritesBefore;
      for (const listener of this.listeners) listener.didWriteUnknown(vectorsTouched);
    }
  }

  private beginTracking(): void {
    let vectors = false;
    let chunks = false;
    for (const listener of this.listeners) {
      vectors ||= listener.wantsVectorRows();
      chunks ||= listener.wantsChunkRows();
    }
    this.tracking = { vectors, chunks };
    if (chunks) this.readStructure ??= this.db.prepare<[], Buffer | undefined>(FTS_STRUCTURE_SQL).pluck();
    this.ftsBefore = this.readStructure && chunks ? (this.readStructure.get()?.toString('latin1') ?? '') : null;
  }

  private endTracking(): void {
    this.pendingVectors = [];
    this.pendingChunks = [];
    this.ftsBefore = null;
    this.tracking = { vectors: false, chunks: false };
  }
}
