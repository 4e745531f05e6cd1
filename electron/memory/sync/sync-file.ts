// Reindexes one path right away — after the engine's own save, or a watcher hint — without
// walking the workspace: stat-confirmed (a missing file leaves the index), hash-checked.
import type Database from 'better-sqlite3';
import type { ChunkOptions } from '../chunk/chunker.js';
import type { FileIndexState } from '../../../shared/domain.js';
import type { WorkspaceScope } from '../workspace/workspace-scope.js';
import { embedChunks } from './embed-chunks.js';
import { discoverOne } from './indexable-path.js';
import { prepareFile, unreadableFile } from './prepare-file.js';
import { messageOf } from '../../../shared/errors.js';
import { isDiskFullError } from '../files/fs-errors.js';
import { isCorruptionError } from '../index/index-db.js';
import { indexBigSession } from './big-session-thread.js';
import { hashFileStreamed, isBigSessionFile } from './index-big-session.js';
import { indexDiskFullError, readCandidate, unchangedContent } from './sync.js';
import type { SyncTarget } from './sync.js';
import type { IndexedFileState } from '../index/index-queries.js';

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

async function syncFileNow(target: SyncTarget, relPath: string, options: FileSyncOptions): Promise<FileSyncResult> {
  const state = loadFileState(target.db, relPath);
  const discovered = await discoverOne(options.scope, relPath);
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
      const message = `could not index: ${messageOf(error)}`;
      target.writer.writeFailure({
        file: unreadableFile(discovered),
        absPath: discovered.absPath,
        hash: null,
        indexState: 'failed',
        indexError: message,
      });
      return { path: relPath, change: 'failed', hash: null, error: message };
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
    return { path: relPath, change: 'failed', hash: null, error: read.error };
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
    const message = `could not parse: ${messageOf(error)}`;
    target.writer.writeFailure({
      file: unreadableFile(discovered),
      absPath: discovered.absPath,
      hash: null,
      indexState: 'failed',
      indexError: message,
    });
    return { path: relPath, change: 'failed', hash: read.hash, error: message };
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

function loadFileState(db: Database.Database, relPath: string): IndexedFileState | null {
  const row = db
    .prepare('SELECT size, mtime_ms, hash, index_state, embedded, index_error FROM files WHERE path = ?')
    .get(relPath) as
    | {
        size: number;
        mtime_ms: number;
        hash: string | null;
        index_state: FileIndexState;
        embedded: number;
        index_error: string | null;
      }
    | undefined;
  if (!row) return null;
  return {
    size: row.size,
    mtimeMs: row.mtime_ms,
    hash: row.hash,
    failed: row.index_state === 'failed',
    skipped: row.index_state === 'skipped',
    error: row.index_error,
    embedded: row.embedded === 1,
  };
}
