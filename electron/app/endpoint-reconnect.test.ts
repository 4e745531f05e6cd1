// An embedding endpoint that is down when the workspace opens, or stops while in use, is tried
// again in the background and by "Retry now"; when it answers, search turns hybrid without a
// restart and the vectors that were missing are embedded. Real HTTP server on a real port (it
// comes back where it was), the generated tiny ONNX model behind it, the app core as hosts run it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractEvent } from '../../shared/contract.js';
import type { IndexStatus, SearchResponse } from '../../shared/domain.js';
import type { EmbeddingProvider } from '../memory/embed/embedding-provider.js';
import { reserveClosedPort, startEmbeddingsServer } from '../memory/embed/test-support/openai-embeddings-server.js';
import type { EmbeddingsServer } from '../memory/embed/test-support/openai-embeddings-server.js';
import { loadTinyModel } from '../memory/embed/test-support/tiny-provider.js';
import { createAppService } from './app-service.js';
import type { AppService } from './app-service.js';

let root: string;
let backing: EmbeddingProvider;
let service: AppService | null = null;
let server: EmbeddingsServer | null = null;

const FILES: Record<string, string> = {
  'MEMORY.md': '# Memory\n\nThe router needs a firmware update.\n\nWeekly budget review with the team.\n',
  'memory/2026-05-04.md': '# 2026-05-04\n\nSigned the contract today.\n',
  'memory/2026-05-06.md': '# 2026-05-06\n\nDeploy the server, backup the database.\n',
};

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-endpoint-reconnect-'));
  backing = await loadTinyModel(path.join(root, 'models'));
});

afterEach(async () => {
  await service?.close();
  await server?.close();
  service = null;
  server = null;
});

afterAll(async () => {
  await backing.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function openWith(name: string, port: number, retry = { firstMs: 150, maxMs: 600 }): Promise<AppService> {
  const workspace = path.join(root, name, 'workspace');
  for (const [rel, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), text);
  }
  service = await createAppService({
    dataDir: path.join(root, name, 'data'),
    overrides: {
      openclawHome: path.join(root, name, 'openclaw-home'),
      embedder: {
        model: 'tiny-bert',
        modelsDir: '',
        allowDownload: false,
        endpoint: {
          baseUrl: `http://127.0.0.1:${port}/v1`,
          model: 'tiny-bert',
          maxRetries: 0,
          requestTimeoutMs: 5_000,
        },
      },
      // Short enough for a test; the shape (doubling, capped) is the product's.
      embedderRetry: retry,
    },
    validateResults: true,
    log: () => undefined,
  });
  await service.open(workspace, { isSample: false });
  await service.session.whenSynced();
  return service;
}

async function call<T>(app: AppService, method: string, args: unknown = {}): Promise<T> {
  const outcome = await app.dispatcher.handle(method, args);
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.result as T;
}

/** Resolves with the first statusChanged event that satisfies `test` (the status bar's signal). */
function nextStatus(app: AppService, test: (status: IndexStatus) => boolean): Promise<IndexStatus> {
  return new Promise((resolve) => {
    const stop = app.session.onDidEvent((event: ContractEvent) => {
      if (event.name === 'statusChanged' && test(event.payload as IndexStatus)) {
        stop();
        resolve(event.payload as IndexStatus);
      }
    });
  });
}

const fullyEmbedded = (status: IndexStatus) =>
  status.mode === 'hybrid' &&
  status.chunks > 0 &&
  status.vectorsStored === status.chunks &&
  status.progress?.phase === 'done';
const meaningOnly = (response: SearchResponse, file: string) =>
  response.results.find(
    (r) =>
      r.path === file && r.breakdown.keyword === null && r.breakdown.vector !== null && 'cosine' in r.breakdown.vector,
  );

describe('an embedding endpoint that comes back', () => {
  it('down when the workspace opens: keyword-only with the reason, then hybrid by itself once the server answers on that port', async () => {
    const port = await reserveClosedPort();
    const app = await openWith('down-at-open', port);

    const before = await call<SearchResponse>(app, 'search', { query: 'agreement', minScore: 0 });
    expect(before.mode).toBe('fts-only');
    expect(before.modeReason).toMatch(
      /embedding endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/ could not be used — .*ECONNREFUSED.* — trying again (in \d+ s|now)/,
    );
    expect(meaningOnly(before, 'memory/2026-05-04.md')).toBeUndefined();
    const down = await call<IndexStatus>(app, 'status');
    expect(down).toMatchObject({
      mode: 'fts-only',
      embedderRetry: { reason: expect.stringContaining('ECONNREFUSED') },
    });

    const recovered = nextStatus(app, fullyEmbedded);
    server = await startEmbeddingsServer(backing, { port });
    const status = await recovered;
    expect(status).toMatchObject({ provider: 'openai-compatible', model: 'tiny-bert' });
    expect(status.embedderRetry).toBeUndefined();

    const after = await call<SearchResponse>(app, 'search', { query: 'agreement', minScore: 0 });
    expect(after.mode).toBe('hybrid');
    // "agreement" reaches the contract note through meaning alone.
    expect(meaningOnly(after, 'memory/2026-05-04.md')).toBeDefined();
  });

  it('stops while in use: keyword-only at once with the reason, the file written meanwhile gets its vector when it comes back', async () => {
    const port = await reserveClosedPort();
    server = await startEmbeddingsServer(backing, { port });
    const app = await openWith('mid-session', port);
    expect((await call<IndexStatus>(app, 'status')).mode).toBe('hybrid');

    await server.close();
    server = null;
    const wentDown = nextStatus(app, (s) => s.mode === 'fts-only' && s.embedderRetry !== undefined);
    const first = await call<SearchResponse>(app, 'search', { query: 'router', minScore: 0 });
    expect(first.results.map((r) => r.path)).toContain('MEMORY.md');
    await wentDown;
    const during = await call<SearchResponse>(app, 'search', { query: 'router', minScore: 0 });
    expect(during.mode).toBe('fts-only');
    // The request that meets the closed server either finds its pooled socket closed under it
    // (UND_ERR_SOCKET) or is refused on a new one (ECONNREFUSED): both are the endpoint going away.
    expect(during.modeReason).toMatch(/is unreachable: (ECONNREFUSED|UND_ERR_SOCKET) — trying again/);

    // Written while the endpoint is down: indexed on keywords now, its vector is owed.
    await call(app, 'createFile', { path: 'memory/2026-05-07.md', text: '# 2026-05-07\n\nThe gateway again.\n' });
    const owed = await call<IndexStatus>(app, 'status');
    expect(owed.vectorsStored).toBeLessThan(owed.chunks);

    // "Retry now" while it is still down says why.
    expect(await call(app, 'retryEmbedder')).toMatchObject({
      reachable: false,
      reason: expect.stringContaining('ECONNREFUSED'),
    });

    const recovered = nextStatus(app, fullyEmbedded);
    server = await startEmbeddingsServer(backing, { port });
    await recovered;
    const after = await call<SearchResponse>(app, 'search', { query: 'router', minScore: 0 });
    expect(after.mode).toBe('hybrid');
    expect(meaningOnly(after, 'memory/2026-05-07.md')).toBeDefined();
  });

  it('"Retry now" does not wait for the next background try', async () => {
    const port = await reserveClosedPort();
    // The background tries are ten minutes apart: only Retry now can bring it back within the test.
    const app = await openWith('retry-now', port, { firstMs: 600_000, maxMs: 600_000 });
    expect((await call<IndexStatus>(app, 'status')).mode).toBe('fts-only');
    server = await startEmbeddingsServer(backing, { port });
    const recovered = nextStatus(app, fullyEmbedded);
    expect(await call(app, 'retryEmbedder')).toEqual({ reachable: true, reason: null });
    await recovered;
  });

  it('a query the endpoint hangs on falls back for that query only; the endpoint is never marked down', async () => {
    const port = await reserveClosedPort();
    server = await startEmbeddingsServer(backing, { port });
    const app = await openWith('hangs-once', port);
    expect((await call<IndexStatus>(app, 'status')).mode).toBe('hybrid');
    const statuses: IndexStatus[] = [];
    const stop = app.session.onDidEvent((event: ContractEvent) => {
      if (event.name === 'statusChanged') statuses.push(event.payload as IndexStatus);
    });

    server.behaviour.hangNext = 1;
    const hung = await call<SearchResponse>(app, 'search', { query: 'agreement', minScore: 0 });
    expect(server.behaviour.hangNext).toBe(0);
    expect(hung.notices).toContainEqual(
      expect.objectContaining({ code: 'vector-timeout', message: expect.stringMatching(/timed out after \d+ ms/) }),
    );
    expect(meaningOnly(hung, 'memory/2026-05-04.md')).toBeUndefined();
    const during = await call<IndexStatus>(app, 'status');
    expect(during.mode).toBe('hybrid');
    expect(during.embedderRetry).toBeUndefined();

    const next = await call<SearchResponse>(app, 'search', { query: 'agreement', minScore: 0 });
    expect(next.mode).toBe('hybrid');
    expect(next.notices.map((n) => n.code)).not.toContain('vector-timeout');
    expect(meaningOnly(next, 'memory/2026-05-04.md')).toBeDefined();
    stop();
    expect(statuses.filter((s) => s.mode !== 'hybrid' || s.embedderRetry !== undefined)).toEqual([]);
  });
});
