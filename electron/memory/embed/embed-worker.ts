// worker_threads entry of the embedder. One worker per process serves every provider session
// (worker-thread-transport.ts), so messages arrive in session envelopes. An Electron
// utility process would host a single session and wire `process.parentPort` to runEmbedWorker.
import { parentPort } from 'node:worker_threads';
import { serveEmbedSessions } from './embed-worker-sessions.js';

if (!parentPort) throw new Error('embed-worker.js must run in a worker thread');
serveEmbedSessions(parentPort);
