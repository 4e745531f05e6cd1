// The worker_threads transport of the embedder. Every provider in a process shares one
// long-lived worker, each as a session (onnxruntime-node 1.14 could be loaded by one thread per
// process only; 1.30 loads in any thread, so this is now a choice, not a necessity); the worker is unref'd whenever no session is busy, so
// it never keeps a CLI run alive, and a closed provider only releases its model.
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

interface Session {
  onMessage: ((message: WorkerMessage) => void)[];
  onExit: ((reason: string) => void)[];
}

class SharedEmbedWorker {
  private readonly sessions = new Map<number, Session>();
  private readonly busy = new Set<number>();
  private nextSession = 1;
  private exitReason: string | null = null;

  constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', ({ session, message }: SessionEnvelope<WorkerMessage>) => {
      for (const listener of this.sessions.get(session)?.onMessage ?? []) listener(message);
    });
    worker.on('error', (error) => this.exit(`embedding worker failed: ${error.message}`));
    worker.on('exit', (code) => this.exit(`embedding worker exited with code ${code}`));
  }

  get alive(): boolean {
    return this.exitReason === null;
  }

  open(): EmbedTransport {
    const id = this.nextSession++;
    const session: Session = { onMessage: [], onExit: [] };
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
      terminate: async () => {
        if (!this.sessions.has(id)) return;
        if (this.alive)
          this.worker.postMessage({ session: id, message: { type: 'dispose' } } satisfies SessionEnvelope<HostMessage>);
        this.sessions.delete(id);
        this.setBusy(id, false);
      },
    };
  }

  async shutdown(): Promise<void> {
    this.exit('embedding worker shut down');
    await this.worker.terminate();
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
    for (const session of this.sessions.values()) for (const listener of session.onExit) listener(reason);
    this.sessions.clear();
    this.busy.clear();
  }
}

let shared: SharedEmbedWorker | null = null;
let sharedUrl: string | null = null;

/** A session on the process's embedding worker (started on first use). */
export function workerThreadTransport(url: URL = embedWorkerUrl()): EmbedTransport {
  if (!shared || !shared.alive || sharedUrl !== url.href) {
    // A dead worker cannot be replaced in-process (see above); trying anyway gives the user the real error.
    shared = new SharedEmbedWorker(new Worker(url));
    sharedUrl = url.href;
  }
  return shared.open();
}

/** Ends the embedding worker at process shutdown; no embedder can start in this process afterwards. */
export async function shutdownEmbedWorker(): Promise<void> {
  const worker = shared;
  shared = null;
  await worker?.shutdown();
}
