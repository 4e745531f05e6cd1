// worker_threads entry: builds the CC-CEDICT file (cedict-files.ts starts it) off the engine's
// thread, so searches go on answering, without translations, during the few seconds it takes.
import { parentPort, workerData } from 'node:worker_threads';
import { buildCedictStore } from './cedict-store.js';

const port = parentPort;
if (!port) throw new Error('cedict-build-worker.js must run in a worker thread');
try {
  buildCedictStore((workerData as { file: string }).file);
  port.postMessage({ built: true });
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
