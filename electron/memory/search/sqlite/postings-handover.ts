// The doclists of the last queries' words, read by the connection that wrote a big transcript,
// inside its own transaction, and handed to the searching connection with the structure record
// they belong to: the first search after the commit finds them ready, however the worker's
// message and the search race. The searching side uses them only while its own snapshot has the
// same structure record (a later write makes them stale), so results are those of a fresh read.
import type Database from 'better-sqlite3';
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { ChunkLengths } from './chunk-lengths.js';
import { Fts5DoclistReader, Fts5Leaves, parseStructure } from './fts5-doclists.js';

export interface HandedPostings {
  term: string;
  rowids: Int32Array;
  occurrences: Int32Array;
}

/** What a writer hands over: read at FTS5 structure record `structure` (latin1). */
export interface PostingsHandover {
  structure: string;
  postings: HandedPostings[];
  /** Tokens by chunk rowid at the same record (ChunkLengths). */
  lengths: Int32Array;
}

/**
 * Reads `terms`' doclists and every chunk length as a write transaction of `db` leaves the term
 * index, once the writer wrote its last row (FTS5's pending terms are flushed first). Null when
 * there is nothing to hand over or the index's format is not one the doclist reader knows.
 */
export function readPostingsHandover(db: Database.Database, terms: readonly string[]): PostingsHandover | null {
  if (terms.length === 0 || !db.inTransaction) return null;
  db.prepare("INSERT INTO chunks_fts(chunks_fts) VALUES ('flush')").run();
  const reader = new Fts5DoclistReader(db);
  const record = reader.structureRecord();
  if (!record) return null;
  const segments = parseStructure(record);
  if (segments === null) return null;
  const structure = record.toString('latin1');
  const leaves = new Fts5Leaves();
  const postings = [...new Set(terms)].map((term) => {
    const read = reader.postings(segments, term, leaves);
    return { term, rowids: read.rowids.slice(0, read.count), occurrences: read.occurrences.slice(0, read.count) };
  });
  return { structure, postings, lengths: new ChunkLengths(db).for(structure) };
}

/** The buffers a handover can move to the other thread instead of copying. */
export function handoverBuffers(handover: PostingsHandover): ArrayBuffer[] {
  const buffers = handover.postings.flatMap((p) => [p.rowids.buffer, p.occurrences.buffer]);
  buffers.push(handover.lengths.buffer);
  return buffers.filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
}

/**
 * The searching connection's side: the ports writers hand over on, read synchronously when a
 * search meets a structure record it has no doclists for (a message queued before the commit is
 * there even if the event loop has not delivered it yet).
 */
export class PostingsInbox {
  private readonly open = new Set<MessagePort>();
  private pending: { handover: PostingsHandover; from: MessagePort } | null = null;

  listen(port: MessagePort): void {
    this.open.add(port);
  }

  /**
   * The writer on `port` is done: `committed`, what it handed over stays until a search takes it
   * or meets another record; otherwise (rolled back) it is dropped.
   */
  close(port: MessagePort, committed: boolean): void {
    if (!this.open.has(port)) return;
    this.drain(port);
    this.open.delete(port);
    port.close();
    if (!committed && this.pending?.from === port) this.pending = null;
  }

  /** The handover read at `structure`, once; null if none matches it. */
  take(structure: string): PostingsHandover | null {
    for (const port of this.open) this.drain(port);
    const pending = this.pending;
    if (pending === null) return null;
    if (pending.handover.structure === structure) {
      this.pending = null;
      return pending.handover;
    }
    // Its writer committed, so every read from now on sees that commit or a later one: stale.
    if (!this.open.has(pending.from)) this.pending = null;
    return null;
  }

  dispose(): void {
    for (const port of this.open) port.close();
    this.open.clear();
    this.pending = null;
  }

  private drain(port: MessagePort): void {
    for (let got = receiveMessageOnPort(port); got; got = receiveMessageOnPort(port)) {
      this.pending = { handover: got.message as PostingsHandover, from: port };
    }
  }
}

/** What a writer on another connection needs from the searching one: its last words, and where to hand over. */
export interface PostingsExchange {
  recentTerms(): string[];
  inbox: PostingsInbox;
}
