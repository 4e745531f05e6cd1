// The index file the engine currently serves from, and the two ways it gets replaced: moved
// aside when damaged (quarantine), or swapped for a complete rebuild (`index.sqlite.next`).
// Also caches the counts status() reports, since they only change when the index is written.
import type { IndexError } from '../../shared/domain.js';
import type { EmbeddingProvider } from './embed/embedding-provider.js';
import { EmbeddingCache } from './index/embedding-cache.js';
import { FileWriter } from './index/file-writer.js';
import { openIndexDb, quarantineIndexFile, removeIndexFiles, replaceIndexFile } from './index/index-db.js';
import type { ExpectedIndexMeta, IndexDb } from './index/index-db.js';
import { readIndexCounts } from './index/index-queries.js';
import type { IndexCounts } from './index/index-queries.js';
import type { SyncTarget } from './sync/sync.js';

export class LiveIndex {
  private current: IndexDb;
  private currentTarget: SyncTarget;
  private counts: IndexCounts | null = null;
  private failedFiles: IndexError[] | null = null;

  constructor(
    readonly dbPath: string,
    private readonly expected: ExpectedIndexMeta,
    private readonly embedder: EmbeddingProvider | null,
    private readonly nativeBinding: string | undefined,
  ) {
    this.current = this.openAt(dbPath);
    this.currentTarget = this.targetFor(this.current);
  }

  get index(): IndexDb {
    return this.current;
  }

  get target(): SyncTarget {
    return this.currentTarget;
  }

  /** Why the served index must be rebuilt (version, chunking or model mismatch), or null. */
  get staleReason(): string | null {
    return this.current.staleReason;
  }

  /** Sync target for an index: vectors only when it holds the loaded model's vectors. */
  targetFor(index: IndexDb): SyncTarget {
    const writer = new FileWriter(index.db);
    const vectorsMatch = this.embedder !== null && index.embedding !== null && index.staleReason === null && writer.vectorsEnabled;
    return {
      db: index.db,
      writer,
      embedding: vectorsMatch ? { provider: this.embedder!, cache: new EmbeddingCache(index.db, index.embedding!) } : null,
    };
  }

  /** Moves the damaged file aside and serves a fresh, empty index; returns where the old one went. */
  quarantine(): string {
    this.current.close();
    const movedTo = quarantineIndexFile(this.dbPath, new Date());
    this.replaceCurrent(this.openAt(this.dbPath));
    return movedTo;
  }

  /** An empty index at `<dbPath>.next` to rebuild into while the current one keeps serving. */
  openReplacement(): IndexDb {
    return openIndexDb(`${this.dbPath}.next`, { expected: this.expected, fresh: true, ...this.bindingOption() });
  }

  /** Close both, rename the finished replacement over the served file, serve it. */
  swapIn(replacement: IndexDb): void {
    replacement.close();
    this.current.close();
    try {
      replaceIndexFile(replacement.path, this.dbPath);
    } finally {
      // Swapped or not, serve whatever is now at dbPath (the old index if the rename failed).
      this.replaceCurrent(this.openAt(this.dbPath));
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
        .prepare("SELECT path, index_error, indexed_at FROM files WHERE index_state = 'failed' ORDER BY path LIMIT 1000")
        .all() as { path: string; index_error: string | null; indexed_at: number }[];
      this.failedFiles = rows.map((row) => ({ path: row.path, message: row.index_error ?? 'failed', at: row.indexed_at }));
    }
    return this.failedFiles;
  }

  /** The index was written: counts and failures are read again on the next status(). */
  invalidate(): void {
    this.counts = null;
    this.failedFiles = null;
  }

  close(): void {
    this.current.close();
  }

  private replaceCurrent(index: IndexDb): void {
    this.current = index;
    this.currentTarget = this.targetFor(index);
    this.invalidate();
  }

  private openAt(dbPath: string): IndexDb {
    return openIndexDb(dbPath, { expected: this.expected, ...this.bindingOption() });
  }

  private bindingOption(): { nativeBinding?: string } {
    return this.nativeBinding ? { nativeBinding: this.nativeBinding } : {};
  }
}
