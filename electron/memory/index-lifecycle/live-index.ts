// The index file the engine currently serves from, and the primitives that replace it: moved
// aside when damaged (quarantine), swapped for a complete rebuild (`<index>.next`), or opened
// again when the file changed underneath. Also caches the counts status() reports, since they
// only change when the index is written, and the served connection's IndexSession (the search
// caches), which hears every commit of the served index's writer. index-lifecycle.ts decides when each one runs.
import type { IndexError, SkippedFile } from '../../../shared/domain.js';
import { indexLog, indexReasons, skippedReasonFields, type IndexReason } from '../../../shared/index-reasons.js';
import { readReason } from '../index/index-reason-column.js';
import type { EmbeddingProvider } from '../embed/embedding-provider.js';
import { EmbeddingCache } from '../index/embedding-cache.js';
import { FileWriter } from '../index/file-writer.js';
import { openIndexDb, quarantineIndexFile, removeIndexFiles, replaceIndexFile } from '../index/index-db.js';
import type { ExpectedIndexMeta, IndexDb } from '../index/index-db.js';
import { readIndexCounts } from '../index/index-queries.js';
import type { IndexCounts } from '../index/index-queries.js';
import { settleKeywordCheck } from '../search/sqlite/accelerator-check.js';
import { postingsExchange } from '../search/sqlite/bm25-union.js';
import { IndexSession } from '../search/sqlite/index-session.js';
import type { IndexSessionOptions } from '../search/sqlite/index-session.js';
import type { SyncTarget } from '../sync/sync.js';
import { checkIndexFile, holdIndexFile } from './index-file-check.js';
import type { IndexFileHandle } from './index-file-check.js';

/** Renamed over during this many opens in a row: serve the last one; the next look at the file adopts what is there. */
const OPEN_ATTEMPTS = 3;

/** Test hooks (IndexLifecycleOptions.liveIndex): a step of another process lands at a chosen point. */
export interface LiveIndexHooks {
  /** Runs after SQLite has opened the served path, before the engine looks at which file that is. */
  afterIndexOpen?(dbPath: string): void;
}

export class LiveIndex {
  private current: IndexDb;
  private currentSession: IndexSession | null = null;
  private currentTarget: SyncTarget | null = null;
  private servedPath: string;
  private sideNote: IndexReason | null = null;
  private fileHandle: IndexFileHandle | null = null;
  private served = 0;
  private counts: IndexCounts | null = null;
  private failedFiles: IndexError[] | null = null;
  private skippedFiles: SkippedFile[] | null = null;

  /** Opens the index at `requestedPath` — or its side file when a newer version owns that one. */
  constructor(
    readonly requestedPath: string,
    private readonly expected: ExpectedIndexMeta,
    private readonly embedder: EmbeddingProvider | null,
    private readonly nativeBinding: string | undefined,
    private readonly sessionOptions: IndexSessionOptions = {},
    private readonly hooks: LiveIndexHooks = {},
  ) {
    this.servedPath = requestedPath;
    this.current = this.openServed();
  }

  get index(): IndexDb {
    return this.current;
  }

  /** The search caches of the served connection; replaced with the connection. */
  get session(): IndexSession {
    this.currentSession ??= new IndexSession(this.current.db, this.sessionOptions);
    return this.currentSession;
  }

  /** The file served from: the requested path, or its side file (see sideFileNote). */
  get dbPath(): string {
    return this.servedPath;
  }

  /** Why the index lives in a side file, when it does. */
  get sideFileNote(): IndexReason | null {
    return this.sideNote;
  }

  /** The file the open connection reads (null if it vanished right after SQLite opened it). */
  get handle(): IndexFileHandle | null {
    return this.fileHandle;
  }

  /** Bumped whenever another file starts being served: a check begun before it compares against the wrong file. */
  get generation(): number {
    return this.served;
  }

  /** Why the served index must be rebuilt (version, chunking, model mismatch or missing tables), or null. */
  get staleReason(): IndexReason | null {
    return this.current.staleReason;
  }

  /** Where writes go. Throws when the index cannot take them (a table is missing): see writableTarget. */
  get target(): SyncTarget {
    this.currentTarget ??= this.targetFor(this.current);
    return this.currentTarget;
  }

  /** The write target, or null while a stale index lacks the tables to take writes (its rebuild will). */
  writableTarget(): SyncTarget | null {
    try {
      return this.target;
    } catch (error) {
      if (this.current.staleReason === null) throw error;
      return null;
    }
  }

  /** Sync target for an index: vectors only when it holds the loaded model's vectors. */
  targetFor(index: IndexDb): SyncTarget {
    const writer = new FileWriter(index.db);
    // Only the served connection has caches to keep in step; a rebuild's file gets a session when swapped in.
    if (index === this.current) writer.onDidCommit(this.session);
    const vectorsMatch =
      this.embedder !== null && index.embedding !== null && index.staleReason === null && writer.vectorsEnabled;
    return {
      db: index.db,
      writer,
      embedding: vectorsMatch
        ? { provider: this.embedder!, cache: new EmbeddingCache(index.db, index.embedding!) }
        : null,
      // Big transcripts are written on a worker's connection (sync/big-session-thread.ts): same binding.
      nativeBinding: this.nativeBinding ?? null,
      postings: index === this.current ? postingsExchange(this.session) : null,
    };
  }

  /**
   * Moves whatever is at the served path aside (the damaged file, or the -wal/-shm a deleted
   * file left) and serves a fresh, empty index; returns where it went, or null if nothing was there.
   */
  quarantine(): string | null {
    let movedTo: string | null;
    try {
      // Moved while still open, so closing cannot checkpoint the WAL into it: what goes aside is exactly what was found.
      movedTo = quarantineIndexFile(this.servedPath, new Date());
      this.closeCurrent();
    } catch {
      // Windows refuses to rename a file that is open: close first.
      this.closeCurrent();
      movedTo = quarantineIndexFile(this.servedPath, new Date());
    }
    this.replaceCurrent(this.openAt(this.servedPath));
    return movedTo;
  }

  /** Serves whatever is at the served path now (the file was replaced, or a rebuild elsewhere finished). */
  reopen(): IndexDb {
    this.closeCurrent();
    this.replaceCurrent(this.openServed());
    return this.current;
  }

  /** An empty index at `<dbPath>.next` to rebuild into while the current one keeps serving. */
  openReplacement(): IndexDb {
    return openIndexDb(`${this.servedPath}.next`, { expected: this.expected, fresh: true, ...this.bindingOption() });
  }

  /** Close both, rename the finished replacement over the served file, serve it. */
  swapIn(replacement: IndexDb): void {
    replacement.close();
    this.closeCurrent();
    try {
      replaceIndexFile(replacement.path, this.servedPath);
    } finally {
      // Swapped or not, serve whatever is now at the path (the old index if the rename failed).
      this.replaceCurrent(this.openAt(this.servedPath));
    }
  }

  discardReplacement(replacement: IndexDb): void {
    replacement.close();
    removeIndexFiles(replacement.path);
  }

  /** Counts for status(); throws SQLite's error when the index is damaged. */
  readCounts(): IndexCounts {
    this.counts ??= readIndexCounts(this.current.db);
    return this.counts;
  }

  /** Failed files, from the index (so they survive restarts). */
  readFailedFiles(): IndexError[] {
    if (!this.failedFiles) {
      const rows = this.current.db
        .prepare(
          "SELECT path, index_error, index_error_ref, indexed_at FROM files WHERE index_state = 'failed' ORDER BY path LIMIT 1000",
        )
        .all() as { path: string; index_error: string | null; index_error_ref: string | null; indexed_at: number }[];
      this.failedFiles = rows.map((row) => ({
        path: row.path,
        ...(readReason(row.index_error, row.index_error_ref) ?? indexReasons.failed()),
        at: row.indexed_at,
      }));
    }
    return this.failedFiles;
  }

  /** Files left out on purpose (too large, binary), from the index. */
  readSkippedFiles(): SkippedFile[] {
    this.skippedFiles ??= (
      this.current.db
        .prepare(
          "SELECT path, index_error, index_error_ref FROM files WHERE index_state = 'skipped' ORDER BY path LIMIT 1000",
        )
        .all() as { path: string; index_error: string | null; index_error_ref: string | null }[]
    ).map((row) => ({
      path: row.path,
      ...skippedReasonFields(readReason(row.index_error, row.index_error_ref) ?? indexReasons.notIndexed()),
    }));
    return this.skippedFiles;
  }

  /** The index was written: counts and failures are read again on the next status(). */
  invalidate(): void {
    this.counts = null;
    this.failedFiles = null;
    this.skippedFiles = null;
  }

  close(): void {
    if (this.currentSession) settleKeywordCheck(this.currentSession);
    this.closeCurrent();
  }

  /**
   * An index written by a newer version is not ours to rebuild over: that version would have to
   * rebuild in turn, and a downgrade-then-upgrade would cost two rebuilds. This version keeps
   * its own index beside it (`<index>.schema-<N>`) and leaves the newer one untouched.
   */
  private openServed(): IndexDb {
    const index = this.openAt(this.servedPath);
    if (index.newerSchemaVersion === null || this.servedPath !== this.requestedPath) return index;
    this.current = index;
    this.closeCurrent();
    const newer = index.newerSchemaVersion;
    this.servedPath = `${this.requestedPath}.schema-${this.expected.schemaVersion}`;
    this.sideNote = indexLog('sideFile', {
      path: this.requestedPath,
      stored: newer,
      expected: this.expected.schemaVersion,
      sidePath: this.servedPath,
    });
    return this.openAt(this.servedPath);
  }

  private replaceCurrent(index: IndexDb): void {
    this.current = index;
    this.currentTarget = null;
    this.invalidate();
  }

  /**
   * Opens the file at `dbPath` and holds that same file: held before SQLite opens the path, since
   * another process may rename its rebuild over it meanwhile. Held only afterwards, that new file
   * would pass for the one SQLite reads, and the old, stale one would be rebuilt a second time.
   */
  private openAt(dbPath: string): IndexDb {
    for (let attempt = 1; ; attempt++) {
      const held = holdIndexFile(dbPath);
      let index: IndexDb | null = null;
      try {
        index = openIndexDb(dbPath, { expected: this.expected, ...this.bindingOption() });
        this.hooks.afterIndexOpen?.(dbPath);
      } catch (error) {
        index?.close();
        held?.release();
        throw error;
      }
      if (!held || index.quarantined) {
        // SQLite reads a file this open created (none was there, or it moved a damaged one aside).
        held?.release();
        this.fileHandle = holdIndexFile(dbPath);
      } else if (checkIndexFile(dbPath, held).kind === 'replaced' && attempt < OPEN_ATTEMPTS) {
        // Replaced while SQLite opened it: open again. The connection first, then the held file (see closeCurrent).
        index.close();
        held.release();
        continue;
      } else {
        // Still replaced after the last attempt: the next look at the file sees it and adopts the new one.
        this.fileHandle = held;
      }
      this.served += 1;
      return index;
    }
  }

  /** The connection first, then the held file: in that order SQLite's locks on it are never dropped early. */
  private closeCurrent(): void {
    this.currentSession?.close();
    this.currentSession = null;
    this.current.close();
    this.fileHandle?.release();
    this.fileHandle = null;
  }

  private bindingOption(): { nativeBinding?: string } {
    return this.nativeBinding ? { nativeBinding: this.nativeBinding } : {};
  }
}
