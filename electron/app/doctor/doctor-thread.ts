// The doctor's pass on a worker thread of its own, owned by the doctor service: reading a 1,000-file
// workspace and the finders over it (MinHash, secret rules) are seconds of CPU, which on the thread
// that answers searches would hold every search arriving meanwhile. The worker reads through its
// own read-only connections (doctor-reads.ts), the memory history's included: this thread sends
// where things are and receives the findings with their authors. Started on the first pass, kept for the next ones (its modules load once), terminated
// on close. If it cannot start, dies, or cannot read, the pass runs in this thread instead and says
// so in the log: slower searches, never missing findings.
import { type Log, logLine } from '../../../shared/log-line.js';
import { Worker } from 'node:worker_threads';
import type { Finding } from '../../../shared/doctor-schemas.js';
import type { GiveWayLimits } from '../search-gate.js';
import type { DoctorPlaces } from './doctor-reads.js';
import type { DoctorOutcome } from './run-doctor.js';

/**
 * A message is cloned in one go on the thread that answers searches: all findings at once (2 MB
 * with their evidence) held it for 20–55 ms, so they travel in parts, a turn apart; the worker
 * sends the next part when asked for it.
 */
const FINDINGS_PER_MESSAGE = 50;

/** One pass: where its input is, "now" for the ages of lines, and the searches it gives way to. */
export interface DoctorPassRequest {
  places: DoctorPlaces;
  now: number;
  /** The SearchGate's memory: the worker stops at checkpoints while a search runs; without it, never. */
  gate?: SharedArrayBuffer;
  giveWay?: GiveWayLimits;
}

/** A pass to run, or the next part of a pass's findings. */
export type DoctorThreadRequest =
  { id: number; pass: DoctorPassRequest; findingsPerMessage: number } | { id: number; next: true };

/** A pass's outcome, and whether its findings already name their authors (the worker read the history). */
export interface DoctorPassResult {
  outcome: DoctorOutcome;
  authored: boolean;
}

/** Findings in parts (in order), then the outcome with the last of them; `unreadable` when the worker could not read the workspace. */
export type DoctorThreadReply =
  | { id: number; findings: Finding[] }
  | ({ id: number } & DoctorPassResult)
  | { id: number; unreadable: string }
  | { id: number; error: string };

/** The worker was lost (could not start, crashed, exited) or could not read: the pass can still run here. */
class NotOnWorker extends Error {}

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
  findings: Finding[];
  resolve: (result: DoctorPassResult) => void;
  reject: (error: Error) => void;
}

export class DoctorThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly options: {
      log: Log;
      workerUrl?: URL;
      /** Between the parts of the findings: lets a waiting search run first (default: the next setImmediate turn). */
      giveWay?: () => Promise<void>;
      /** Findings per message (tests send them one by one). */
      findingsPerMessage?: number;
    },
  ) {}

  /** One pass read and computed on the worker, or by `here` when the worker failed or could not read. */
  async run(pass: DoctorPassRequest, here: () => Promise<DoctorPassResult>): Promise<DoctorPassResult> {
    if (this.closed) throw new Error('doctor thread closed');
    try {
      return await this.post(pass);
    } catch (error) {
      if (this.closed || !(error instanceof NotOnWorker)) throw error;
      this.options.log(logLine('log:doctor.mainThread', error));
      return here();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.failAll(new NotOnWorker('doctor thread closed'));
    await worker?.terminate();
  }

  private post(pass: DoctorPassRequest): Promise<DoctorPassResult> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const outcome = new Promise<DoctorPassResult>((resolve, reject) => {
      this.pending.set(id, { findings: [], resolve, reject });
    });
    worker.ref();
    const findingsPerMessage = this.options.findingsPerMessage ?? FINDINGS_PER_MESSAGE;
    worker.postMessage({ id, pass, findingsPerMessage } satisfies DoctorThreadRequest);
    return outcome;
  }

  private giveWay(): Promise<void> {
    return this.options.giveWay?.() ?? new Promise((resolve) => setImmediate(resolve));
  }

  private start(): Worker {
    const worker = new Worker(this.options.workerUrl ?? doctorWorkerUrl());
    // Referenced only while a pass waits for it: an idle worker never keeps a process alive.
    worker.unref();
    worker.on('message', (reply: DoctorThreadReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      if ('findings' in reply) {
        waiting.findings.push(...reply.findings);
        void this.giveWay().then(() => worker.postMessage({ id: reply.id, next: true } satisfies DoctorThreadRequest));
        return;
      }
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('unreadable' in reply) waiting.reject(new NotOnWorker(`the worker could not read: ${reply.unreadable}`));
      else if ('error' in reply) waiting.reject(new Error(reply.error));
      else
        waiting.resolve({
          outcome: { ...reply.outcome, findings: [...waiting.findings, ...reply.outcome.findings] },
          authored: reply.authored,
        });
    });
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(error);
    };
    worker.on('error', (error) => lost(new NotOnWorker(`the worker failed: ${error.message}`)));
    worker.on('exit', (code) => lost(new NotOnWorker(`the worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    const owed = [...this.pending.values()];
    this.pending.clear();
    for (const waiting of owed) waiting.reject(error);
  }
}
