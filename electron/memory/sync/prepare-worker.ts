// worker_threads entry of the bulk-sync preparer: bytes → parsed, classified, chunked and
// FTS-segmented file, so a cold sync's main thread only reads, hashes and writes SQLite. The
// worker runs exactly the functions the main thread runs for small syncs, so both give the same
// rows. It keeps every offer it receives and works newest first, taking each through its shared
// slot (prepare-pool.ts); offers the main thread claimed meanwhile are dropped unprepared.
import { parentPort, workerData } from 'node:worker_threads';
import type { PrepareReady, PrepareReply, PrepareRequest, PrepareWorkerData } from './prepare-pool.js';
import { prepareForIndex } from './prepare-file.js';

const port = parentPort;
if (!port) throw new Error('prepare-worker.js must run in a worker thread');
const slots = new Int32Array((workerData as PrepareWorkerData).slots);

/** Offers not yet taken or dropped, oldest first. */
let offers: PrepareRequest[] = [];
let scheduled = false;

/** Drop offers the main thread already claimed (their bytes would otherwise pile up here). */
const PRUNE_AT = 256;

port.on('message', (request: PrepareRequest) => {
  offers.push(request);
  if (offers.length > PRUNE_AT) offers = offers.filter((offer) => Atomics.load(slots, offer.slot) === offer.id);
  if (!scheduled) {
    scheduled = true;
    setImmediate(work);
  }
});

/** One file per turn, so newer offers arriving meanwhile are seen before older ones. */
function work(): void {
  scheduled = false;
  let request: PrepareRequest | undefined;
  while ((request = offers.pop())) {
    if (Atomics.compareExchange(slots, request.slot, request.id, -request.id) === request.id) break;
  }
  if (!request) return;
  let reply: PrepareReply;
  try {
    reply = { id: request.id, prepared: prepareForIndex(request.file, request.bytes, request.chunking) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port!.postMessage(reply);
  if (offers.length > 0) {
    scheduled = true;
    setImmediate(work);
  }
}

// Modules loaded (whenReady() in tests and benchmarks waits for this).
port.postMessage({ ready: true } satisfies PrepareReady);
