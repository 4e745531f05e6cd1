// Worker threads that prepare files for a bulk sync (DESIGN §2: long work runs off the main
// thread). Parsing, chunking and Intl.Segmenter are half of a cold index's CPU; SQLite writes must
// stay on the thread that owns the connection, so the sync pipelines: it writes one batch while
// the pool prepares the next. A pool lives for one sync and is terminated when the sync ends.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ChunkOptions } from '../chunk/chunker.js';
import type { DiscoveredFile } from '../workspace/discover.js';
import type { PreparedFile } from './prepare-file.js';

export interface PrepareRequest {
  id: number;
  file: DiscoveredFile;
  bytes: Uint8Array;
  chunking?: Partial<ChunkOptions>;
}

/** A file the worker could not prepare is an `error` reply (the sync records it as failed), not a crash. */
export type PrepareReply = { id: number; prepared: PreparedFile } | { id: number; error: string };

export type PrepareOutcome = { prepared: PreparedFile } | { error: string };

/**
 * Where the compiled worker lives: beside this module once built (dist/ for the CLI, dist-bench/
 * for the benchmarks, or the Electron bundle, which ships the entry). Under vitest this module is
 * TypeScript and a Worker runs JavaScript only, so the test global setup
 * (memory/test-support/build-workers.ts) compiles the worker into dist/.
 */
export function prepareWorkerUrl(): URL {
  const here = new URL(import.meta.url);
  if (here.pathname.endsWith('.ts')) return new URL('../../../dist/electron/memory/sync/prepare-worker.js', here);
  return new URL('./prepare-worker.js', here);
}

interface Pending {
  resolve: (outcome: PrepareOutcome) => void;
  reject: (error: Error) => void;
}

class PrepareWorker {
  readonly pending = new Map<number, Pending>();
  private failure: Error | null = null;

  constructor(private readonly worker: Worker) {
    // Referenced only while it owes replies: an idle worker never keeps a CLI run alive.
    worker.unref();
    worker.on('message', (reply: PrepareReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      waiting.resolve('error' in reply ? { error: reply.error } : { prepared: reply.prepared });
    });
    worker.on('error', (error) => this.fail(new Error(`prepare worker failed: ${error.message}`)));
    worker.on('exit', (code) => this.fail(new Error(`prepare worker exited with code ${code}`)));
  }

  get alive(): boolean {
    return this.failure === null;
  }

  post(request: PrepareRequest, waiting: Pending): void {
    if (this.failure) {
      waiting.reject(this.failure);
      return;
    }
    if (this.pending.size === 0) this.worker.ref();
    this.pending.set(request.id, waiting);
    // Copied, not transferred: if the worker dies, the main thread prepares the same bytes itself.
    this.worker.postMessage(request);
  }

  async terminate(): Promise<void> {
    this.fail(new Error('prepare worker closed'));
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    this.worker.unref();
  }
}

export class PreparePool {
  private nextId = 1;
  private closedFlag = false;

  private constructor(private readonly workers: PrepareWorker[]) {}

  /** Null when the compiled worker is not there (e.g. a bundle without it): the caller prepares in-thread. */
  static start(size: number, url: URL = prepareWorkerUrl()): PreparePool | null {
    if (size < 1 || !fs.existsSync(fileURLToPath(url))) return null;
    try {
      return new PreparePool(Array.from({ length: size }, () => new PrepareWorker(new Worker(url))));
    } catch {
      return null;
    }
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** Rejects only when no worker can take the file (all died, or the pool closed). */
  prepare(file: DiscoveredFile, bytes: Uint8Array, chunking?: Partial<ChunkOptions>): Promise<PrepareOutcome> {
    return new Promise((resolve, reject) => {
      let target: PrepareWorker | null = null;
      for (const worker of this.workers) {
        if (worker.alive && (!target || worker.pending.size < target.pending.size)) target = worker;
      }
      if (this.closedFlag || !target) {
        reject(new Error('no prepare worker available'));
        return;
      }
      const request: PrepareRequest = { id: this.nextId++, file, bytes };
      if (chunking) request.chunking = chunking;
      target.post(request, { resolve, reject });
    });
  }

  async close(): Promise<void> {
    this.closedFlag = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
