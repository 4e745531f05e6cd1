// The worker_threads side of the shared embedding worker: one runEmbedWorker session per provider,
// its messages in session envelopes (worker-thread-transport.ts is the host side).
import type { HostMessage, SessionEnvelope, WorkerMessage } from './embed-protocol.js';
import { runEmbedWorker } from './embed-worker-core.js';

/** The parts of a worker's `parentPort` the sessions use. */
export interface EnvelopePort {
  on(event: 'message', listener: (envelope: SessionEnvelope<HostMessage>) => void): void;
  postMessage(envelope: SessionEnvelope<WorkerMessage>, transfer?: ArrayBuffer[]): void;
}

export function serveEmbedSessions(port: EnvelopePort): void {
  const sessions = new Map<number, (message: HostMessage) => void>();
  port.on('message', ({ session, message }) => {
    if (message.type === 'init' && !sessions.has(session)) {
      runEmbedWorker({
        postMessage: (reply, transfer) => port.postMessage({ session, message: reply }, transfer),
        onMessage: (listener) => sessions.set(session, listener),
      });
    }
    const listener = sessions.get(session);
    if (listener) listener(message);
    // Nothing was loaded for a session this worker never saw: it is released already.
    else if (message.type === 'dispose') port.postMessage({ session, message: { type: 'released' } });
    if (message.type === 'dispose') sessions.delete(session);
  });
}
