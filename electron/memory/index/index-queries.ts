// Read-side queries over the index: the file list the browser shows, the counts status reports,
// and the compact per-file state that sync compares against disk.
import type Database from 'better-sqlite3';
import type { FileIndexState, FileListEntry, MemorySource, WorkspaceFile } from '../../../shared/domain.js';
import type { IndexReason } from '../../../shared/index-reasons.js';
import { readReason } from './index-reason-column.js';
import { META_KEYS } from './schema.js';
import { metaNumber, readMeta } from './meta.js';

interface FileRow {
  path: string;
  source: MemorySource;
  mtime_ms: number;
  size: number;
  kind: WorkspaceFile['kind'];
  index_state: FileIndexState;
  index_error: string | null;
  index_error_ref: string | null;
  malformed_lines: number | null;
  chunk_count: number;
  metadata: string;
}

export function listFileEntries(db: Database.Database): FileListEntry[] {
  const rows = db
    .prepare(
      'SELECT path, source, mtime_ms, size, kind, index_state, index_error, index_error_ref, malformed_lines, chunk_count, metadata FROM files ORDER BY path',
    )
    .all() as FileRow[];
  return rows.map(toFileListEntry);
}

export function getFileEntry(db: Database.Database, filePath: string): FileListEntry | null {
  const row = db
    .prepare(
      'SELECT path, source, mtime_ms, size, kind, index_state, index_error, index_error_ref, malformed_lines, chunk_count, metadata FROM files WHERE path = ?',
    )
    .get(filePath) as FileRow | undefined;
  return row ? toFileListEntry(row) : null;
}

function toFileListEntry(row: FileRow): FileListEntry {
  const metadata = JSON.parse(row.metadata) as Partial<WorkspaceFile> & { title?: string };
  const entry: FileListEntry = {
    path: row.path,
    source: row.source,
    kind: row.kind,
    archived: metadata.archived ?? false,
    date: metadata.date ?? null,
    size: row.size,
    mtimeMs: row.mtime_ms,
    indexState: row.index_state,
    chunks: row.chunk_count,
  };
  if (metadata.title) entry.title = metadata.title;
  if (metadata.layer) entry.layer = metadata.layer;
  if (metadata.agentId) entry.agentId = metadata.agentId;
  if (metadata.sessionKind) entry.sessionKind = metadata.sessionKind;
  if (metadata.checksum) entry.checksum = metadata.checksum;
  if (metadata.type) entry.type = metadata.type;
  if (metadata.tags) entry.tags = metadata.tags;
  const reason = readReason(row.index_error, row.index_error_ref);
  if (reason?.message) {
    entry.indexError = reason.message;
    if (reason.messageId) entry.indexErrorId = reason.messageId;
    if (reason.params) entry.indexErrorParams = reason.params;
  }
  if (row.malformed_lines !== null) entry.malformedLines = row.malformed_lines;
  return entry;
}

/** What sync needs to decide, per path, whether a file changed: one row per file, no JSON. */
export interface IndexedFileState {
  size: number;
  mtimeMs: number;
  hash: string | null;
  failed: boolean;
  /** Left out on purpose (too large, binary); `reason` says why. */
  skipped: boolean;
  reason: IndexReason | null;
  embedded: boolean;
}

export function loadFileStates(db: Database.Database): Map<string, IndexedFileState> {
  const rows = db
    .prepare('SELECT path, size, mtime_ms, hash, index_state, embedded, index_error, index_error_ref FROM files')
    .raw()
    .all() as [string, number, number, string | null, FileIndexState, number, string | null, string | null][];
  const states = new Map<string, IndexedFileState>();
  for (const [p, size, mtimeMs, hash, state, embedded, error, ref] of rows) {
    states.set(p, {
      size,
      mtimeMs,
      hash,
      failed: state === 'failed',
      skipped: state === 'skipped',
      reason: readReason(error, ref),
      embedded: embedded === 1,
    });
  }
  return states;
}

export interface IndexCounts {
  files: number;
  chunks: number;
  bySource: Record<MemorySource, { files: number; chunks: number }>;
  vectorsStored: number;
  embeddingCacheEntries: number;
  embeddingCacheHitRate: number | null;
  /** When a sync last changed the index (or first built it): a pass with nothing to do writes nothing. */
  lastSyncAt: number | null;
}

export function readIndexCounts(db: Database.Database): IndexCounts {
  const bySource: IndexCounts['bySource'] = { memory: { files: 0, chunks: 0 }, sessions: { files: 0, chunks: 0 } };
  const rows = db
    .prepare(
      'SELECT source, count(*) AS files, sum(chunk_count) AS chunks, sum(CASE WHEN embedded = 1 THEN chunk_count ELSE 0 END) AS vectors FROM files GROUP BY source',
    )
    .all() as { source: MemorySource; files: number; chunks: number | null; vectors: number | null }[];
  let vectorsStored = 0;
  for (const row of rows) {
    if (row.source in bySource) bySource[row.source] = { files: row.files, chunks: row.chunks ?? 0 };
    vectorsStored += row.vectors ?? 0;
  }
  const meta = readMeta(db);
  const hits = metaNumber(meta, META_KEYS.cacheHits) ?? 0;
  const misses = metaNumber(meta, META_KEYS.cacheMisses) ?? 0;
  const cacheEntries = (db.prepare('SELECT count(*) AS n FROM embedding_cache').get() as { n: number }).n;
  return {
    files: bySource.memory.files + bySource.sessions.files,
    chunks: bySource.memory.chunks + bySource.sessions.chunks,
    bySource,
    vectorsStored,
    embeddingCacheEntries: cacheEntries,
    embeddingCacheHitRate: hits + misses > 0 ? hits / (hits + misses) : null,
    lastSyncAt: metaNumber(meta, META_KEYS.lastSyncAt),
  };
}

/** Titles recorded at index time (frontmatter `title` or first heading), by path. */
export function listFileTitles(db: Database.Database): Map<string, string> {
  const rows = db
    .prepare(
      "SELECT path, json_extract(metadata, '$.title') AS title FROM files WHERE json_extract(metadata, '$.title') IS NOT NULL",
    )
    .all() as {
    path: string;
    title: string;
  }[];
  return new Map(rows.map((row) => [row.path, row.title]));
}

/** A file's chunks in file order: where each sits and its content hash (hosts key access counts by it). */
export function listChunkRefs(
  db: Database.Database,
  filePath: string,
): { chunkId: string; startLine: number; endLine: number; hash: string }[] {
  return db
    .prepare(
      'SELECT id AS chunkId, start_line AS startLine, end_line AS endLine, hash FROM chunks WHERE path = ? ORDER BY start_line, rowid',
    )
    .all(filePath) as { chunkId: string; startLine: number; endLine: number; hash: string }[];
}
