// The doctor's finders on a worker thread of their own, owned by the doctor service: a pass over a
// 1,000-file workspace is a second or more of CPU (MinHash, secret rules), which on the thread that
// answers searches would hold every search arriving meanwhile. Started on the first pass, kept for
// the next ones (its modules load once), terminated on close. If it cannot start or dies, the pass
// runs in this thread instead and says so in the log: slower searches, never missing findings.
import { Worker } from 'node:worker_threads';
import type { DoctorInput } from './doctor-input.js';
import { runDoctor, type DoctorOutcome } from './run-doctor.js';

export interface DoctorThreadRequest {
  id: number;
  input: DoctorInput;
}

export type DoctorThreadReply = { id: number; outcome: DoctorOutcome } | { id: number; error: string };

/** The worker itself was lost (could not start, crashed, exited): the pass can still run here. */
class WorkerLost extends Error {}

/**
 * Where the compiled worker lives: beside this module once built (dist/, dist-bench/, or the
 * Electron bundle). Under vitest this module is TypeScript and a Worker runs JavaScript only, so
 * the test global setup (memory/test-support/build-workers.ts) compiles the worker into dist/.
 */
export function doctorWorkerUrl(): URL {
  const here = new URL(import.meta.url);
  if (here.pathname.endsWith('.ts')) return new URL('../../../dist/electron/app/doctor/doctor-worker.js', here);
  return new URL('./doctor-worker.js', here);
}

interface Pending {
  resolve: (outcome: DoctorOutcome) => void;
  reject: (error: Error) => void;
}

export class DoctorThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: { log: (message: string) => void; workerUrl?: URL }) {}

  /** The findings of one input, computed on the worker (or here, when the worker failed). */
  async run(input: DoctorInput): Promise<DoctorOutcome> {
    if (this.closed) throw new Error('doctor thread closed');
    try {
      return await this.post(input);
    } catch (error) {
      if (this.closed || !(error instanceof WorkerLost)) throw error;
      this.options.log(`doctor: ${error.message}; this pass runs in the main thread`);
      return runDoctor(input);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.failAll(new WorkerLost('doctor thread closed'));
    await worker?.terminate();
  }

  private post(input: DoctorInput): Promise<DoctorOutcome> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, input } satisfies DoctorThreadRequest);
    });
  }

  private start(): Worker {
    const worker = new Worker(this.options.workerUrl ?? doctorWorkerUrl());
    // Referenced only while a pass waits for it: an idle worker never keeps a process alive.
    worker.unref();
    worker.on('message', (reply: DoctorThreadReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.outcome);
    });
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(error);
    };
    worker.on('error', (error) => lost(new WorkerLost(`the worker failed: ${error.message}`)));
    worker.on('exit', (code) => lost(new WorkerLost(`the worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    const owed = [...this.pending.values()];
    this.pending.clear();
    for (const waiting of owed) waiting.reject(error);
  }
}
