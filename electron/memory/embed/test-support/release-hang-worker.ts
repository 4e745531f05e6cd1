// The real embedding worker (real ONNX Runtime, the tiny model) with one fault: it never reports a
// model as released, so to the host every release hangs. Started through workerThreadTransport(url)
// once buildWorkers has compiled it into dist/ (see releaseHangWorkerUrl).
import { parentPort } from 'node:worker_threads';
import { serveEmbedSessions } from '../embed-worker-sessions.js';

const port = parentPort;
if (!port) throw new Error('release-hang-worker.js must run in a worker thread');

serveEmbedSessions({
  on: (event, listener) => port.on(event, listener),
  postMessage: (envelope, transfer) => {
    if (envelope.message.type !== 'released') port.postMessage(envelope, transfer);
  },
});
