// Worker threads that prepare files for a bulk sync (DESIGN §2: long work runs off the main
// thread). Parsing, chunking and Intl.Segmenter are half of a cold index's CPU; SQLite writes must
// stay on the thread that owns the connection, so the sync pipelines: it writes one batch while
// the pool prepares the next. A pool lives for one sync and is terminated when the sync ends.
//
// The worker costs ~50–70 ms of start-up (a new isolate loading the parser, chunker and
// segmenter, then running them cold) and only pays where a core is free. So the sync never waits
// for it: files are *offered* (offer()), a worker takes them only once it has said it is ready
// and only a couple at a time, newest first, and the main thread prepares every offered file it
// reaches that no worker has taken. A slow worker thus costs the sync nothing but its start-up on
// the other core. Below WORKER_MIN_BYTES, or when every core already has a runnable process (the
// 1-minute load average), no worker is started at all: measured here at load 9–17 on 2 cores, a
// worker made 1k–3k-file syncs 0–30% slower and cost 25–40% more CPU (it runs cold, JIT-wise).
import fs from 'node:fs';
import os from 'node:os';
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

/** The worker's first message: its modules are loaded and it takes files now. */
export interface PrepareReady {
  ready: true;
}

/**
 * Below this many bytes to prepare (~0.3 s of preparing on one core here, ~1k typical notes) a
 * worker cannot earn back its start-up and cold code: saves, watcher hints and small workspaces
 * stay in-thread.
 */
export const WORKER_MIN_BYTES = 2 * 1024 * 1024;

/**
 * Cores with nothing to run, by the 1-minute load average; null where the OS keeps none (Windows
 * reports zeros). The sync's own thread will take one of them.
 */
export function idleCores(): number | null {
  if (os.platform() === 'win32') return null;
  return os.availableParallelism() - (os.loadavg()[0] ?? 0);
}

/** Files a worker holds at once: one it works on, one waiting, so it never idles between messages. */
const WORKER_IN_FLIGHT = 2;

/** What offer() hands back: the sync claims it when it is about to write the file. */
export interface PrepareTicket {
  /** The worker's outcome, or null when no worker took the file: prepare it in this thread. */
  claim(): Promise<PrepareOutcome> | null;
}

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
  /** True once the worker has loaded its modules (its first message). */
  ready = false;
  private failure: Error | null = null;

  constructor(private readonly worker: Worker, onReady: () => void) {
    // Referenced only while it owes replies: an idle worker never keeps a CLI run alive.
    worker.unref();
    worker.on('message', (reply: PrepareReply | PrepareReady) => {
      if ('ready' in reply) {
        this.ready = true;
        onReady();
        return;
      }
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      waiting.resolve('error' in reply ? { error: reply.error } : { prepared: reply.prepared });
      onReady();
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

interface Offered {
  request: PrepareRequest;
  state: 'queued' | 'sent' | 'claimed';
  outcome: Promise<PrepareOutcome> | null;
}

export class PreparePool {
  private nextId = 1;
  private closedFlag = false;
  private workers: PrepareWorker[] = [];
  /** Offered files no worker has taken yet, oldest first. */
  private queue: Offered[] = [];
  private readyWaiters: (() => void)[] = [];
  /** Offered files a worker prepared (successfully or with an error reply). */
  preparedOffThread = 0;

  private constructor() {}

  /** Resolves once a worker is ready (tests and benchmarks that want the worker in play). */
  whenReady(): Promise<void> {
    if (this.workers.some((worker) => worker.ready)) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Null when the compiled worker is not there (e.g. a bundle without it): the caller prepares in-thread. */
  static start(size: number, url: URL = prepareWorkerUrl()): PreparePool | null {
    if (size < 1 || !fs.existsSync(fileURLToPath(url))) return null;
    const pool = new PreparePool();
    try {
      pool.workers = Array.from({ length: size }, () => new PrepareWorker(new Worker(url), () => pool.dispatch()));
      return pool;
    } catch {
      void pool.close();
      return null;
    }
  }

  /**
   * A pool for a sync that has `bytes` to prepare, or null when a worker would not pay: too little
   * work for its start-up, no core for it (the load average says every core already has work), or
   * `workers` is 0. `minBytes` and `idle` are for tests.
   */
  static forSync(bytes: number, workers: number, minBytes: number = WORKER_MIN_BYTES, idle: number | null = idleCores()): PreparePool | null {
    if (workers <= 0 || bytes < minBytes) return null;
    if (idle !== null && idle <= 0) return null;
    return PreparePool.start(workers);
  }

  /**
   * Offers a file to the workers. A ready worker with room takes the newest offers first (the
   * main thread claims from the oldest end), so the two meet in the middle and neither waits.
   */
  offer(file: DiscoveredFile, bytes: Uint8Array, chunking?: Partial<ChunkOptions>): PrepareTicket {
    const request: PrepareRequest = { id: this.nextId++, file, bytes };
    if (chunking) request.chunking = chunking;
    const offered: Offered = { request, state: 'queued', outcome: null };
    this.queue.push(offered);
    this.dispatch();
    return {
      claim: () => {
        if (offered.state === 'sent') return offered.outcome;
        offered.state = 'claimed';
        this.dropClaimed();
        return null;
      },
    };
  }

  /** Hands queued offers to ready workers with room, newest first. */
  private dispatch(): void {
    if (this.closedFlag) return;
    if (this.readyWaiters.length > 0 && this.workers.some((worker) => worker.ready)) {
      for (const resolve of this.readyWaiters.splice(0)) resolve();
    }
    for (const worker of this.workers) {
      while (worker.alive && worker.ready && worker.pending.size < WORKER_IN_FLIGHT) {
        let offered: Offered | undefined;
        while ((offered = this.queue.pop()) && offered.state !== 'queued');
        if (!offered) return;
        offered.state = 'sent';
        offered.outcome = new Promise<PrepareOutcome>((resolve, reject) => worker.post(offered!.request, { resolve, reject }));
        // Claimed later or never: a rejection (the worker died) is handled by whoever claims it.
        offered.outcome.then(() => this.preparedOffThread++, () => undefined);
      }
    }
  }

  private dropClaimed(): void {
    let start = 0;
    while (start < this.queue.length && this.queue[start]!.state !== 'queued') start++;
    if (start > 0) this.queue.splice(0, start);
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
    this.queue = [];
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
