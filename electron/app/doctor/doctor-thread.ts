// The doctor's finders on a worker thread of their own, owned by the doctor service: a pass over a
// 1,000-file workspace is a second or more of CPU (MinHash, secret rules), which on the thread that
// answers searches would hold every search arriving meanwhile. Started on the first pass, kept for
// the next ones (its modules load once), terminated on close. If it cannot start or dies, the pass
// runs in this thread instead and says so in the log: slower searches, never missing findings.
import { Worker } from 'node:worker_threads';
import type { Finding } from '../../../shared/doctor-schemas.js';
import type { DoctorFile, DoctorInput, DoctorTranscript } from './doctor-input.js';
import { runDoctor, type DoctorOutcome } from './run-doctor.js';

/**
 * A message is cloned in one go on the thread that answers searches: the whole input (2 MB of
 * notes) or all findings (2 MB with their evidence) at once held it for 20–55 ms, so both travel
 * in parts, a turn apart; the worker sends the next part of the findings when asked for it.
 */
const PER_MESSAGE: PerMessage = { files: 50, transcripts: 8, findings: 50 };

export interface PerMessage {
  files: number;
  transcripts: number;
  findings: number;
}

/** Parts of an input (files and transcripts, in order), then the rest of it, which starts the pass. */
export type DoctorThreadRequest =
  | { id: number; files: DoctorFile[]; transcripts: DoctorTranscript[] }
  | { id: number; input: DoctorInput; findingsPerMessage: number }
  | { id: number; next: true };

/** Findings in parts (in order), then the outcome with the last of them. */
export type DoctorThreadReply =
  { id: number; findings: Finding[] } | { id: number; outcome: DoctorOutcome } | { id: number; error: string };

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
  findings: Finding[];
  resolve: (outcome: DoctorOutcome) => void;
  reject: (error: Error) => void;
}

export class DoctorThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly options: {
      log: (message: string) => void;
      workerUrl?: URL;
      /** Between the parts of an input: lets a waiting search run first (default: the next setImmediate turn). */
      giveWay?: () => Promise<void>;
      /** How much one message carries (tests send everything in parts of one). */
      perMessage?: PerMessage;
    },
  ) {}

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

  private async post(input: DoctorInput): Promise<DoctorOutcome> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const outcome = new Promise<DoctorOutcome>((resolve, reject) => {
      this.pending.set(id, { findings: [], resolve, reject });
    });
    worker.ref();
    const per = this.options.perMessage ?? PER_MESSAGE;
    const { files, transcripts } = input;
    for (let f = 0, t = 0; f < files.length || t < transcripts.length;) {
      const part = {
        id,
        files: files.slice(f, (f += per.files)),
        transcripts: transcripts.slice(t, (t += per.transcripts)),
      };
      worker.postMessage(part satisfies DoctorThreadRequest);
      await this.giveWay();
      if (!this.pending.has(id)) return outcome;
    }
    const rest = { ...input, files: [], transcripts: [] };
    worker.postMessage({ id, input: rest, findingsPerMessage: per.findings } satisfies DoctorThreadRequest);
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
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve({ ...reply.outcome, findings: [...waiting.findings, ...reply.outcome.findings] });
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
