// Closing an embedder ends its ONNX session before anything ends the worker thread: ending a thread
// while ONNX Runtime is inside a native call aborts the whole process (SIGABRT), which a user saw
// as `memlens index` dying after it had printed its report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkers } from '../test-support/build-workers.js';
import type { EmbedTransport } from './embed-protocol.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { loadEmbedder } from './load-embedder.js';
import { TINY_MODEL_ID, writeTinyModel } from './test-support/tiny-model.js';
import { workerThreadTransport } from './worker-thread-transport.js';

const HANG_ENTRY = path.join(import.meta.dirname, 'test-support', 'release-hang-worker.ts');
const hangWorkerUrl = new URL(
  '../../../dist/electron/memory/embed/test-support/release-hang-worker.js',
  import.meta.url,
);
let modelsDir: string;

beforeAll(async () => {
  modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-models-'));
  await writeTinyModel({ modelsDir });
  buildWorkers(undefined, [HANG_ENTRY]);
});

afterAll(() => {
  fs.rmSync(modelsDir, { recursive: true, force: true });
});

async function load(transport: () => EmbedTransport): Promise<EmbeddingProvider> {
  const result = await loadEmbedder({ model: TINY_MODEL_ID, modelsDir, allowDownload: false }, { transport });
  if (!result.ok) throw new Error(result.reason.message);
  return result.provider;
}

describe('closing a worker-thread embedder', () => {
  it('resolves only after the worker has released the model, even with a batch in flight or a second close()', async () => {
    const events: string[] = [];
    const provider = await load(() => {
      const transport = workerThreadTransport();
      transport.onMessage((message) => {
        if (message.type === 'released') events.push('released');
      });
      return transport;
    });
    let pending: Promise<unknown> = Promise.resolve();
    // Close once the first batch is done: the worker is on the next one, so the release waits for it.
    await new Promise<void>((resolve) => {
      pending = provider.embedPassages(
        Array.from({ length: 2000 }, (_, i) => `weekly summary ${i}`),
        () => resolve(),
      );
    });
    // Two callers closing at once (the engine and its host, say) both wait for the release.
    await Promise.all([provider.close(), provider.close()].map((close) => close.then(() => events.push('closed'))));
    expect(events).toEqual(['released', 'closed', 'closed']);
    await expect(pending).rejects.toThrow(/embedder stopped: closed/);
  });

  it('ends a worker whose release never finishes after the bound, and the next load starts a fresh worker', async () => {
    const exits: string[] = [];
    const provider = await load(() => {
      const transport = workerThreadTransport(hangWorkerUrl, { releaseTimeoutMs: 300 });
      transport.onExit((reason) => exits.push(reason));
      return transport;
    });
    const started = Date.now();
    await provider.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(exits).toEqual(['embedding worker did not release its model within 300 ms']);

    const next = await load(() => workerThreadTransport(hangWorkerUrl, { releaseTimeoutMs: 300 }));
    expect(await next.embedQuery('router')).toHaveLength(384);
    await next.close();
  });
});
