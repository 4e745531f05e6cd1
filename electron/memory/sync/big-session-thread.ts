// A big transcript is streamed into the index on a worker thread with a connection of its own
// (index-big-session.ts), in one transaction: searches on the engine's connection keep reading the
// last commit (WAL) and see the file fully old or fully new, and the main thread never holds the
// parsing, the inserts or the COMMIT — FTS5 writing out the whole file's terms, one long task.
// The model stays on the main thread: the worker sends it the texts its cache does not have.
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { ChunkOptions } from '../chunk/chunker.js';
import type { EmbeddingIdentity } from '../index/index-db.js';
import type { DiscoveredFile } from '../workspace/discover.js';
import type { BigSessionResult } from './index-big-session.js';
import type { SyncTarget } from './sync-target.js';

/** What the worker gets at start. */
export interface BigSessionWorkerData {
  dbPath: string;
  nativeBinding: string | null;
  file: DiscoveredFile;
  chunking: Partial<ChunkOptions> | null;
  /** The index's vectors, when the main thread has their model; null: keyword rows only. */
  embedding: EmbeddingIdentity | null;
  /**
   * Where the worker hands over the searching connection's last words' doclists before it
   * commits (postings-handover.ts), and gets those words (`{ terms }`, the latest stands); null: not asked.
   */
  postings: MessagePort | null;
  recentTerms: string[];
}

/** Sent to the worker on `postings` when the searches' last words change. */
export interface RecentTermsMessage {
  terms: string[];
}

export type BigSessionToMain =
  | { kind: 'embed'; id: number; texts: string[] }
  | { kind: 'written'; chunks: number }
  | { kind: 'committed' }
  | { kind: 'done'; result: BigSessionResult }
  | { kind: 'failed'; message: string; code: string | null };

export type BigSessionToWorker =
  | { kind: 'embedded'; id: number; vectors: Float32Array[] }
  | { kind: 'embed-failed'; id: number; message: string }
  | { kind: 'abort' };

export interface BigSessionThreadOptions {
  chunking?: Partial<ChunkOptions>;
  signal?: AbortSignal;
  /** A slice was written inside the worker's transaction (not yet visible to searches). */
  onWritten?: (chunks: number) => void;
  /** The worker committed the file: searches see it from now on. */
  onCommitted?: () => void;
}

/**
 * Where the compiled worker lives: beside this module once built (dist/, dist-bench/, the Electron
 * bundle). Under vitest this module is TypeScript; the test global setup compiles the worker into dist/.
 */
export function bigSessionWorkerUrl(): URL {
  const here = new URL(import.meta.url);
  if (here.pathname.endsWith('.ts')) return new URL('../../../dist/electron/memory/sync/big-session-worker.js', here);
  return new URL('./big-session-worker.js', here);
}

/** Streams `file` into `target`'s index off the main thread. Rejects (and changes nothing) on failure. */
export function indexBigSession(
  target: SyncTarget,
  file: DiscoveredFile,
  options: BigSessionThreadOptions = {},
): Promise<BigSessionResult> {
  const { signal } = options;
  signal?.throwIfAborted();
  const embedding = target.embedding ?? null;
  const exchange = target.postings ?? null;
  const channel = exchange ? new MessageChannel() : null;
  let sentTerms = exchange?.recentTerms() ?? [];
  const workerData: BigSessionWorkerData = {
    dbPath: target.db.name,
    nativeBinding: target.nativeBinding ?? null,
    file,
    chunking: options.chunking ?? null,
    embedding: embedding?.cache.identity ?? null,
    postings: channel?.port2 ?? null,
    recentTerms: sentTerms,
  };
  /** The searches since the last slice may have asked for other words. */
  const updateTerms = (): void => {
    if (!exchange || !channel) return;
    const terms = exchange.recentTerms();
    if (terms.join('\u0000') === sentTerms.join('\u0000')) return;
    sentTerms = terms;
    channel.port1.postMessage({ terms } satisfies RecentTermsMessage);
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(bigSessionWorkerUrl(), {
      workerData,
      ...(channel ? { transferList: [channel.port2] } : {}),
    });
    if (exchange && channel) exchange.inbox.listen(channel.port1);
    let settled = false;
    let committed = false;
    const onAbort = (): void => worker.postMessage({ kind: 'abort' } satisfies BigSessionToWorker);
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      if (exchange && channel) exchange.inbox.close(channel.port1, committed);
      signal?.removeEventListener('abort', onAbort);
      // The worker has closed its connection before its last message: nothing of it is left to end.
      void worker.terminate();
      outcome();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const reply = (message: BigSessionToWorker): void => {
      if (!settled) worker.postMessage(message);
    };
    worker.on('message', (message: BigSessionToMain) => {
      switch (message.kind) {
        case 'embed':
          if (!embedding) reply({ kind: 'embed-failed', id: message.id, message: 'no embedding model' });
          else
            embedding.provider.embedPassages(message.texts).then(
              (vectors) => reply({ kind: 'embedded', id: message.id, vectors }),
              (error: unknown) => reply({ kind: 'embed-failed', id: message.id, message: String(error) }),
            );
          break;
        case 'written':
          updateTerms();
          options.onWritten?.(message.chunks);
          break;
        case 'committed':
          committed = true;
          options.onCommitted?.();
          break;
        case 'done':
          settle(() => resolve(message.result));
          break;
        case 'failed':
          settle(() =>
            reject(
              signal?.aborted
                ? signal.reason
                : Object.assign(new Error(message.message), message.code ? { code: message.code } : {}),
            ),
          );
          break;
      }
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`the transcript's worker stopped (exit ${code})`))));
  });
}
