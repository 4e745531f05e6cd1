// The engine embedding through a real OpenAI-compatible server on 127.0.0.1 (vectors from the tiny
// ONNX model): hybrid results equal those of the local model, the cache keys the endpoint, and
// when the server stops, search says why it is keyword-only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryEngine } from './engine.js';
import type { EmbedderConfig } from './engine-types.js';
import type { EmbeddingProvider } from './embed/embedding-provider.js';
import { startEmbeddingsServer } from './embed/test-support/openai-embeddings-server.js';
import type { EmbeddingsServer } from './embed/test-support/openai-embeddings-server.js';
import { TINY_MODEL_ID } from './embed/test-support/tiny-model.js';
import { loadTinyModel } from './embed/test-support/tiny-provider.js';

let root: string;
let modelsDir: string;
let backing: EmbeddingProvider;
let server: EmbeddingsServer;
const engines: MemoryEngine[] = [];

const FILES: Record<string, string> = {
  'MEMORY.md': '# Memory\n\nThe router needs a firmware update.\n\nWeekly budget review with the team.\n',
  'memory/2026-05-04.md': '# 2026-05-04\n\nSigned the contract today.\n\nThe gateway was slow.\n',
  'memory/2026-05-05.md': '# 2026-05-05\n\n我们和供应商签了协议，金额是三万元。\n\n家里的猫喝咖啡。\n',
  'memory/2026-05-06.md': '# 2026-05-06\n\nDeploy the server, backup the database, fix the python bug.\n',
};

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-engine-endpoint-'));
  modelsDir = path.join(root, 'models');
  for (const [rel, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(root, 'workspace', rel)), { recursive: true });
    fs.writeFileSync(path.join(root, 'workspace', rel), text);
  }
  backing = await loadTinyModel(modelsDir);
  server = await startEmbeddingsServer(backing);
});

afterAll(async () => {
  for (const engine of engines) await engine.close();
  await server.close();
  await backing.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function open(name: string, embedder: EmbedderConfig): Promise<MemoryEngine> {
  const dataDir = path.join(root, name);
  const engine = await MemoryEngine.open({
    workspaceDir: path.join(root, 'workspace'),
    dataDir,
    openclawHome: path.join(dataDir, 'oc'),
    embedder,
  });
  engines.push(engine);
  return engine;
}

const endpointConfig = (): EmbedderConfig => ({
  model: 'tiny-bert',
  modelsDir: '',
  allowDownload: false,
  endpoint: { baseUrl: server.baseUrl, model: 'tiny-bert', maxRetries: 1, retryBaseMs: 20, requestTimeoutMs: 2_000 },
});

describe('MemoryEngine through an OpenAI-compatible endpoint', () => {
  it('finds the same hybrid results as the local model, caches by endpoint, and goes keyword-only with the reason when the server stops', async () => {
    const viaLocal = await open('local', { model: TINY_MODEL_ID, modelsDir, allowDownload: false });
    const viaEndpoint = await open('endpoint', endpointConfig());
    await viaLocal.sync();
    const report = await viaEndpoint.sync();
    const status = viaEndpoint.status();
    expect(status).toMatchObject({ mode: 'hybrid', provider: 'openai-compatible', model: 'tiny-bert', dims: 384 });
    expect(status.vectorsStored).toBe(status.chunks);
    expect(report.chunksEmbedded).toBe(status.chunks);

    for (const query of ['agreement', '路由器', 'meeting budget', 'coffee cat', 'server backup']) {
      const a = await viaLocal.search({ query, minScore: 0 });
      const b = await viaEndpoint.search({ query, minScore: 0 });
      expect(b.mode).toBe('hybrid');
      expect(b.provider).toBe('openai-compatible');
      const shape = (r: typeof a) =>
        r.results.map((x) => [
          x.path,
          x.startLine,
          x.score,
          x.breakdown.vector && 'cosine' in x.breakdown.vector ? x.breakdown.vector.cosine : null,
        ]);
      expect(shape(b)).toEqual(shape(a));
    }
    // "agreement" reaches the contract / 协议 notes through meaning alone: no keyword matched.
    const meaning = await viaEndpoint.search({ query: 'agreement', minScore: 0 });
    expect(
      meaning.results
        .slice(0, 2)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['memory/2026-05-04.md', 'memory/2026-05-05.md']);
    expect(meaning.results[0]?.breakdown.keyword).toBeNull();

    const db = new Database(viaEndpoint.dbPath, { readonly: true });
    const keys = db.prepare('SELECT DISTINCT provider, model FROM embedding_cache').all();
    db.close();
    expect(keys).toEqual([{ provider: 'openai-compatible', model: 'tiny-bert' }]);

    // The server stops: each query says why it ran on keywords, and nothing is lost.
    await server.close();
    const down = await viaEndpoint.search({ query: 'router', minScore: 0 });
    expect(down.results.map((r) => r.path)).toContain('MEMORY.md');
    // The notice also carries its message id and parameters for the window's language.
    expect(down.notices).toContainEqual(
      expect.objectContaining({
        code: 'keyword-only',
        message: expect.stringMatching(
          /embedding endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings is unreachable: ECONNREFUSED/,
        ),
      }),
    );
    // Opened while it is down: keyword-only from the start, the reason in status.
    const later = await open('later', endpointConfig());
    expect(later.status()).toMatchObject({
      mode: 'fts-only',
      modeReason: expect.stringContaining('could not be used — '),
    });
    server = await startEmbeddingsServer(backing);
  });
});
