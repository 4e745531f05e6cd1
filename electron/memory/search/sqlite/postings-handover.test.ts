// The last queries' words' doclists, read by a writer inside its own transaction and handed to the
// searching connection (real SQLite, real FTS5, a real MessageChannel, the real transcript worker):
// the first ranking after the commit reads no doclist and no chunk length itself, and ranks
// exactly as a connection opened afresh; a handover whose structure record is no longer the
// index's is ignored.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CHUNKER_VERSION } from '../../chunk/chunker.js';
import type { WorkspaceFile } from '../../../../shared/domain.js';
import { FileWriter, type FileRecord } from '../../index/file-writer.js';
import { openIndexDb, type IndexDb } from '../../index/index-db.js';
import { SCHEMA_VERSION } from '../../index/schema.js';
import { indexBigSession } from '../../sync/big-session-thread.js';
import { segmentForIndex } from '../../text/segment.js';
import type { DiscoveredFile } from '../../workspace/discover.js';
import { bm25UnionTopK, postingsExchange, type UnionResult } from './bm25-union.js';
import { IndexSession } from './index-session.js';
import { searchTerms } from './keyword-search.js';
import { handoverBuffers, readPostingsHandover } from './postings-handover.js';

const dirs: string[] = [];
const closing: { close(): void }[] = [];
afterEach(() => {
  for (const item of closing.splice(0).reverse()) item.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function openIndex(): IndexDb {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-handover-'));
  dirs.push(dir);
  const index = openIndexDb(path.join(dir, 'index.sqlite'), {
    expected: { schemaVersion: SCHEMA_VERSION, chunkerVersion: CHUNKER_VERSION, embedding: null },
  });
  closing.push(index);
  return index;
}

/** A session that counts the doclists it reads from the index itself. */
function countingSession(db: Database.Database): { session: IndexSession; reads: string[] } {
  const reads: string[] = [];
  const session = new IndexSession(db, { observer: { doclistRead: (term) => reads.push(term) } });
  closing.push(session);
  return { session, reads };
}

/** The ranking a connection opened after everything was written gives (a fresh process's). */
function freshRanking(dbPath: string, terms: readonly string[]): UnionResult | null {
  const db = new Database(dbPath, { readonly: true });
  const session = new IndexSession(db);
  try {
    return bm25UnionTopK(session, terms, 10);
  } finally {
    session.close();
    db.close();
  }
}

/** The same chunks, scores to the bit, and per-word counts (the snapshot keys are per connection). */
function expectSameRanking(got: UnionResult | null, fresh: UnionResult | null): void {
  expect(got).not.toBeNull();
  expect(got!.hits).toEqual(fresh!.hits);
  expect(got!.docs).toEqual(fresh!.docs);
  expect(got!.someChunkHasAll).toBe(fresh!.someChunkHasAll);
}

const TEXTS = ['harbour crane schedule', 'crane repair notes', 'the harbour at night', 'budget for the harbour crane'];

function fill(db: Database.Database, from: number, to: number, extra = ''): void {
  const insert = db.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = from; i <= to; i++) insert.run(i, segmentForIndex(`${extra} ${TEXTS[i % TEXTS.length]} ${i}`));
  })();
}

describe("the last queries' words handed over by a writer's transaction", () => {
  it('leave the first ranking after the commit nothing to read, however the message and the search race', () => {
    const index = openIndex();
    fill(index.db, 1, 300);
    const { session, reads } = countingSession(index.db);
    const terms = searchTerms('harbour crane').terms;
    bm25UnionTopK(session, terms, 10);
    expect(reads).toEqual(terms);
    const loads = session.chunkLengths.loads;

    // The transcript's writer: a connection of its own, the handover read before its COMMIT.
    const exchange = postingsExchange(session);
    expect(exchange.recentTerms()).toEqual(terms);
    const channel = new MessageChannel();
    exchange.inbox.listen(channel.port1);
    const writer = new Database(index.path);
    closing.push(writer);
    writer.exec('BEGIN IMMEDIATE');
    fill(writer, 301, 900, 'crane crane');
    const handover = readPostingsHandover(writer, exchange.recentTerms())!;
    channel.port2.postMessage(handover, handoverBuffers(handover));
    // Before the commit the search reads the old index: the handover waits.
    reads.length = 0;
    const before = bm25UnionTopK(session, terms, 10)!;
    expect(before.hits.every((hit) => hit.rowid <= 300)).toBe(true);
    writer.exec('COMMIT');

    // No turn of the event loop: the message is not delivered yet, the search finds it anyway.
    reads.length = 0;
    const after = bm25UnionTopK(session, terms, 10)!;
    expect(reads).toEqual([]);
    expect(session.chunkLengths.loads).toBe(loads);
    expect(after.hits.some((hit) => hit.rowid > 300)).toBe(true);
    expectSameRanking(after, freshRanking(index.path, terms));
    exchange.inbox.close(channel.port1, true);
  });

  it('is ignored once another write changed the index (a stale structure record)', () => {
    const index = openIndex();
    fill(index.db, 1, 300);
    const { session, reads } = countingSession(index.db);
    const terms = searchTerms('harbour crane').terms;
    bm25UnionTopK(session, terms, 10);
    const exchange = postingsExchange(session);
    const channel = new MessageChannel();
    exchange.inbox.listen(channel.port1);
    const writer = new Database(index.path);
    closing.push(writer);
    writer.exec('BEGIN IMMEDIATE');
    fill(writer, 301, 600);
    const handover = readPostingsHandover(writer, terms)!;
    channel.port2.postMessage(handover, handoverBuffers(handover));
    writer.exec('COMMIT');
    exchange.inbox.close(channel.port1, true);

    // Another write on the main connection before any search: the best chunk is now this one.
    index.db.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)').run(601, 'harbour crane harbour crane');
    reads.length = 0;
    const after = bm25UnionTopK(session, terms, 10)!;
    expect(reads).toEqual(terms);
    expectSameRanking(after, freshRanking(index.path, terms));
    expect(after.hits[0]!.rowid).toBeGreaterThan(600);
  });
});

function memoryFile(): FileRecord {
  const file: WorkspaceFile = {
    path: 'MEMORY.md',
    source: 'memory',
    kind: 'evergreen',
    archived: false,
    size: 10,
    mtimeMs: 1,
    date: null,
    tags: [],
  };
  return { file, absPath: '/ws/MEMORY.md', hash: 'h', indexState: 'indexed' };
}

describe("a big transcript's worker", () => {
  it(
    "hands the searches' last words over with its commit: the first ranking after it reads nothing itself",
    { timeout: 120_000 },
    async () => {
      const index = openIndex();
      const writer = new FileWriter(index.db);
      writer.writeFile(memoryFile(), [
        { startLine: 1, endLine: 1, text: 'harbour crane schedule', hash: 'a' },
        { startLine: 2, endLine: 2, text: 'crane repair notes', hash: 'b' },
      ]);
      const { session, reads } = countingSession(index.db);
      const terms = searchTerms('harbour crane').terms;
      bm25UnionTopK(session, terms, 10);
      const loads = session.chunkLengths.loads;

      const file = path.join(path.dirname(index.path), 'long.jsonl');
      const lines = [JSON.stringify({ type: 'session', id: 'long', timestamp: '2026-05-01T08:00:00.000Z' })];
      for (let i = 1; i <= 2000; i++) {
        const text = `${i % 3 ? 'harbour' : 'crane'} item ${i} ${'filler words here '.repeat(1 + (i % 4))}`;
        lines.push(JSON.stringify({ type: 'message', message: { role: i % 2 ? 'user' : 'assistant', content: text } }));
      }
      fs.writeFileSync(file, `${lines.join('\n')}\n`);
      const stat = fs.statSync(file);
      const discovered: DiscoveredFile = {
        path: 'sessions/long.jsonl',
        absPath: file,
        source: 'sessions',
        size: stat.size,
        mtimeMs: stat.mtimeMs,
      };
      const result = await indexBigSession({ db: index.db, writer, postings: postingsExchange(session) }, discovered);
      expect(result.chunks).toBeGreaterThan(0);

      reads.length = 0;
      const after = bm25UnionTopK(session, terms, 10)!;
      expect(reads).toEqual([]);
      expect(session.chunkLengths.loads).toBe(loads);
      expect(after.hits.some((hit) => hit.rowid > 2)).toBe(true);
      expectSameRanking(after, freshRanking(index.path, terms));
    },
  );
});
