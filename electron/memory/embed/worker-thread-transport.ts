// The worker_threads transport of the embedder. Every provider in a process shares one
// long-lived worker, each as a session (onnxruntime-node 1.30 loads in any thread, so sharing is a
// choice). The worker is unref'd while no session is busy or releasing its model, so a CLI run
// exits when its work is done but never while ONNX Runtime is still releasing a session.
import { Worker } from 'node:worker_threads';
import type { EmbedTransport, HostMessage, SessionEnvelope, WorkerMessage } from './embed-protocol.js';

/**
 * Where the compiled worker lives. Built code runs embed-worker.js beside this file (dist/ for the
 * CLI, dist-bench/ for the benchmarks, the Electron bundle); under vitest this file is the .ts
 * source and a Worker cannot run TypeScript, so the test global setup
 * (memory/test-support/build-workers.ts) compiles the worker into dist/ first.
 */
export function embedWorkerUrl(): URL {
  const here = new URL(import.meta.url);
  if (here.pathname.endsWith('.ts')) return new URL('../../../dist/electron/memory/embed/embed-worker.js', here);
  return new URL('./embed-worker.js', here);
}

/** How long a closing provider waits for the worker to release its model before the worker is ended. */
export const DEFAULT_RELEASE_TIMEOUT_MS = 10_000;

export interface WorkerThreadTransportOptions {
  /** After this, this session's release, if it has not finished, ends the worker (and every session on it). */
  releaseTimeoutMs?: number;
}

interface Session {
  onMessage: ((message: WorkerMessage) => void)[];
  onExit: ((reason: string) => void)[];
  releaseTimeoutMs: number;
  /** Set while the session is closing: called when the worker has released its model. */
  released?: () => void;
}

class SharedEmbedWorker {
  private readonly sessions = new Map<number, Session>();
  private readonly busy = new Set<number>();
  private readonly closing = new Map<number, Promise<void>>();
  private nextSession = 1;
  private exitReason: string | null = null;

  constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', ({ session, message }: SessionEnvelope<WorkerMessage>) => {
      const target = this.sessions.get(session);
      if (message.type === 'released') target?.released?.();
      for (const listener of target?.onMessage ?? []) listener(message);
    });
    worker.on('error', (error) => this.exit(`embedding worker failed: ${error.message}`));
    worker.on('exit', (code) => this.exit(`embedding worker exited with code ${code}`));
  }

  get alive(): boolean {
    return this.exitReason === null;
  }

  open(releaseTimeoutMs: number): EmbedTransport {
    const id = this.nextSession++;
    const session: Session = { onMessage: [], onExit: [], releaseTimeoutMs };
    this.sessions.set(id, session);
    return {
      postMessage: (message: HostMessage) => {
        if (this.alive) this.worker.postMessage({ session: id, message } satisfies SessionEnvelope<HostMessage>);
      },
      onMessage: (listener) => session.onMessage.push(listener),
      onExit: (listener) => {
        if (this.exitReason !== null) listener(this.exitReason);
        else session.onExit.push(listener);
      },
      setBusy: (busy) => this.setBusy(id, busy),
      terminate: () => this.close(id),
    };
  }

  async shutdown(reason = 'embedding worker shut down'): Promise<void> {
    this.exit(reason);
    await this.worker.terminate();
  }

  async releasesSettled(): Promise<void> {
    await Promise.all(this.closing.values());
  }

  /** Idempotent: a second call waits for the same release. */
  private close(id: number): Promise<void> {
    let closing = this.closing.get(id);
    const session = this.sessions.get(id);
    if (!closing && session) {
      closing = this.release(id, session).finally(() => this.closing.delete(id));
      this.closing.set(id, closing);
    }
    return closing ?? Promise.resolve();
  }

  /**
   * Asks the worker to release the session's model and waits for its answer, keeping the worker
   * ref'd meanwhile: a CLI run must not exit (and so end the worker) while ONNX Runtime releases.
   */
  private async release(id: number, session: Session): Promise<void> {
    this.setBusy(id, true);
    let timer: NodeJS.Timeout | undefined;
    const released = await new Promise<boolean>((resolve) => {
      session.released = () => resolve(true);
      timer = setTimeout(() => resolve(false), session.releaseTimeoutMs);
      this.worker.postMessage({ session: id, message: { type: 'dispose' } } satisfies SessionEnvelope<HostMessage>);
    });
    clearTimeout(timer);
    // A hung release must not hold the process forever: end the worker, and say why to every session on it.
    if (!released && this.alive)
      await this.shutdown(`embedding worker did not release its model within ${session.releaseTimeoutMs} ms`);
    this.sessions.delete(id);
    this.setBusy(id, false);
  }

  private setBusy(id: number, busy: boolean): void {
    if (busy) this.busy.add(id);
    else this.busy.delete(id);
    if (this.busy.size > 0) this.worker.ref();
    else this.worker.unref();
  }

  private exit(reason: string): void {
    if (this.exitReason !== null) return;
    this.exitReason = reason;
    for (const session of this.sessions.values()) {
      for (const listener of session.onExit) listener(reason);
      // A worker that is gone holds no model any more.
      session.released?.();
    }
    this.sessions.clear();
    this.busy.clear();
  }
}

let shared: SharedEmbedWorker | null = null;
let sharedUrl: string | null = null;

/** A session on the process's embedding worker (started on first use). */
export function workerThreadTransport(
  url: URL = embedWorkerUrl(),
  options: WorkerThreadTransportOptions = {},
): EmbedTransport {
  if (!shared || !shared.alive || sharedUrl !== url.href) {
    // A dead or ended worker is replaced by a fresh one; if that cannot start, the user gets the real error.
    shared = new SharedEmbedWorker(new Worker(url));
    sharedUrl = url.href;
  }
  return shared.open(options.releaseTimeoutMs ?? DEFAULT_RELEASE_TIMEOUT_MS);
}

/** Ends the embedding worker at process shutdown, once the releases in flight have finished (or timed out). */
export async function shutdownEmbedWorker(): Promise<void> {
  const worker = shared;
  shared = null;
  await worker?.releasesSettled();
  await worker?.shutdown();
}
