// worker_threads entry that streams one big transcript into the index (big-session-thread.ts):
// its own connection, one transaction, the same rows as on the main thread. Embedding texts go to
// the main thread, which holds the model; the cache is read and written here, in the transaction.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { EmbeddingCache } from '../index/embedding-cache.js';
import { handoverBuffers } from '../search/sqlite/postings-handover.js';
import type {
  BigSessionToMain,
  BigSessionToWorker,
  BigSessionWorkerData,
  RecentTermsMessage,
} from './big-session-thread.js';
import { streamBigSession } from './index-big-session.js';

const port = parentPort;
if (!port) throw new Error('big-session-worker.js must run in a worker thread');
const data = workerData as BigSessionWorkerData;
const aborted = new AbortController();
const waiting = new Map<number, { resolve: (vectors: Float32Array[]) => void; reject: (error: Error) => void }>();
let nextId = 1;

const send = (message: BigSessionToMain): void => port.postMessage(message);

port.on('message', (message: BigSessionToWorker) => {
  if (message.kind === 'abort') {
    aborted.abort(new Error('aborted'));
    return;
  }
  const request = waiting.get(message.id);
  waiting.delete(message.id);
  if (message.kind === 'embedded') request?.resolve(message.vectors);
  else request?.reject(new Error(message.message));
});

let recentTerms = data.recentTerms;
/** The main thread's searches' last words, the latest it sent: read synchronously, just before COMMIT. */
const postingsPort = data.postings;
const handover = postingsPort
  ? {
      terms: (): readonly string[] => {
        for (let got = receiveMessageOnPort(postingsPort); got; got = receiveMessageOnPort(postingsPort))
          recentTerms = (got.message as RecentTermsMessage).terms;
        return recentTerms;
      },
      send: (read: Parameters<typeof handoverBuffers>[0]): void =>
        postingsPort.postMessage(read, handoverBuffers(read)),
    }
  : null;

const provider = {
  embedPassages: (texts: string[]): Promise<Float32Array[]> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      send({ kind: 'embed', id, texts });
    }),
};

async function run(): Promise<BigSessionToMain> {
  try {
    const db = new Database(data.dbPath, data.nativeBinding ? { nativeBinding: data.nativeBinding } : {});
    try {
      const result = await streamBigSession(
        db,
        data.embedding ? { provider, cache: new EmbeddingCache(db, data.embedding) } : null,
        data.file,
        {
          signal: aborted.signal,
          onWritten: (chunks) => send({ kind: 'written', chunks }),
          onCommitted: () => send({ kind: 'committed' }),
          ...(handover ? { handover } : {}),
          ...(data.chunking ? { chunking: data.chunking } : {}),
        },
      );
      return { kind: 'done', result };
    } finally {
      db.close();
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return {
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
      code: typeof code === 'string' ? code : null,
    };
  }
}

/**
 * Searches come first: on Linux a thread has its own nice value, and the sync's threads share one
 * scheduling group with the main thread, so at equal priority the worker halves a search's CPU.
 */
function yieldToMainThread(): void {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, os.constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not Linux (no /proc/thread-self), or not allowed: the worker runs at the process's priority.
  }
}

yieldToMainThread();
void run().then(send);
