// A big transcript (tens of MB, a million lines) indexed in bounded memory and in slices. The
// file is read as a stream, line by line; records become indexed lines (parse/session-jsonl.ts),
// lines become chunks (LineChunker) and chunks go to SQLite a slice at a time — so neither the
// file, its lines nor its chunks are ever held whole. The slices are written on a connection of
// their own (on a worker thread: big-session-thread.ts), inside one transaction held across them:
// searches on the engine's connection keep reading the last commit (WAL), see the file fully old
// until it commits and fully new after. A crash rolls the whole file back.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type { TranscriptMessage } from '../../../shared/domain.js';
import * as sqliteVec from 'sqlite-vec';
import type { Chunk, ChunkOptions } from '../chunk/chunker.js';
import { LineChunker } from '../chunk/chunker.js';
import { FileWriter } from '../index/file-writer.js';
import { hasTable } from '../index/schema.js';
import { readSessionRecord } from '../parse/session-jsonl.js';
import { checkKeywordBeforeCommit } from '../search/sqlite/accelerator-check.js';
import { Fts5FormatError } from '../search/sqlite/fts5-varint.js';
import { readPostingsHandover, type PostingsHandover } from '../search/sqlite/postings-handover.js';
import { sessionTitle } from '../parse/session-title.js';
import { classifyFile } from '../workspace/classify.js';
import type { DiscoveredFile } from '../workspace/discover.js';
import { embedChunks, type ChunkEmbedder } from './embed-chunks.js';
import { maskTitle } from './prepare-file.js';
import { SliceClock } from './slice-clock.js';
import { maxIndexedBytes } from './sync-target.js';

/** Transcripts from this size on are streamed; smaller ones are prepared whole (faster, same rows but for chunk ids). */
export const BIG_SESSION_BYTES = 8 * 1024 * 1024;

/**
 * Streamed: a transcript file from BIG_SESSION_BYTES up to the indexing limit. Not one kept in an
 * agent database (its bytes come from the database, sync.ts's readCandidate).
 */
export function isBigSessionFile(file: DiscoveredFile, maxFileBytes?: number): boolean {
  return (
    file.source === 'sessions' &&
    !file.agentDb &&
    file.size >= BIG_SESSION_BYTES &&
    file.size <= (maxFileBytes ?? maxIndexedBytes(file))
  );
}

/** Most chunks held before they are written (and embedded together). */
const CHUNKS_PER_WRITE = 64;

/** Messages kept for the session's title. */
const TITLE_MESSAGES = 50;

export interface JsonlLine {
  /** 1-based. */
  line: number;
  text: string;
}

/** Lines of a UTF-8 file as they are read, numbered like `text.split('\n')` (a BOM dropped). */
export async function* readJsonlLines(absPath: string, onBytes?: (chunk: Buffer) => void): AsyncGenerator<JsonlLine> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let carry: Buffer[] = [];
  let line = 0;
  const decode = (bytes: Buffer): string => {
    const text = decoder.decode(bytes);
    return line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  };
  for await (const chunk of fs.createReadStream(absPath, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    onBytes?.(chunk);
    let start = 0;
    let newline: number;
    while ((newline = chunk.indexOf(0x0a, start)) !== -1) {
      const piece = chunk.subarray(start, newline);
      const bytes = carry.length > 0 ? Buffer.concat([...carry, piece]) : piece;
      carry = [];
      line += 1;
      yield { line, text: decode(bytes) };
      start = newline + 1;
    }
    if (start < chunk.length) carry.push(Buffer.from(chunk.subarray(start)));
  }
  line += 1;
  yield { line, text: decode(Buffer.concat(carry)) };
}

export interface BigSessionResult {
  /** sha256 of the bytes read (the content indexed, even if the file grew meanwhile). */
  hash: string;
  chunks: number;
  malformed: number;
  embedded: boolean;
}

export interface BigSessionOptions {
  chunking?: Partial<ChunkOptions>;
  signal?: AbortSignal;
  /** When to let the thread's other work (an abort, an embedding reply) run. */
  clock?: SliceClock;
  /** After each slice is written (not committed): how many chunks so far. */
  onWritten?: (chunks: number) => void;
  /** The file is committed (searches see it), before the WAL is checkpointed. */
  onCommitted?: () => void;
  /** Where the searching connection's last words are read ahead, inside the transaction, before COMMIT. */
  handover?: {
    terms(): readonly string[];
    send(handover: PostingsHandover): void;
  };
}

/**
 * Streams `file` into the index through `side`, a connection used for nothing else, in one
 * transaction of many slices. Throws (and changes nothing) on failure.
 */
export async function streamBigSession(
  side: Database.Database,
  embedding: ChunkEmbedder | null,
  file: DiscoveredFile,
  options: BigSessionOptions = {},
): Promise<BigSessionResult> {
  side.pragma('busy_timeout = 5000');
  if (hasTable(side, 'chunks_vec')) sqliteVec.load(side);
  const write = new FileWriter(side).streamedFile();
  const hash = createHash('sha256');
  const chunker = new LineChunker(options.chunking);
  const at = Date.now();
  const clock = options.clock ?? new SliceClock();
  let pending: Chunk[] = [];
  let written = 0;
  let malformed = 0;
  let firstTimestamp: string | null = null;
  // The title comes from the first user messages (sessionTitle), so only those are kept.
  const head: TranscriptMessage[] = [];
  let embedded = embedding !== null;
  // When each message was written, for the chunks' time spans (as chunkSession does for small files).
  let times: { line: number; ms: number }[] = [];
  const timeSpan = (chunk: Chunk): void => {
    times = times.filter((t) => t.line >= chunk.startLine);
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const t of times) {
      if (t.line > chunk.endLine) break;
      first = Math.min(first, t.ms);
      last = Math.max(last, t.ms);
    }
    if (Number.isFinite(first)) {
      chunk.firstMs = first;
      chunk.lastMs = last;
    }
  };
  const flush = async (): Promise<void> => {
    if (pending.length > 0) await writePending();
    if (clock.spent) {
      await clock.yieldIfSpent();
      options.signal?.throwIfAborted();
    }
  };
  const writePending = async (): Promise<void> => {
    const slice = pending;
    pending = [];
    let vectors: Float32Array[] | null = null;
    if (embedding && embedded) {
      try {
        vectors = (await embedChunks(embedding, [slice])).vectors[0] ?? null;
      } catch {
        embedded = false; // keyword index first; the next sync retries the vectors (files.embedded = 0)
      }
    }
    write.insert(fileRecordBase(file).file, written, slice, vectors, at);
    written += slice.length;
    options.onWritten?.(written);
  };

  side.exec('BEGIN IMMEDIATE');
  try {
    // The file's old chunks go a few at a time: FTS5 re-reads each one's text to remove it.
    while (write.clearSome(file.path, CHUNKS_PER_WRITE) > 0) await clock.yieldIfSpent();
    for await (const { line, text } of readJsonlLines(file.absPath, (bytes) => hash.update(bytes))) {
      // A line is cheap but a slice holds thousands of them: the clock is asked at every one.
      if (pending.length >= CHUNKS_PER_WRITE || clock.spent) await flush();
      const raw = text.trim();
      if (raw === '') continue;
      let record: unknown;
      try {
        record = JSON.parse(raw);
      } catch {
        malformed += 1;
        continue;
      }
      const read = readSessionRecord(record, line);
      if (!read) {
        malformed += 1;
        continue;
      }
      if (firstTimestamp === null && read.timestamp !== null) firstTimestamp = read.timestamp;
      if (read.message && head.length < TITLE_MESSAGES) head.push(read.message);
      if (read.message?.timestamp) {
        const ms = Date.parse(read.message.timestamp);
        if (Number.isFinite(ms)) times.push({ line, ms });
      }
      if (read.indexed === null) continue;
      for (const chunk of chunker.push({ text: read.indexed, line })) {
        timeSpan(chunk);
        pending.push(chunk);
      }
    }
    for (const chunk of chunker.end()) {
      timeSpan(chunk);
      pending.push(chunk);
    }
    await flush();
    const digest = hash.digest('hex');
    const { file: classified } = fileRecordBase(file, firstTimestamp);
    write.finish(
      {
        file: classified,
        absPath: file.absPath,
        hash: digest,
        indexState: 'indexed',
        malformedLines: malformed,
        title: maskTitle(sessionTitle(head)),
      },
      written,
      embedded && written > 0,
      at,
    );
    keywordVerdictInCommit(side);
    handOverPostings(side, options.handover);
    // The checkpoint comes after the word that the file is in (the main thread then reads its
    // words' doclists ahead of the next search): inside COMMIT it would delay that word by seconds.
    side.pragma('wal_autocheckpoint = 0');
    side.exec('COMMIT');
    options.onCommitted?.();
    side.pragma('wal_checkpoint(PASSIVE)');
    return { hash: digest, chunks: written, malformed, embedded };
  } catch (error) {
    if (side.inTransaction) side.exec('ROLLBACK');
    throw error;
  }
}

/**
 * A file this big is often what takes a fresh index past the keyword accelerator's size gate: its
 * self-check runs here, off the main thread, so the commit carries the verdict and the first search
 * after it is not ranked by FTS5's bm25() over the whole file (docs/performance.md).
 */
function keywordVerdictInCommit(side: Database.Database): void {
  try {
    checkKeywordBeforeCommit(side);
  } catch {
    // An FTS5 without the 'flush' command, or a read that failed: the readers check it themselves.
  }
}

/**
 * The first search after the commit would read its words' doclists and every chunk length inside
 * itself (~50 ms of CPU for this file); read here instead, they reach it before the commit does.
 */
function handOverPostings(side: Database.Database, handover: BigSessionOptions['handover']): void {
  if (!handover) return;
  let read: PostingsHandover | null;
  try {
    read = readPostingsHandover(side, handover.terms());
  } catch (error) {
    // A format the doclist reader does not know: the search reads FTS5 itself.
    if (error instanceof Fts5FormatError) return;
    throw error;
  }
  if (read) handover.send(read);
}

function fileRecordBase(
  file: DiscoveredFile,
  firstTimestamp: string | null = null,
): { file: ReturnType<typeof withStat> } {
  return { file: withStat(file, firstTimestamp) };
}

function withStat(file: DiscoveredFile, firstTimestamp: string | null) {
  const { evergreen: _evergreen, ...classified } = classifyFile(file, {
    frontmatter: null,
    firstRecordTimestamp: firstTimestamp,
  });
  return { ...classified, size: file.size, mtimeMs: file.mtimeMs };
}

/** sha256 of a file, read as a stream (the event loop turns between reads). */
export async function hashFileStreamed(absPath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(absPath, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>)
    hash.update(chunk);
  return hash.digest('hex');
}
