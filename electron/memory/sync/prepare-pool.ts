// Worker threads that prepare files for a bulk sync (long work runs off the main
// thread). Parsing, chunking and FTS segmentation are half of a cold index's CPU; SQLite writes
// must stay on the thread that owns the connection, so the sync pipelines: it writes one batch
// while the worker prepares the next. A pool lives for one sync and is terminated when the sync
// ends.
//
// Files are *offered*: each is posted to the worker at once, and whoever gets to it first takes
// it, decided by one compare-and-swap on a shared slot — the worker takes the newest offers, the
// main thread claims from the oldest, so they meet in the middle. The main thread therefore never
// waits for a worker that is slow, busy elsewhere or still starting (it prepares the file
// itself), and the worker never idles waiting for the main thread to hand it more: it holds every
// offer, not a couple at a time. (Handing over two at a time from the main thread's event loop
// starved it: the main thread yields every 20 ms, so the worker prepared 13% of a 10k-file sync.)
//
// Whether a worker pays depends on this sync, not on how busy the machine is: one costs ~50–70 ms
// of start-up on another core, and below WORKER_MIN_BYTES that is not earned back. On a busy
// machine an unneeded worker costs only that start-up, because the main thread never waits for it.
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ChunkOptions } from '../chunk/chunker.js';
import type { DiscoveredFile } from '../workspace/discover.js';
import type { PreparedFile } from './prepare-file.js';

export interface PrepareRequest {
  id: number;
  /** Index into the shared slots: holds `id` while offered, `-id` once the worker took it, 0 once the main thread did. */
  slot: number;
  file: DiscoveredFile;
  bytes: Uint8Array;
  chunking?: Partial<ChunkOptions>;
}

/** A file the worker could not prepare is an `error` reply (the sync records it as failed), not a crash. */
export type PrepareReply = { id: number; prepared: PreparedFile } | { id: number; error: string };

/** The worker's first message: its modules are loaded. */
export interface PrepareReady {
  ready: true;
}

/** What the worker gets at start: the slots it takes offers through. */
export interface PrepareWorkerData {
  slots: SharedArrayBuffer;
}

/**
 * Below this many bytes to prepare (~0.3 s of preparing on one core here, ~1k typical notes) a
 * worker cannot earn back its start-up and cold code: saves, watcher hints and small workspaces
 * stay in-thread.
 */
export const WORKER_MIN_BYTES = 2 * 1024 * 1024;

/**
 * Offers outstanding at once. A sync offers at most a few windows ahead of what it writes (well
 * under this); past it, files are simply not offered and the main thread prepares them.
 */
const SLOTS = 1024;

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
  slot: number;
  resolve: (outcome: PrepareOutcome) => void;
  reject: (error: Error) => void;
}

class PrepareWorker {
  /** Requests posted to this worker that it may still answer. */
  readonly pending = new Map<number, Pending>();
  /** True once the worker has loaded its modules (its first message). */
  ready = false;
  private failure: Error | null = null;

  constructor(
    private readonly worker: Worker,
    private readonly events: { onReady(): void; onReply(pending: Pending): void; onFail(pending: Pending[]): void },
  ) {
    // Referenced only while it owes replies: an idle worker never keeps a CLI run alive.
    worker.unref();
    worker.on('message', (reply: PrepareReply | PrepareReady) => {
      if ('ready' in reply) {
        this.ready = true;
        events.onReady();
        return;
      }
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.forget(reply.id);
      events.onReply(waiting);
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

  /** No reply is owed any more for `id` (answered, or the main thread claimed it). */
  forget(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  async terminate(): Promise<void> {
    this.fail(new Error('prepare worker closed'));
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    const owed = [...this.pending.values()];
    this.pending.clear();
    this.worker.unref();
    this.events.onFail(owed);
    for (const waiting of owed) waiting.reject(error);
  }
}

export class PreparePool {
  private nextId = 1;
  private closedFlag = false;
  private workers: PrepareWorker[] = [];
  private readonly slots = new Int32Array(new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT));
  private readonly freeSlots: number[] = Array.from({ length: SLOTS }, (_, i) => SLOTS - 1 - i);
  private readyWaiters: (() => void)[] = [];
  /** Offered files a worker prepared (successfully or with an error reply). */
  preparedOffThread = 0;

  private constructor() {}

  /** Resolves once a worker has loaded (tests and benchmarks that want the worker in play). */
  whenReady(): Promise<void> {
    if (this.workers.some((worker) => worker.ready)) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Null when the compiled worker is not there (e.g. a bundle without it): the caller prepares in-thread. */
  static start(size: number, url: URL = prepareWorkerUrl()): PreparePool | null {
    if (size < 1 || !fs.existsSync(fileURLToPath(url))) return null;
    const pool = new PreparePool();
    const workerData: PrepareWorkerData = { slots: pool.slots.buffer as SharedArrayBuffer };
    const events = {
      onReady: () => {
        for (const resolve of pool.readyWaiters.splice(0)) resolve();
      },
      onReply: (pending: Pending) => {
        pool.preparedOffThread++;
        pool.release(pending.slot);
      },
      onFail: (owed: Pending[]) => {
        for (const pending of owed) pool.release(pending.slot);
      },
    };
    try {
      pool.workers = Array.from({ length: size }, () => new PrepareWorker(new Worker(url, { workerData }), events));
      return pool;
    } catch {
      void pool.close();
      return null;
    }
  }

  /**
   * A pool for a sync that has `bytes` to prepare, or null when a worker would not pay: too little
   * work for its start-up, one core only, or `workers` is 0. `minBytes` and `cores` are for tests.
   */
  static forSync(
    bytes: number,
    workers: number,
    minBytes: number = WORKER_MIN_BYTES,
    cores: number = os.availableParallelism(),
  ): PreparePool | null {
    if (workers <= 0 || bytes < minBytes || cores < 2) return null;
    return PreparePool.start(workers);
  }

  /**
   * Offers a file to the workers: posted now, taken by a worker or claimed back by the main
   * thread, whichever comes first (the worker starts from the newest offers).
   */
  offer(file: DiscoveredFile, bytes: Uint8Array, chunking?: Partial<ChunkOptions>): PrepareTicket {
    const worker = this.closedFlag ? undefined : this.leastBusy();
    const slot = worker ? this.freeSlots.pop() : undefined;
    if (!worker || slot === undefined) return { claim: () => null };
    const id = this.newId();
    Atomics.store(this.slots, slot, id);
    const outcome = new Promise<PrepareOutcome>((resolve, reject) =>
      worker.post(this.request(id, slot, file, bytes, chunking), { slot, resolve, reject }),
    );
    // Claimed later or never: a rejection (the worker died) is handled by whoever claims it.
    outcome.catch(() => undefined);
    return {
      claim: () => {
        if (Atomics.compareExchange(this.slots, slot, id, 0) === id) {
          // Ours: the worker will skip it.
          worker.forget(id);
          this.release(slot);
          return null;
        }
        return outcome;
      },
    };
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** Has a worker prepare the file; rejects only when no worker can take it (all died, or the pool closed). */
  prepare(file: DiscoveredFile, bytes: Uint8Array, chunking?: Partial<ChunkOptions>): Promise<PrepareOutcome> {
    return new Promise((resolve, reject) => {
      const worker = this.closedFlag ? undefined : this.leastBusy();
      const slot = worker ? this.freeSlots.pop() : undefined;
      if (!worker || slot === undefined) {
        reject(new Error('no prepare worker available'));
        return;
      }
      const id = this.newId();
      Atomics.store(this.slots, slot, id);
      worker.post(this.request(id, slot, file, bytes, chunking), { slot, resolve, reject });
    });
  }

  async close(): Promise<void> {
    this.closedFlag = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private leastBusy(): PrepareWorker | undefined {
    let target: PrepareWorker | undefined;
    for (const worker of this.workers) {
      if (worker.alive && (!target || worker.pending.size < target.pending.size)) target = worker;
    }
    return target;
  }

  private newId(): number {
    const id = this.nextId;
    this.nextId = id >= 0x7fffffff ? 1 : id + 1;
    return id;
  }

  private request(
    id: number,
    slot: number,
    file: DiscoveredFile,
    bytes: Uint8Array,
    chunking?: Partial<ChunkOptions>,
  ): PrepareRequest {
    const request: PrepareRequest = { id, slot, file, bytes };
    if (chunking) request.chunking = chunking;
    return request;
  }

  private release(slot: number): void {
    Atomics.store(this.slots, slot, 0);
    this.freeSlots.push(slot);
  }
}
