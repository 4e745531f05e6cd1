// Reindexes one path right away — after the engine's own save, or a watcher hint — without
// walking the workspace: stat-confirmed (a missing file leaves the index), hash-checked.
import type Database from 'better-sqlite3';
import type { ChunkOptions } from '../chunk/chunker.js';
import type { FileIndexState } from '../../../shared/domain.js';
import type { WorkspaceScope } from '../workspace/workspace-scope.js';
import { embedChunks } from './embed-chunks.js';
import { discoverOne } from './indexable-path.js';
import { compareDiscoveryOrder } from '../workspace/discover.js';
import { prepareFile, unreadableFile } from './prepare-file.js';
import { messageOf } from '../../../shared/errors.js';
import { isDiskFullError } from '../files/fs-errors.js';
import { isCorruptionError } from '../index/index-db.js';
import { indexBigSession } from './big-session-thread.js';
import { hashFileStreamed, isBigSessionFile } from './index-big-session.js';
import { indexDiskFullError, readCandidate, unchangedContent } from './sync.js';
import type { SyncTarget } from './sync.js';
import type { IndexedFileState } from '../index/index-queries.js';
import { readReason } from '../index/index-reason-column.js';
import { indexReasons } from '../../../shared/index-reasons.js';

export interface FileSyncResult {
  path: string;
  change: 'added' | 'changed' | 'deleted' | 'unchanged' | 'failed';
  /** sha256 of the bytes now on disk; null when gone or unreadable. */
  hash: string | null;
  error?: string;
}

export interface FileSyncOptions {
  scope: WorkspaceScope;
  chunking?: Partial<ChunkOptions>;
  maxFileBytes?: number;
}

export async function syncFile(target: SyncTarget, relPath: string, options: FileSyncOptions): Promise<FileSyncResult> {
  try {
    return await syncFileNow(target, relPath, options);
  } catch (error) {
    throw isDiskFullError(error) ? indexDiskFullError(error) : error;
  }
}

async function syncFileNow(
  target: SyncTarget,
  relPath: string,
  options: FileSyncOptions,
  hops = 0,
): Promise<FileSyncResult> {
  const state = loadFileState(target.db, relPath);
  const discovered = await discoverOne(options.scope, relPath);
  // A file reached by several names (a symlink inside the scope) is indexed once, under the name
  // discovery lists first, so a watcher's reindex and a full scan keep the same paths.
  // (Transcripts of one agent database share its path: they are not names of one file.)
  const names = discovered && !discovered.agentDb ? otherNames(target.db, discovered, relPath) : [];
  const first = [relPath, ...names].sort((a, b) => compareDiscoveryOrder(options.scope, a, b))[0]!;
  if (first !== relPath && hops === 0) {
    if (state) target.writer.removeFiles([relPath]);
    const kept = await syncFileNow(target, first, options, hops + 1);
    // The file's change is reported under the name it is indexed as (history records that one).
    return state ? { path: relPath, change: 'deleted', hash: null } : kept;
  }
  const duplicates = names.filter(
    (name) => compareDiscoveryOrder(options.scope, relPath, name) < 0 && loadFileState(target.db, name) !== null,
  );
  if (duplicates.length > 0) target.writer.removeFiles(duplicates);
  if (!discovered) {
    if (!state) return { path: relPath, change: 'unchanged', hash: null };
    target.writer.removeFiles([relPath]);
    return { path: relPath, change: 'deleted', hash: null };
  }
  // A big transcript (a live session the watcher reports on every append) is streamed, never read whole.
  if (isBigSessionFile(discovered, options.maxFileBytes)) {
    const needs = Boolean(target.embedding && target.writer.vectorsEnabled);
    if (state && unchangedContent(state, await hashFileStreamed(discovered.absPath), needs)) {
      target.writer.touchFiles([{ path: relPath, mtimeMs: discovered.mtimeMs, size: discovered.size }]);
      return { path: relPath, change: 'unchanged', hash: state.hash };
    }
    try {
      const result = await indexBigSession(target, discovered, options.chunking ? { chunking: options.chunking } : {});
      return { path: relPath, change: state ? 'changed' : 'added', hash: result.hash };
    } catch (error) {
      if (isDiskFullError(error) || isCorruptionError(error)) throw error;
      const reason = indexReasons.couldNotIndex(messageOf(error));
      target.writer.writeFailure({
        file: unreadableFile(discovered),
        absPath: discovered.absPath,
        hash: null,
        indexState: 'failed',
        indexError: reason,
      });
      return { path: relPath, change: 'failed', hash: null, error: reason.message };
    }
  }
  const read = await readCandidate(discovered, options.maxFileBytes, options.scope);
  if ('error' in read) {
    target.writer.writeFailure({
      file: unreadableFile(discovered),
      absPath: discovered.absPath,
      hash: null,
      indexState: read.state,
      indexError: read.error,
    });
    return { path: relPath, change: 'failed', hash: null, error: read.error.message };
  }
  const needsVectors = Boolean(target.embedding && target.writer.vectorsEnabled);
  if (state && unchangedContent(state, read.hash, needsVectors)) {
    target.writer.touchFiles([{ path: relPath, mtimeMs: discovered.mtimeMs, size: discovered.size }]);
    return { path: relPath, change: 'unchanged', hash: read.hash };
  }
  let prepared;
  try {
    prepared = prepareFile(discovered, read.bytes, options.chunking);
  } catch (error) {
    const reason = indexReasons.couldNotParse(messageOf(error));
    target.writer.writeFailure({
      file: unreadableFile(discovered),
      absPath: discovered.absPath,
      hash: null,
      indexState: 'failed',
      indexError: reason,
    });
    return { path: relPath, change: 'failed', hash: read.hash, error: reason.message };
  }
  let vectors: Float32Array[] | null = null;
  if (target.embedding && needsVectors) {
    try {
      vectors = (await embedChunks(target.embedding, [prepared.chunks])).vectors[0] ?? null;
    } catch {
      vectors = null; // keyword index first; the next sync retries the vectors (files.embedded = 0)
    }
  }
  target.writer.writeFile(
    {
      file: prepared.file,
      absPath: discovered.absPath,
      hash: read.hash,
      indexState: 'indexed',
      malformedLines: prepared.malformedLines,
      title: prepared.title,
    },
    prepared.chunks,
    vectors,
  );
  return { path: relPath, change: state ? 'changed' : 'added', hash: read.hash };
}

/** The file's other names: where a symlink leads, and the paths the index holds it under. */
function otherNames(db: Database.Database, file: { absPath: string; realPath?: string }, relPath: string): string[] {
  const indexed = db.prepare('SELECT path FROM files WHERE abs_path = ? AND path <> ?').all(file.absPath, relPath) as {
    path: string;
  }[];
  const names = new Set(indexed.map((row) => row.path));
  if (file.realPath !== undefined && file.realPath !== relPath) names.add(file.realPath);
  return [...names];
}

function loadFileState(db: Database.Database, relPath: string): IndexedFileState | null {
  const row = db
    .prepare(
      'SELECT size, mtime_ms, hash, index_state, embedded, index_error, index_error_ref FROM files WHERE path = ?',
    )
    .get(relPath) as
    | {
        size: number;
        mtime_ms: number;
        hash: string | null;
        index_state: FileIndexState;
        embedded: number;
        index_error: string | null;
        index_error_ref: string | null;
      }
    | undefined;
  if (!row) return null;
  return {
    size: row.size,
    mtimeMs: row.mtime_ms,
    hash: row.hash,
    failed: row.index_state === 'failed',
    skipped: row.index_state === 'skipped',
    reason: readReason(row.index_error, row.index_error_ref),
    embedded: row.embedded === 1,
  };
}
