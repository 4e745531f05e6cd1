// Everything a search keeps beside one open SQLite connection: prepared statements, term counts,
// chunk lengths, the vector matrix, file dates and metadata. The live index owns one per
// connection and subscribes it to FileWriter's commits; nothing here outlives the connection.
import type Database from 'better-sqlite3';
import type { IndexCommit, IndexCommitListener } from '../index/index-commit.js';
import type { UnionState } from './bm25-union.js';
import type { TermStatsCache } from './bm25-terms.js';
import { ChunkLengths } from './chunk-lengths.js';
import type { FileDates } from './keyword-filters.js';
import type { SearchFileMeta } from './run-search.js';
import { StatementCache } from './statement-cache.js';
import { VectorMatrixCache } from './vector-matrix.js';

/** Metadata of files by path, read from `files` (search-context.ts fills it). */
export interface FileMetaCache {
  key: string;
  byPath: Map<string, SearchFileMeta | null>;
}

/** Which fast paths may run; the baseline (SQLite's own ranking) always can. */
export interface Accelerators {
  /** bm25-union.ts's ranking from FTS5's doclists instead of FTS5's bm25(). */
  keyword: boolean;
  /** The in-memory int8 scan (vector-matrix.ts) instead of sqlite-vec's KNN. */
  vector: boolean;
}

/** What tests and benchmarks watch happen inside a session (never needed to search). */
export interface SessionObserver {
  /** How a filtered union ranking went: the best chunks checked one by one, or every passing chunk. */
  filterStrategy?(strategy: 'one-by-one' | 'all-passing'): void;
}

export interface IndexSessionOptions {
  /** Forces the accelerators on or off (tests, benchmarks); default: on. */
  accelerators?: Partial<Accelerators>;
  observer?: SessionObserver;
}

export class IndexSession implements IndexCommitListener {
  readonly accelerators: Accelerators;
  readonly observer: SessionObserver | null;
  readonly statements: StatementCache;
  readonly chunkLengths: ChunkLengths;
  readonly vectors: VectorMatrixCache;
  /** bm25-union.ts's scoring arrays; created on the first union ranking. */
  union: UnionState | null = null;
  /** bm25-terms.ts's chunk counts per term, for the index as of `key`. */
  termStats: TermStatsCache | null = null;
  /** keyword-filters.ts's dated files, for the date-range estimates. */
  fileDates: FileDates | null = null;
  fileMeta: FileMetaCache | null = null;
  private vecLoaded: boolean | null = null;
  private changeReads: { dataVersion: Database.Statement<[], number>; totalChanges: Database.Statement<[], number> } | null = null;

  constructor(readonly db: Database.Database, options: IndexSessionOptions = {}) {
    this.accelerators = { keyword: true, vector: true, ...options.accelerators };
    this.observer = options.observer ?? null;
    this.statements = new StatementCache(db);
    this.chunkLengths = new ChunkLengths(db);
    this.vectors = new VectorMatrixCache(db);
  }

  /**
   * A value that changes whenever the index's contents may have: another connection's commit
   * moves PRAGMA data_version, this connection's own writes move total_changes().
   */
  changeKey(): string {
    this.changeReads ??= {
      dataVersion: this.db.prepare<[], number>('PRAGMA data_version').pluck(),
      totalChanges: this.db.prepare<[], number>('SELECT total_changes()').pluck(),
    };
    return `${this.changeReads.dataVersion.get()}:${this.changeReads.totalChanges.get()}`;
  }

  statement<R = unknown>(sql: string, setup?: () => void): Database.Statement<Record<string, unknown>, R> {
    return this.statements.get<R>(sql, setup);
  }

  /** Whether sqlite-vec's functions are loaded on this connection. */
  get sqliteVecLoaded(): boolean {
    if (this.vecLoaded === null) {
      try {
        this.db.prepare('SELECT vec_version()').get();
        this.vecLoaded = true;
      } catch {
        this.vecLoaded = false;
      }
    }
    return this.vecLoaded;
  }

  wantsVectorRows(): boolean {
    return this.vectors.loaded;
  }

  wantsChunkRows(): boolean {
    return this.chunkLengths.kept;
  }

  didCommit(commit: IndexCommit): void {
    this.vectors.patch(commit.vectors);
    this.chunkLengths.patch(commit.insertedChunks, commit.ftsStructureBefore);
  }

  didWriteUnknown(vectorsTouched: boolean): void {
    if (vectorsTouched) this.vectors.invalidate();
    this.chunkLengths.invalidate();
  }

  /** Frees what the session holds in memory (the connection is closing). */
  close(): void {
    this.vectors.release();
    this.union = null;
    this.termStats = null;
    this.fileDates = null;
    this.fileMeta = null;
  }
}
