// Everything a search keeps beside one open SQLite connection: prepared statements, term counts,
// chunk lengths, the vector matrix, file dates and metadata. The live index owns one per
// connection and subscribes it to FileWriter's commits; nothing here outlives the connection.
import type Database from 'better-sqlite3';
import type { IndexCommit, IndexCommitListener } from '../index/index-commit.js';
import {
  checkKeywordAccelerator,
  checkVectorAccelerator,
  keywordGate,
  vectorGate,
  type Gate,
  type SelfCheckTamper,
} from './accelerator-check.js';
import type { UnionState } from './bm25-union.js';
import type { ExpansionResources } from './query-expansion/lexical-expansion.js';
import type { TermStatsCache } from './bm25-terms.js';
import { ChunkLengths } from './chunk-lengths.js';
import type { FileDates } from './keyword-filters.js';
import type { SearchFileMeta } from './run-search.js';
import { StatementCache } from './statement-cache.js';
import { VectorMatrixCache } from './vector-matrix.js';
import { vectorTableKind } from './vector-search.js';

/** Metadata of files by path, read from `files` (search-context.ts fills it). */
export interface FileMetaCache {
  key: string;
  byPath: Map<string, SearchFileMeta | null>;
}

/**
 * The fast paths. Absent: each runs only where its gates and its self-check at first use let it
 * (accelerator-check.ts); true or false forces it (tests and benchmarks compare the two ways).
 */
export interface Accelerators {
  /** bm25-union.ts's ranking from FTS5's doclists instead of FTS5's bm25(). */
  keyword?: boolean;
  /** The in-memory int8 scan (vector-matrix.ts) instead of sqlite-vec's KNN. */
  vector?: boolean;
}

/** What a search on this connection really runs on, for status(). */
export interface SearchBackends {
  keyword: 'fts5-bm25' | 'fts5-doclists';
  /** `js-scan`: the int8 scan over a plain table, where sqlite-vec could not load; `none`: no vectors stored. */
  vector: 'sqlite-vec-knn' | 'int8-scan' | 'js-scan' | 'none';
  /** Why an accelerator that could run does not (a failed self-check), in words for the user. */
  notices: string[];
}

/** What tests and benchmarks watch happen inside a session (never needed to search). */
export interface SessionObserver {
  /** How a filtered union ranking went: the best chunks checked one by one, or every passing chunk. */
  filterStrategy?(strategy: 'one-by-one' | 'all-passing'): void;
}

export interface IndexSessionOptions {
  accelerators?: Accelerators;
  observer?: SessionObserver;
  /** Test hook: alters the accelerators' answers during their self-check, to prove a mismatch turns them off. */
  selfCheck?: SelfCheckTamper;
}

export class IndexSession implements IndexCommitListener {
  readonly accelerators: Accelerators;
  readonly observer: SessionObserver | null;
  readonly statements: StatementCache;
  readonly chunkLengths: ChunkLengths;
  readonly vectors: VectorMatrixCache;
  /** bm25-union.ts's scoring arrays; created on the first union ranking. */
  union: UnionState | null = null;
  /** The thesaurus and dictionaries query expansion reads; loaded on the first search that expands. */
  expansionResources: ExpansionResources | null = null;
  /** bm25-terms.ts's chunk counts per term, for the index as of `key`. */
  termStats: TermStatsCache | null = null;
  /** keyword-filters.ts's dated files, for the date-range estimates. */
  fileDates: FileDates | null = null;
  fileMeta: FileMetaCache | null = null;
  private vecLoaded: boolean | null = null;
  private changeReads: {
    dataVersion: Database.Statement<[], number>;
    totalChanges: Database.Statement<[], number>;
  } | null = null;

  private keywordDecision: Gate | null = null;
  private vectorDecision: Gate | null = null;
  /** changeKey at which a size gate last kept an accelerator off: asked again only once the index changed. */
  private keywordSizeCheckedAt: string | null = null;
  private vectorSizeCheckedAt: string | null = null;
  private readonly notices: string[] = [];
  private readonly tamper: SelfCheckTamper;
  private lnStatement: Database.Statement<[number], number> | null | undefined;

  constructor(
    readonly db: Database.Database,
    options: IndexSessionOptions = {},
  ) {
    this.accelerators = { ...options.accelerators };
    this.observer = options.observer ?? null;
    this.tamper = options.selfCheck ?? {};
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

  /**
   * The natural log every BM25 IDF is taken with, here and in the breakdown: SQLite's ln(), which
   * is the C library's log() that fts5_aux.c calls (V8's Math.log differs in the last bit now and
   * then). A SQLite built without math functions gets Math.log.
   */
  ln(x: number): number {
    if (this.lnStatement === undefined) {
      try {
        this.lnStatement = this.db.prepare<[number], number>('SELECT ln(?)').pluck();
      } catch {
        this.lnStatement = null;
      }
    }
    return this.lnStatement ? this.lnStatement.get(x)! : Math.log(x);
  }

  /** Whether the keyword side ranks from FTS5's doclists (else FTS5's own bm25()). */
  keywordAccelerated(): boolean {
    if (this.accelerators.keyword !== undefined) return this.accelerators.keyword;
    if (this.keywordDecision && (this.keywordDecision.on || this.keywordDecision.final)) return this.keywordDecision.on;
    // Inside a write the doclists cannot be read in one snapshot: decide on the next query.
    if (this.db.inTransaction) return false;
    const key = this.changeKey();
    if (this.keywordDecision && this.keywordSizeCheckedAt === key) return false;
    this.keywordSizeCheckedAt = key;
    let gate = keywordGate(this.db);
    if (gate.on) {
      const mismatch = checkKeywordAccelerator(this, this.tamper.keyword);
      if (mismatch) {
        gate = { on: false, reason: mismatch, final: true };
        this.notices.push(`Keyword ranking uses FTS5's bm25(): ${mismatch}.`);
      }
    }
    this.keywordDecision = gate;
    return gate.on;
  }

  /** Whether vector queries scan the in-memory int8 matrix (else sqlite-vec's KNN). */
  vectorAccelerated(knn: (query: Float32Array, limit: number) => { chunkRowid: number; cosine: number }[]): boolean {
    if (this.accelerators.vector !== undefined) return this.accelerators.vector;
    if (this.vectorDecision && (this.vectorDecision.on || this.vectorDecision.final)) return this.vectorDecision.on;
    const key = this.changeKey();
    if (this.vectorDecision && this.vectorSizeCheckedAt === key) return false;
    this.vectorSizeCheckedAt = key;
    let gate = vectorGate(this.db);
    if (gate.on) {
      const matrix = this.vectors.matrix();
      const mismatch = matrix
        ? checkVectorAccelerator(this.db, matrix, knn, this.tamper.vector)
        : 'no vectors could be read into memory';
      if (mismatch) {
        gate = { on: false, reason: mismatch, final: true };
        this.vectors.release();
        this.notices.push(`Vector search uses sqlite-vec's KNN: ${mismatch}.`);
      }
    }
    this.vectorDecision = gate;
    return gate.on;
  }

  /** The backends the last searches ran on (the accelerators count once they passed their self-check). */
  backends(): SearchBackends {
    const keywordOn = this.accelerators.keyword ?? this.keywordDecision?.on ?? false;
    const vectorOn = this.accelerators.vector ?? this.vectorDecision?.on ?? false;
    const table = vectorTableKind(this.db);
    const vector =
      table === 'none' ? 'none' : table === 'plain' ? 'js-scan' : vectorOn ? 'int8-scan' : 'sqlite-vec-knn';
    return { keyword: keywordOn ? 'fts5-doclists' : 'fts5-bm25', vector, notices: [...this.notices] };
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
