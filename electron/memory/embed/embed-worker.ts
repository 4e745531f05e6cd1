// worker_threads entry of the embedder. One worker per process serves every provider session
// (worker-thread-transport.ts), so messages arrive in session envelopes. An Electron
// utility process would host a single session and wire `process.parentPort` to runEmbedWorker.
import { parentPort } from 'node:worker_threads';
import type { HostMessage, SessionEnvelope, WorkerMessage } from './embed-protocol.js';
import { runEmbedWorker } from './embed-worker-core.js';

const port = parentPort;
if (!port) throw new Error('embed-worker.js must run in a worker thread');

const sessions = new Map<number, (message: HostMessage) => void>();

port.on('message', ({ session, message }: SessionEnvelope<HostMessage>) => {
  if (message.type === 'init' && !sessions.has(session)) {
    runEmbedWorker({
      postMessage: (reply: WorkerMessage, transfer?: ArrayBuffer[]) =>
        port.postMessage({ session, message: reply } satisfies SessionEnvelope<WorkerMessage>, transfer),
      onMessage: (listener) => sessions.set(session, listener),
    });
  }
  sessions.get(session)?.(message);
  if (message.type === 'dispose') sessions.delete(session);
});
