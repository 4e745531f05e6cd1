// The engine with a real (tiny, generated) embedding model: vectors stored per chunk, the
// embedding cache, rebuild-and-swap on a model change, and keyword-only when there is no model.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryEngine } from './engine.js';
import type { EmbedderConfig } from './engine-types.js';
import { TINY_MODEL_ID, writeTinyModel } from './embed/test-support/tiny-model.js';

let modelsDir: string;
const engines: MemoryEngine[] = [];

beforeAll(async () => {
  modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-engine-models-'));
  await writeTinyModel({ modelsDir });
  await writeTinyModel({ modelsDir, modelId: 'test/tiny-bert-b', seed: 7 });
});
afterAll(() => fs.rmSync(modelsDir, { recursive: true, force: true }));
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
});

function workspaceWith(files: Record<string, string>): { workspace: string; dbPath: string; root: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-engine-vec-'));
  const workspace = path.join(root, 'workspace');
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), text);
  }
  return { workspace, dbPath: path.join(root, 'data', 'index.sqlite'), root };
}

async function open(workspace: string, dbPath: string, embedder: EmbedderConfig | null): Promise<MemoryEngine> {
  const engine = await MemoryEngine.open({
    workspaceDir: workspace,
    dbPath,
    dataDir: path.dirname(dbPath),
    openclawHome: path.join(path.dirname(dbPath), 'oc'),
    embedder,
  });
  engines.push(engine);
  return engine;
}

const FILES = {
  'MEMORY.md': '# Memory\n\nThe router needs a firmware update.\n',
  'memory/2026-05-04.md': '# 2026-05-04\n\nSigned the contract today.\n\nThe gateway was slow.\n',
};

describe('MemoryEngine with an embedding model', () => {
  it('stores a vector for every chunk, embeds nothing twice, and re-embeds only changed text', async () => {
    const { workspace, dbPath } = workspaceWith(FILES);
    const engine = await open(workspace, dbPath, { model: TINY_MODEL_ID, modelsDir, allowDownload: false });
    const first = await engine.sync();
    const status = engine.status();
    expect(status).toMatchObject({ mode: 'hybrid', model: TINY_MODEL_ID, dims: 384, vectorBackend: 'sqlite-vec' });
    expect(status.vectorsStored).toBe(status.chunks);
    expect(first.chunksEmbedded).toBe(status.chunks);

    expect(await engine.sync({ full: true })).toMatchObject({ chunksEmbedded: 0, embeddingCacheHits: status.chunks });

    fs.appendFileSync(path.join(workspace, 'MEMORY.md'), '\nA new line about the router.\n');
    fs.utimesSync(path.join(workspace, 'MEMORY.md'), new Date(), new Date(Date.now() + 5000));
    expect(await engine.sync()).toMatchObject({ filesIndexed: 1, chunksEmbedded: 1 });

    const response = await engine.search({ query: 'router', minScore: 0 });
    expect(response.mode).toBe('hybrid');
    const top = response.results[0]!;
    expect(top.path).toBe('MEMORY.md');
    expect(top.breakdown.vector).toMatchObject({ rank: expect.any(Number) });
    expect(top.breakdown.keyword).not.toBeNull();
  });

  it('rebuilds into a new file when the model changes, and keeps the old index until then', async () => {
    const { workspace, dbPath } = workspaceWith(FILES);
    const first = await open(workspace, dbPath, { model: TINY_MODEL_ID, modelsDir, allowDownload: false });
    await first.sync();
    await first.close();

    const engine = await open(workspace, dbPath, { model: 'test/tiny-bert-b', modelsDir, allowDownload: false });
    const before = await engine.search({ query: 'router', minScore: 0 });
    expect(before.results[0]?.path).toBe('MEMORY.md');
    expect(before.mode).toBe('fts-only');
    expect(before.notices.map((n) => n.code)).toContain('index-building');
    const report = await engine.sync();
    expect(report.chunksEmbedded).toBeGreaterThan(0);
    expect(engine.status()).toMatchObject({ mode: 'hybrid', model: 'test/tiny-bert-b' });
    expect(fs.existsSync(`${dbPath}.next`)).toBe(false);
    const db = new Database(dbPath, { readonly: true });
    expect(db.prepare("SELECT value FROM meta WHERE key = 'model'").pluck().get()).toBe('test/tiny-bert-b');
    // The old model's cache entries came along, so switching back would embed nothing.
    expect(db.prepare('SELECT count(DISTINCT model) FROM embedding_cache').pluck().get()).toBe(2);
    db.close();
    expect((await engine.search({ query: 'router', minScore: 0 })).mode).toBe('hybrid');
  });

  it('runs keyword-only with the reason when the model is missing', async () => {
    const { workspace, dbPath } = workspaceWith(FILES);
    const engine = await open(workspace, dbPath, { model: 'test/not-there', modelsDir, allowDownload: false });
    await engine.sync();
    const status = engine.status();
    expect(status.mode).toBe('fts-only');
    expect(status.modeReason).toMatch(/not found/);
    const response = await engine.search({ query: 'router', minScore: 0 });
    expect(response).toMatchObject({ mode: 'fts-only', modeReason: status.modeReason });
    expect(response.results[0]?.path).toBe('MEMORY.md');
  });
});
