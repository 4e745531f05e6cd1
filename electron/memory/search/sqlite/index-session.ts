// Everything a search keeps beside one open SQLite connection: prepared statements, term counts,
// chunk lengths, the vector matrix, file dates and metadata. The live index owns one per
// connection and subscribes it to FileWriter's commits; nothing here outlives the connection.
import type Database from 'better-sqlite3';
import type { IndexCommit, IndexCommitListener } from '../../index/index-commit.js';
import { ChunkLengths } from './chunk-lengths.js';
import type { VectorHit } from '../core/quantized-scan.js';
import { StatementCache } from './statement-cache.js';
import { VectorMatrixCache } from './vector-matrix.js';

/** One FTS5 row as bm25-union.ts ranks it (its rowid and FTS5's bm25()). */
export interface UnionHit {
  rowid: number;
  bm25: number;
}

/** Test hooks (IndexSessionOptions.selfCheck): change what an accelerator answers during the self-check only. */
export interface SelfCheckTamper {
  keyword?(hits: UnionHit[]): UnionHit[];
  vector?(hits: VectorHit[]): VectorHit[];
}

/**
 * A cache some module keeps beside the connection, declared by that module (`sessionSlot`), so the
 * session owns its lifetime without knowing its type: every slot is disposed when the session closes.
 */
export interface SessionSlot<T> {
  readonly name: string;
  readonly dispose?: (value: T) => void;
}

export function sessionSlot<T>(name: string, dispose?: (value: T) => void): SessionSlot<T> {
  return dispose ? { name, dispose } : { name };
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
  /** The keyword accelerator's self-check finished (it runs after a search, never inside one): null when it agreed. */
  keywordSelfCheck?(mismatch: string | null): void;
  /** A term's doclist was read from the index (not one kept, or handed over by a writer). */
  doclistRead?(term: string): void;
}

export interface IndexSessionOptions {
  accelerators?: Accelerators;
  observer?: SessionObserver;
  /** Test hook: alters the accelerators' answers during their self-check, to prove a mismatch turns them off. */
  selfCheck?: SelfCheckTamper;
  /**
   * The session reads inside its own connection's write, once FTS5's pending terms are flushed
   * (accelerator-check.ts's checkKeywordBeforeCommit): the doclists may be read in that transaction.
   */
  withinOwnWrite?: boolean;
}

/** Plenty for the IDF arguments of recent queries; cleared, not evicted one by one. */
const MAX_KEPT_LN = 20_000;

export class IndexSession implements IndexCommitListener {
  readonly accelerators: Accelerators;
  readonly observer: SessionObserver | null;
  readonly statements: StatementCache;
  readonly chunkLengths: ChunkLengths;
  readonly vectors: VectorMatrixCache;
  readonly tamper: SelfCheckTamper;
  readonly withinOwnWrite: boolean;
  private vecLoaded: boolean | null = null;
  /** PRAGMA data_version and total_changes() in one read (every cache of a search asks for both). */
  private changeRead: Database.Statement<[], [number, number]> | null = null;
  private lnStatement: Database.Statement<[number], number> | null | undefined;
  /** ln() answers already read: a query's IDFs take the same few chunk counts again and again. */
  private readonly lnOf = new Map<number, number>();
  /** The change key while `withChangeKey` runs (nothing can move it then but this connection's own writes). */
  private heldKey: string | null = null;
  private holding = 0;
  private readonly slots = new Map<SessionSlot<never>, unknown>();

  constructor(
    readonly db: Database.Database,
    options: IndexSessionOptions = {},
  ) {
    this.accelerators = { ...options.accelerators };
    this.observer = options.observer ?? null;
    this.tamper = options.selfCheck ?? {};
    this.withinOwnWrite = options.withinOwnWrite ?? false;
    this.statements = new StatementCache(db);
    this.chunkLengths = new ChunkLengths(db);
    this.vectors = new VectorMatrixCache(db);
  }

  /**
   * A value that changes whenever the index's contents may have: another connection's commit
   * moves PRAGMA data_version, this connection's own writes move total_changes().
   */
  changeKey(): string {
    if (this.heldKey !== null) return this.heldKey;
    this.changeRead ??= this.db
      .prepare<[], [number, number]>('SELECT data_version, total_changes() FROM pragma_data_version')
      .raw();
    const [dataVersion, totalChanges] = this.changeRead.get()!;
    const key = `${dataVersion}:${totalChanges}`;
    if (this.holding > 0) this.heldKey = key;
    return key;
  }

  /**
   * Runs `read` (synchronous, no writes of its own) with the change key read once: each of a
   * search's caches asks for it, a statement each time. Another thread or process commits only
   * into a later read; this connection's commits reach didCommit or didWriteUnknown, which drop it.
   */
  withChangeKey<T>(read: () => T): T {
    if (this.withinOwnWrite) return read();
    this.holding += 1;
    try {
      return read();
    } finally {
      this.holding -= 1;
      if (this.holding === 0) this.heldKey = null;
    }
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
    if (!this.lnStatement) return Math.log(x);
    let y = this.lnOf.get(x);
    if (y === undefined) {
      if (this.lnOf.size >= MAX_KEPT_LN) this.lnOf.clear();
      y = this.lnStatement.get(x)!;
      this.lnOf.set(x, y);
    }
    return y;
  }

  /** The value a module keeps in `slot` on this connection, if it made one. */
  get<T>(slot: SessionSlot<T>): T | undefined {
    return this.slots.get(slot as SessionSlot<never>) as T | undefined;
  }

  /** Keeps `value` in `slot` (disposing the value it replaces) and returns it. */
  set<T>(slot: SessionSlot<T>, value: T): T {
    const key = slot as SessionSlot<never>;
    const previous = this.slots.get(key) as T | undefined;
    if (previous !== undefined && previous !== value) slot.dispose?.(previous);
    this.slots.set(key, value);
    return value;
  }

  /** The slot's value, made by `create` on first use. */
  slot<T>(slot: SessionSlot<T>, create: () => T): T {
    const found = this.get(slot);
    return found !== undefined ? found : this.set(slot, create());
  }

  wantsVectorRows(): boolean {
    return this.vectors.loaded;
  }

  wantsChunkRows(): boolean {
    return this.chunkLengths.kept;
  }

  didCommit(commit: IndexCommit): void {
    this.heldKey = null;
    this.vectors.patch(commit.vectors);
    this.chunkLengths.patch(commit.insertedChunks, commit.ftsStructureBefore);
  }

  didWriteUnknown(vectorsTouched: boolean): void {
    this.heldKey = null;
    if (vectorsTouched) this.vectors.invalidate();
    this.chunkLengths.invalidate();
  }

  /** Frees what the session holds (the connection is closing): every slot is disposed. */
  close(): void {
    this.vectors.release();
    const slots = [...this.slots];
    this.slots.clear();
    for (const [slot, value] of slots) (slot as SessionSlot<unknown>).dispose?.(value);
  }
}
