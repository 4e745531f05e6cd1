// Brings an index in line with the files on disk: a stat fast path (size + mtime),
// then a content hash, then parse → chunk → embed (cache first) → one transaction per file.
// Removed files leave the index; a file that cannot be read is recorded as failed, never fatal.
// A bulk sync hands parsing, chunking and FTS segmentation to a worker thread (prepare-pool.ts)
// and writes batch N while the worker prepares batch N+1; small syncs stay in-thread. Both paths
// run the same functions, so they write the same rows (prepare-pool.test.ts compares them).
import fs from 'node:fs';
import { promisify } from 'node:util';
import type { FileChangeEvent, IndexError, IndexProgress, SyncReport } from '../../../shared/domain.js';
import type { ChunkOptions } from '../chunk/chunker.js';
import { removeLeftoverTempFiles } from '../files/atomic-write.js';
import { isDiskFullError } from '../files/fs-errors.js';
import { sha256 } from '../text/hash.js';
import type { FileWriter } from '../index/file-writer.js';
import { isCorruptionError } from '../index/index-db.js';
import { loadFileStates } from '../index/index-queries.js';
import type { IndexedFileState } from '../index/index-queries.js';
import { addCacheCounters, writeMeta } from '../index/meta.js';
import { META_KEYS } from '../index/schema.js';
import { discoverFiles } from '../workspace/discover.js';
import type { DiscoveredFile } from '../workspace/discover.js';
import type { WorkspaceScope } from '../workspace/workspace-scope.js';
import { embedChunks } from './embed-chunks.js';
import { indexBigSession } from './big-session-thread.js';
import { hashFileStreamed, isBigSessionFile } from './index-big-session.js';
import { maxIndexedBytes } from './sync-target.js';
import type { SyncTarget } from './sync-target.js';

export type { SyncTarget } from './sync-target.js';
import { prepareFile, unreadableFile } from './prepare-file.js';
import type { PreparedFile } from './prepare-file.js';
import { PreparePool } from './prepare-pool.js';
import type { PrepareOutcome, PrepareTicket } from './prepare-pool.js';
import type { ForegroundSignal } from './foreground-work.js';
import { createProgressThrottle } from './progress-throttle.js';
import { SliceClock } from './slice-clock.js';
import { MemoryLensError, messageOf } from '../../../shared/errors.js';
import { binaryContentReason } from './binary-content.js';
import { indexReasons, skippedReasonFields, type IndexReason } from '../../../shared/index-reasons.js';

export interface SyncOptions {
  scope: WorkspaceScope;
  chunking?: Partial<ChunkOptions>;
  /** Re-read and rewrite every file, ignoring size, mtime and hash. */
  full?: boolean;
  onProgress?: (progress: IndexProgress) => void;
  signal?: AbortSignal;
  /** Files larger than this are listed as skipped, not indexed (default: maxIndexedBytes). */
  maxFileBytes?: number;
  /** Worker threads preparing files when at least `workerMinBytes` need it; 0 prepares in-thread. */
  prepareWorkers?: number;
  /** Default WORKER_MIN_BYTES (prepare-pool.ts). */
  workerMinBytes?: number;
  /** A pool the caller started (and closes) instead of one started for this sync. */
  pool?: PreparePool | null;
  /** Someone is waiting on this thread (a file being opened): slice the work finer meanwhile. */
  foreground?: ForegroundSignal;
  /** A big transcript was committed on its worker's own connection, before the sync ends. */
  onCommittedElsewhere?: () => void;
}

export interface SyncResult extends SyncReport {
  /** Files a prepare worker parsed and chunked (the rest were prepared on the sync's thread). */
  filesPreparedOffThread: number;
  failures: IndexError[];
  /** Files added, changed or removed (failed files are in `failures`). */
  changes: FileChangeEvent[];
}

/** The contract's report of a sync: its counts, without the per-file lists the engine acts on. */
export function toSyncReport(result: SyncResult): SyncReport {
  const { filesPreparedOffThread: _offThread, failures: _failures, changes: _changes, ...report } = result;
  return report;
}

/**
 * SQLite could not write because the disk holding the index is full. Nothing is half-written (each
 * file is one transaction), so the sync stops with this instead of marking every file failed.
 */
export function indexDiskFullError(error: unknown): MemoryLensError {
  return new MemoryLensError(
    'UNAVAILABLE',
    { messageId: 'errors:index.diskFull', params: { cause: messageOf(error) } },
    { errno: 'ENOSPC' },
  );
}

/**
 * Files read concurrently and written in one commit. Each file still gets its own savepoint, so
 * every file is either fully old or fully new; batching the commits matters because each commit
 * costs FTS5 a new segment plus WAL frames (~0.45 ms, as much as everything else per file).
 */
export const READ_WINDOW = 32;

/**
 * One worker: on 2 cores the main thread (reads, SQLite) and one worker (parsing, chunking,
 * segmenting) keep both busy; a second worker only competes with the writer.
 */
export const PREPARE_WORKERS = 1;

/**
 * Files read and offered to the pool beyond the window being written. The worker takes offers
 * from the far end while the main thread writes; with two windows it ran dry during every write
 * and the main thread prepared ~45% of a 10k-file sync itself. Eight keep both threads busy (the
 * worker then prepares ~75%, and the main thread's CPU per file falls by a quarter).
 */
const PREPARE_AHEAD = 8 * READ_WINDOW;
/** …but never more than this many bytes read ahead: transcripts can be tens of MB each. */
const PREPARE_AHEAD_BYTES = 16 * 1024 * 1024;

/** The callback API: fs.promises.readFile goes through a FileHandle and costs ~3× more per small file. */
const readFileAsync = promisify(fs.readFile);

export async function syncIndex(target: SyncTarget, options: SyncOptions): Promise<SyncResult> {
  try {
    return await syncIndexNow(target, options);
  } catch (error) {
    throw isDiskFullError(error) ? indexDiskFullError(error) : error;
  }
}

async function syncIndexNow(target: SyncTarget, options: SyncOptions): Promise<SyncResult> {
  const started = performance.now();
  const progress = createProgressThrottle(options.onProgress);
  const report: SyncResult = {
    filesScanned: 0,
    filesIndexed: 0,
    filesUnchanged: 0,
    filesSkipped: 0,
    skipped: [],
    filesRemoved: 0,
    filesFailed: 0,
    chunksWritten: 0,
    chunksEmbedded: 0,
    embeddingCacheHits: 0,
    tookMs: 0,
    filesPreparedOffThread: 0,
    failures: [],
    changes: [],
  };

  const states = loadFileStates(target.db);
  // A pass over an index that holds its files (an agent's workspace opened again, the watcher's
  // reconcile) says nothing until it finds work: the index answers meanwhile, and a look that
  // changes nothing is not an index run to show.
  const quiet = !options.full && states.size > 0;
  if (!quiet) progress.update({ phase: 'scanning', filesDone: 0, filesTotal: 0 }, true);
  const leftovers = { tempFiles: [] as string[] };
  const discovered = await discoverFiles(options.scope, leftovers);
  options.signal?.throwIfAborted();
  // Temp files of saves that a crash interrupted: nobody will rename them now.
  if (leftovers.tempFiles.length > 0) await removeLeftoverTempFiles(leftovers.tempFiles);
  report.filesScanned = discovered.length;

  const needsVectors = Boolean(target.embedding);
  const candidates: DiscoveredFile[] = [];
  const seen = new Set<string>();
  for (const file of discovered) {
    seen.add(file.path);
    const state = states.get(file.path);
    if (
      !options.full &&
      state &&
      !state.failed &&
      state.size === file.size &&
      state.mtimeMs === file.mtimeMs &&
      (state.skipped ? stillSkipped(state, file, options.maxFileBytes) : !needsVectors || state.embedded)
    ) {
      if (state.skipped) noteSkipped(report, file.path, state.reason ?? indexReasons.notIndexed());
      else report.filesUnchanged += 1;
    } else {
      candidates.push(file);
    }
  }

  const removed: string[] = [];
  for (const p of states.keys()) if (!seen.has(p)) removed.push(p);
  if (removed.length > 0) {
    progress.update({ phase: 'removing', filesDone: 0, filesTotal: removed.length }, true);
    target.writer.removeFiles(removed);
    report.filesRemoved = removed.length;
    for (const p of removed) report.changes.push({ path: p, change: 'deleted', hash: null });
  }

  // Big transcripts are streamed, one at a time, after the rest (index-big-session.ts).
  const isBig = (file: DiscoveredFile) => isBigSessionFile(file, options.maxFileBytes);
  const big = candidates.filter(isBig);
  const regular = big.length > 0 ? candidates.filter((file) => !isBig(file)) : candidates;
  const total = regular.length;
  const bytes = regular.reduce((sum, file) => sum + file.size, 0);
  const ownPool =
    options.pool === undefined
      ? PreparePool.forSync(bytes, options.prepareWorkers ?? PREPARE_WORKERS, options.workerMinBytes)
      : null;
  const pool = options.pool ?? ownPool;
  const preparedBefore = pool?.preparedOffThread ?? 0;
  try {
    await indexCandidates(target, options, regular, states, report, progress, pool);
    for (const [i, file] of big.entries()) {
      progress.update(
        { phase: 'indexing', filesDone: total + i, filesTotal: total + big.length, currentPath: file.path },
        true,
      );
      await indexBigSessionFile(target, options, file, states.get(file.path), report);
    }
  } finally {
    report.filesPreparedOffThread = (pool?.preparedOffThread ?? 0) - preparedBefore;
    // Not awaited: stopping a worker that is still starting up can take a while on a busy machine,
    // and nothing depends on it (the worker holds no reference that keeps the process alive).
    if (ownPool) void ownPool.close().catch(() => undefined);
  }

  addCacheCounters(target.db, report.embeddingCacheHits, report.chunksEmbedded);
  // A pass that found nothing to change writes nothing and says nothing: a one-shot search's sync
  // then takes no write lock (another process may be committing) and makes no fsync. lastSyncAt is
  // when a pass last changed the index, or first built it.
  const changed = !quiet || candidates.length > 0 || removed.length > 0;
  if (changed) writeMeta(target.db, { [META_KEYS.lastSyncAt]: Date.now() });
  report.tookMs = Math.round(performance.now() - started);
  if (changed) progress.update({ phase: 'done', filesDone: candidates.length, filesTotal: candidates.length }, true);
  return report;
}

/** A candidate read (and, with a pool, offered to a worker) ahead of its write. */
interface CandidateJob {
  read: ReadResult;
  /** Absent when the file was not offered: prepared in-thread at write time. */
  ticket?: PrepareTicket;
}

async function indexCandidates(
  target: SyncTarget,
  options: SyncOptions,
  candidates: readonly DiscoveredFile[],
  states: Map<string, IndexedFileState>,
  report: SyncResult,
  progress: ReturnType<typeof createProgressThrottle>,
  pool: PreparePool | null,
): Promise<void> {
  const needsVectors = Boolean(target.embedding);
  const total = candidates.length;
  const startJob = async (file: DiscoveredFile): Promise<CandidateJob> => {
    const read = await readCandidate(file, options.maxFileBytes, options.scope);
    const state = states.get(file.path);
    if (!pool || 'error' in read || (!options.full && state && unchangedContent(state, read.hash, needsVectors)))
      return { read };
    return { read, ticket: pool.offer(file, read.bytes, options.chunking) };
  };
  /** The worker's outcome when one took the file; undefined: prepare it in this thread. */
  const claim = async (ticket: PrepareTicket | undefined): Promise<PrepareOutcome | undefined> => {
    const outcome = ticket?.claim();
    if (!outcome) return undefined;
    try {
      return await outcome;
    } catch {
      // The worker died: this file is prepared in-thread, like the rest after it.
      return undefined;
    }
  };
  // With a pool, the next window is read and offered while this one is written.
  const ahead = pool ? PREPARE_AHEAD : 0;
  const jobs: (Promise<CandidateJob> | undefined)[] = new Array(total);
  let started = 0;
  /** Bytes of the files started (read, offered) and not yet written. */
  let aheadBytes = 0;
  let done = 0;
  const clock = new SliceClock(options.foreground);
  const touched: { path: string; mtimeMs: number; size: number }[] = [];
  for (let start = 0; start < total; start += READ_WINDOW) {
    options.signal?.throwIfAborted();
    const window = candidates.slice(start, start + READ_WINDOW);
    // This window in any case; then ahead, within the limits.
    const windowEnd = start + window.length;
    const aheadEnd = Math.min(total, windowEnd + ahead);
    while (started < windowEnd || (started < aheadEnd && aheadBytes < PREPARE_AHEAD_BYTES)) {
      const file = candidates[started]!;
      aheadBytes += file.size;
      jobs[started++] = startJob(file);
    }
    const reads = await Promise.all(jobs.slice(start, windowEnd) as Promise<CandidateJob>[]);
    jobs.fill(undefined, start, windowEnd);
    for (const file of window) aheadBytes -= file.size;
    const toWrite: { discovered: DiscoveredFile; hash: string; prepared: PreparedFile; existed: boolean }[] = [];
    for (let i = 0; i < window.length; i++) {
      await clock.yieldIfSpent();
      const file = window[i]!;
      const { read, ticket } = reads[i]!;
      const state = states.get(file.path);
      progress.update({ phase: 'indexing', filesDone: done, filesTotal: total, currentPath: file.path });
      if ('error' in read) {
        recordFailure(target, report, file, read.error, read.state);
      } else if (!options.full && state && unchangedContent(state, read.hash, needsVectors)) {
        touched.push({ path: file.path, mtimeMs: file.mtimeMs, size: file.size });
        report.filesUnchanged += 1;
      } else {
        const prepared = (ticket ? await claim(ticket) : undefined) ?? prepareInThread(file, read.bytes, options);
        if ('error' in prepared)
          recordFailure(target, report, file, indexReasons.couldNotParse(prepared.error), 'failed');
        else
          toWrite.push({
            discovered: file,
            hash: read.hash,
            prepared: prepared.prepared,
            existed: state !== undefined,
          });
      }
      done += 1;
    }
    await writeBatch(target, toWrite, report, clock, (chunksDone, chunksTotal) =>
      progress.update({ phase: 'embedding', filesDone: done, filesTotal: total, chunksDone, chunksTotal }),
    );
  }

  target.writer.touchFiles(touched);
}

async function indexBigSessionFile(
  target: SyncTarget,
  options: SyncOptions,
  file: DiscoveredFile,
  state: IndexedFileState | undefined,
  report: SyncResult,
): Promise<void> {
  options.signal?.throwIfAborted();
  try {
    if (
      !options.full &&
      state &&
      unchangedContent(state, await hashFileStreamed(file.absPath), Boolean(target.embedding))
    ) {
      target.writer.touchFiles([{ path: file.path, mtimeMs: file.mtimeMs, size: file.size }]);
      report.filesUnchanged += 1;
      return;
    }
    const result = await indexBigSession(target, file, {
      ...(options.chunking ? { chunking: options.chunking } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onCommittedElsewhere ? { onCommitted: options.onCommittedElsewhere } : {}),
    });
    report.filesIndexed += 1;
    report.chunksWritten += result.chunks;
    report.changes.push({ path: file.path, change: state ? 'changed' : 'added', hash: result.hash });
  } catch (error) {
    if (isCorruptionError(error) || isDiskFullError(error) || options.signal?.aborted) throw error;
    recordFailure(target, report, file, indexReasons.couldNotIndex(messageOf(error)), 'failed');
  }
}

function prepareInThread(file: DiscoveredFile, bytes: Uint8Array, options: SyncOptions): PrepareOutcome {
  try {
    return { prepared: prepareFile(file, bytes, options.chunking) };
  } catch (error) {
    return { error: messageOf(error) };
  }
}

export function unchangedContent(state: IndexedFileState, hash: string, needsVectors: boolean): boolean {
  return !state.failed && state.hash === hash && (!needsVectors || state.embedded);
}

export type ReadResult = { bytes: Buffer; hash: string } | { error: IndexReason; state: 'failed' | 'skipped' };

export async function readCandidate(
  file: DiscoveredFile,
  maxBytesOverride?: number,
  scope?: WorkspaceScope,
): Promise<ReadResult> {
  const maxBytes = maxBytesOverride ?? maxIndexedBytes(file);
  if (file.size > maxBytes) {
    return { error: indexReasons.tooLarge(file.source, file.size, maxBytes), state: 'skipped' };
  }
  try {
    if (file.agentDb) {
      const fromDb = scope?.agentDatabases?.read(file.agentDb);
      if (!fromDb) return { error: indexReasons.agentDbUnreadable(), state: 'failed' };
      const bytes = Buffer.from(fromDb.buffer, fromDb.byteOffset, fromDb.byteLength);
      return { bytes, hash: sha256(bytes) };
    }
    const bytes = await readFileAsync(file.absPath);
    const binary = binaryContentReason(bytes);
    if (binary) return { error: binary, state: 'skipped' };
    return { bytes, hash: sha256(bytes) };
  } catch (error) {
    return { error: indexReasons.couldNotRead(messageOf(error)), state: 'failed' };
  }
}

function recordFailure(
  target: SyncTarget,
  report: SyncResult,
  file: DiscoveredFile,
  reason: IndexReason,
  state: 'failed' | 'skipped',
): void {
  target.writer.writeFailure({
    file: unreadableFile(file),
    absPath: file.absPath,
    hash: null,
    indexState: state,
    indexError: reason,
  });
  if (state === 'failed') {
    report.filesFailed += 1;
    report.failures.push({ path: file.path, ...reason, at: Date.now() });
  } else {
    noteSkipped(report, file.path, reason);
  }
}

/** A file skipped before and untouched since: still skipped, unless it was too large and the limit now lets it in. */
function stillSkipped(state: IndexedFileState, file: DiscoveredFile, maxFileBytes: number | undefined): boolean {
  return !(state.reason?.message.startsWith('too large') && file.size <= (maxFileBytes ?? maxIndexedBytes(file)));
}

/** Skipped files listed in a report; the count goes on past it. */
const MAX_LISTED_SKIPPED = 100;

function noteSkipped(report: SyncResult, path: string, reason: IndexReason): void {
  report.filesSkipped += 1;
  if (report.skipped.length < MAX_LISTED_SKIPPED) report.skipped.push({ path, ...skippedReasonFields(reason) });
}

/**
 * Embeds the batch (when a model is attached), then writes it: each file in its own savepoint,
 * committed in time slices. An embedder failure costs the batch its vectors, not its keyword index.
 */
async function writeBatch(
  target: SyncTarget,
  batch: { discovered: DiscoveredFile; hash: string; prepared: PreparedFile; existed: boolean }[],
  report: SyncResult,
  clock: SliceClock,
  onEmbedProgress: (done: number, total: number) => void,
): Promise<void> {
  if (batch.length === 0) return;
  let vectors: Float32Array[][] | null = null;
  if (target.embedding && target.writer.vectorsEnabled) {
    try {
      const embedded = await embedChunks(
        target.embedding,
        batch.map((item) => item.prepared.chunks),
        onEmbedProgress,
      );
      vectors = embedded.vectors;
      report.chunksEmbedded += embedded.embedded;
      report.embeddingCacheHits += embedded.cacheHits;
    } catch (error) {
      report.failures.push({
        path: batch[0]!.discovered.path,
        ...indexReasons.embeddingFailed(messageOf(error)),
        at: Date.now(),
      });
    }
  }
  // One commit per time slice. The files go in without a savepoint each (FileWriter.writeFileInBatch):
  // should one fail, its slice is rolled back and written again file by file, each in a savepoint
  // of its own, so a bad file costs only itself and every file is either fully old or fully new.
  let next = 0;
  let end = 0;
  const fastSlice = target.writer.transaction(() => {
    do {
      target.writer.writeFileInBatch(...writeArgs(end));
      end += 1;
    } while (end < batch.length && !clock.spent);
  });
  const guardedSlice = target.writer.transaction((upTo: number) => {
    for (let i = next; i < upTo; i++) writeGuarded(i);
  });
  while (next < batch.length) {
    await clock.yieldIfSpent();
    end = next;
    try {
      fastSlice();
      for (let i = next; i < end; i++) counted(i);
    } catch (error) {
      // A damaged index is the engine's to handle (quarantine + rebuild), and a full disk stops the
      // sync: neither is one file's failure.
      if (isCorruptionError(error) || isDiskFullError(error)) throw error;
      end = Math.min(batch.length, end + 1); // the file that threw is in this slice too
      guardedSlice(end);
    }
    next = end;
  }

  function writeArgs(i: number): Parameters<FileWriter['writeFile']> {
    const { discovered, hash, prepared } = batch[i]!;
    return [
      {
        file: prepared.file,
        absPath: discovered.absPath,
        hash,
        indexState: 'indexed',
        malformedLines: prepared.malformedLines,
        title: prepared.title,
        ftsTexts: prepared.ftsTexts ?? null,
      },
      prepared.chunks,
      vectors?.[i] ?? null,
    ];
  }

  function counted(i: number): void {
    const { discovered, hash, prepared, existed } = batch[i]!;
    report.filesIndexed += 1;
    report.chunksWritten += prepared.chunks.length;
    report.changes.push({ path: discovered.path, change: existed ? 'changed' : 'added', hash });
  }

  function writeGuarded(i: number): void {
    try {
      target.writer.writeFile(...writeArgs(i));
      counted(i);
    } catch (error) {
      if (isCorruptionError(error) || isDiskFullError(error)) throw error;
      recordFailure(target, report, batch[i]!.discovered, indexReasons.couldNotWrite(messageOf(error)), 'failed');
    }
  }
}
