// What a sync writes into and the largest file it indexes: apart from sync.ts so that the big-session
// indexer, which sync.ts calls, can use them without importing its caller.
import type Database from 'better-sqlite3';
import type { FileWriter } from '../index/file-writer.js';
import type { PostingsExchange } from '../search/sqlite/postings-handover.js';
import type { DiscoveredFile } from '../workspace/discover.js';
import type { EmbeddingTarget } from './embed-chunks.js';

export interface SyncTarget {
  db: Database.Database;
  writer: FileWriter;
  /** Present when an embedding model is loaded and the index has a vector table. */
  embedding?: EmbeddingTarget | null;
  /** The host's better-sqlite3 binding, for the worker that writes big transcripts (its own connection); default the package's. */
  nativeBinding?: string | null;
  /** The searching connection's last words and inbox: a big transcript's worker reads their doclists before it commits. */
  postings?: PostingsExchange | null;
}

/** Big enough for months of one session's transcript (tool output makes most of its bytes). */
export const MAX_INDEXED_SESSION_BYTES = 64 * 1024 * 1024;
/**
 * Far above any hand-written memory, and the editor's own limit: a 50 MB Markdown file (a log
 * pasted into memory/) became 43k chunks and 1.3 GB of memory while indexing. Larger files are
 * listed, marked skipped with the reason, and open in the editor as a read-only window.
 */
export const MAX_INDEXED_MARKDOWN_BYTES = 5 * 1024 * 1024;

/** Largest file of this kind that is indexed. */
export function maxIndexedBytes(file: Pick<DiscoveredFile, 'source'>): number {
  return file.source === 'sessions' ? MAX_INDEXED_SESSION_BYTES : MAX_INDEXED_MARKDOWN_BYTES;
}
