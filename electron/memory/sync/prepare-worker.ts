// worker_threads entry of the bulk-sync preparer: bytes → parsed, classified, chunked and
// FTS-segmented file, so a cold sync's main thread only reads, hashes and writes SQLite. The
// worker runs exactly the functions the main thread runs for small syncs, so both give the same rows.
import { parentPort } from 'node:worker_threads';
import type { PrepareReady, PrepareReply, PrepareRequest } from './prepare-pool.js';
import { prepareForIndex } from './prepare-file.js';

const port = parentPort;
if (!port) throw new Error('prepare-worker.js must run in a worker thread');

port.on('message', (request: PrepareRequest) => {
  let reply: PrepareReply;
  try {
    reply = { id: request.id, prepared: prepareForIndex(request.file, request.bytes, request.chunking) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});

// Modules loaded: the pool starts handing over files now (until then the main thread prepares them).
port.postMessage({ ready: true } satisfies PrepareReady);
