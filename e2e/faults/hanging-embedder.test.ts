// An embedding endpoint that accepts requests and never answers, against the real `memlens` in a
// child process that collects garbage every 20 ms (`--expose-gc`): an unreferenced timeout signal
// is collected there and never fires (nodejs/node#57736). The configured timeout must still end
// every request: the CLI search answers keyword-only, and in serve a file written during the hang
// is found by keyword within the timeout while status says why.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { IndexStatus, SearchResponse } from '../../shared/domain.js';
import type { EmbeddingProvider } from '../../electron/memory/embed/embedding-provider.js';
import { startEmbeddingsServer } from '../../electron/memory/embed/test-support/openai-embeddings-server.js';
import type { EmbeddingsServer } from '../../electron/memory/embed/test-support/openai-embeddings-server.js';
import { loadTinyModel } from '../../electron/memory/embed/test-support/tiny-provider.js';
import { eventually, forceGc, runMemlens, startServeChild, tempWorkspace } from './support/fault-kit.js';

/** The configured timeout; the bounds below are generous multiples of it for a loaded machine. */
const TIMEOUT_S = 2;
const GC = { nodeFlags: ['--expose-gc'], preload: forceGc };

let modelsDir: string;
let backing: EmbeddingProvider;
let server: EmbeddingsServer;

beforeAll(async () => {
  modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-fault-hang-models-'));
  backing = await loadTinyModel(modelsDir);
  server = await startEmbeddingsServer(backing);
});

afterAll(async () => {
  await server?.close();
  await backing?.close();
  fs.rmSync(modelsDir, { recursive: true, force: true });
});

const endpointFlags = () => [
  '--embedder',
  server.baseUrl,
  '--embedder-model',
  'tiny-bert',
  '--embedder-timeout',
  String(TIMEOUT_S),
];

describe('a hanging embedding endpoint (garbage collected every 20 ms)', () => {
  it('memlens search answers keyword-only within the timeout and says the endpoint did not answer', async () => {
    server.behaviour.hang = true;
    onTestFinished(() => void (server.behaviour.hang = false));
    const dir = tempWorkspace('hang-cli', { 'MEMORY.md': '# Memory\n\nThe wombat sleeps in the router cupboard.\n' });
    onTestFinished(() => dir.cleanup());
    const started = Date.now();
    const run = await runMemlens(
      ['search', 'wombat', '--workspace', dir.workspace, '--data-dir', dir.dataDir, '--json', ...endpointFlags()],
      { home: dir.root, ...GC },
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(`hanging endpoint: memlens search answered in ${seconds.toFixed(1)} s`);
    expect(run.code, run.output).toBe(0);
    const response = JSON.parse(run.output.slice(run.output.indexOf('{'))) as SearchResponse;
    expect(response.mode).toBe('fts-only');
    expect(response.modeReason).toMatch(/did not answer within 2000 ms/);
    expect(response.results.map((r) => r.path)).toEqual(['MEMORY.md']);
  });

  it('serve: a file written while it hangs is found by keyword within the timeout, and status says why', async () => {
    const dir = tempWorkspace('hang-serve', { 'MEMORY.md': '# Memory\n\nThe router needs a firmware update.\n' });
    onTestFinished(() => dir.cleanup());
    const serve = await startServeChild(dir, { args: endpointFlags(), ...GC });
    onTestFinished(async () => {
      serve.kill('SIGKILL');
      await serve.exited();
    });
    await eventually(async () => {
      const status = (await serve.call<IndexStatus>('status')).result!;
      expect(status).toMatchObject({ mode: 'hybrid', files: 1 });
      expect(status.vectorsStored).toBe(status.chunks);
    }, 60_000);

    server.behaviour.hang = true;
    onTestFinished(() => void (server.behaviour.hang = false));
    const started = Date.now();
    dir.write('memory/2026-12-03.md', '# 2026-12-03\n\nThe quokka hid the spare keys.\n');
    // Today's code waited for the HTTP client's 300 s header timeout before indexing the file.
    await eventually(async () => {
      const found = (await serve.call<SearchResponse>('search', { query: 'quokka', minScore: 0 })).result!;
      expect(found.results.map((r) => r.path)).toContain('memory/2026-12-03.md');
    }, 45_000);
    const seconds = (Date.now() - started) / 1000;
    console.log(`hanging endpoint: file written during the hang found by keyword after ${seconds.toFixed(1)} s`);

    const status = (await serve.call<IndexStatus>('status')).result!;
    expect(status.mode).toBe('fts-only');
    expect(status.embedderRetry?.reason).toMatch(/did not answer within 2000 ms/);
    expect(status.modeReason).toMatch(/did not answer within 2000 ms — trying again/);

    // The reason follows the latest failure: refused with 503 on a "Retry now" …
    server.behaviour.hang = false;
    server.behaviour.failNext = 1_000;
    onTestFinished(() => void (server.behaviour.failNext = 0));
    expect((await serve.call('retryEmbedder')).result).toMatchObject({
      reachable: false,
      reason: expect.stringMatching(/answered 503/),
    });
    expect((await serve.call<IndexStatus>('status')).result!.embedderRetry?.reason).toMatch(/answered 503/);
    // … and when it answers again, search is hybrid and the file gets its vector.
    server.behaviour.failNext = 0;
    expect((await serve.call('retryEmbedder')).result).toMatchObject({ reachable: true });
    await eventually(async () => {
      const back = (await serve.call<IndexStatus>('status')).result!;
      expect(back.mode).toBe('hybrid');
      expect(back.vectorsStored).toBe(back.chunks);
    }, 30_000);
  });
});
