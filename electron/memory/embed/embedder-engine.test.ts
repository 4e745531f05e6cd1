// The embedder end to end through MemoryEngine, on the generated fixture model: what a user of
// `memlens index` / `memlens search` sees when a model is (or is not) available.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../shared/domain.js';
import { computeFinalScore } from '../../../shared/score.js';
import { MemoryEngine } from '../engine.js';
import type { EmbedderConfig } from '../engine-types.js';
import { DEFAULT_MODEL_ID } from './model-presets.js';
import { measureEventLoopDelay } from './test-support/event-loop-delay.js';
import { TINY_MODEL_ID, tinyWords, writeTinyModel } from './test-support/tiny-model.js';

const OTHER_MODEL_ID = 'test/tiny-bert-b';
let modelsDir: string;
const roots: string[] = [];
const engines: MemoryEngine[] = [];

beforeAll(async () => {
  modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-models-'));
  await writeTinyModel({ modelsDir });
  await writeTinyModel({ modelsDir, modelId: OTHER_MODEL_ID, seed: 7 });
});

afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
});

afterAll(() => {
  for (const dir of [modelsDir, ...roots]) fs.rmSync(dir, { recursive: true, force: true });
});

const PARAGRAPHS = [
  'we signed the agreement with the vendor today',
  'the router at home was down so we restart the network',
  'weekly plan: deploy the api server and review the design',
  'coffee with the team; travel ticket for the project meeting',
  'python and rust notes for the vector search index',
  'backup the database tomorrow',
];

const FILES: Record<string, string> = {
  'MEMORY.md': '# memory\n\nthe user likes coffee and the cat.\n',
  'memory/2026-05-04.md': '# 2026-05-04\n\n签了协议\n',
  'memory/network.md': '# network\n\nrouter firmware restart at home\n',
  'memory/notes.md': `# notes\n\n${PARAGRAPHS.join('\n\n')}\n`,
};

interface Workspace {
  workspace: string;
  dataDir: string;
  dbPath: string;
  write(rel: string, text: string): void;
  open(embedder?: Partial<EmbedderConfig> | null): Promise<MemoryEngine>;
}

function workspaceWith(files: Record<string, string>): Workspace {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-embed-engine-'));
  roots.push(root);
  const workspace = path.join(root, 'workspace');
  const dataDir = path.join(root, 'data');
  const dbPath = path.join(dataDir, 'index.sqlite');
  const write = (rel: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), text);
  };
  fs.mkdirSync(workspace, { recursive: true });
  for (const [rel, text] of Object.entries(files)) write(rel, text);
  return {
    workspace,
    dataDir,
    dbPath,
    write,
    open: async (embedder: Partial<EmbedderConfig> | null = {}) => {
      const engine = await MemoryEngine.open({
        workspaceDir: workspace,
        dataDir,
        dbPath,
        openclawHome: path.join(root, 'openclaw'),
        // Small chunks: one paragraph each, so an edit touches one chunk.
        chunking: { tokens: 16, overlap: 0 },
        embedder: embedder === null ? null : { model: TINY_MODEL_ID, modelsDir, allowDownload: false, ...embedder },
      });
      engines.push(engine);
      return engine;
    },
  };
}

function readIndex<T>(dbPath: string, read: (db: Database.Database) => T): T {
  const db = new Database(dbPath, { readonly: true });
  sqliteVec.load(db);
  try {
    return read(db);
  } finally {
    db.close();
  }
}

function chunkHashes(dbPath: string): string[] {
  return readIndex(dbPath, (db) => db.prepare('SELECT hash FROM chunks').pluck().all() as string[]);
}

function expectBreakdownAccountsForScore(result: SearchResult): void {
  expect(result.score).toBe(result.breakdown.final);
  expect(computeFinalScore(result.breakdown)).toBeCloseTo(result.breakdown.final, 12);
}

describe('MemoryEngine with the local embedder', () => {
  it('stores a vector for every chunk and reports the model in status', async () => {
    const ws = workspaceWith(FILES);
    const engine = await ws.open();
    const report = await engine.sync();
    expect(report.chunksWritten).toBeGreaterThan(PARAGRAPHS.length);
    expect(report.chunksEmbedded).toBe(new Set(chunkHashes(ws.dbPath)).size);

    const status = engine.status();
    expect(status).toMatchObject({
      mode: 'hybrid',
      provider: 'transformers.js',
      model: TINY_MODEL_ID,
      dims: 384,
      vectorBackend: 'sqlite-vec',
      vectorsStored: status.chunks,
      embeddingCacheEntries: report.chunksEmbedded,
    });
    expect(status.modeReason).toBeUndefined();
    const missing = readIndex(ws.dbPath, (db) =>
      db
        .prepare('SELECT count(*) FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM chunks_vec v WHERE v.rowid = c.rowid)')
        .pluck()
        .get(),
    );
    expect(missing).toBe(0);
  });

  it('a second run embeds nothing, and a full re-index is served from the cache', async () => {
    const ws = workspaceWith(FILES);
    const engine = await ws.open();
    const first = await engine.sync();
    const second = await engine.sync();
    expect(second.chunksEmbedded).toBe(0);
    expect(second.filesIndexed).toBe(0);
    const full = await engine.sync({ full: true });
    expect(full.filesIndexed).toBe(Object.keys(FILES).length);
    expect(full.chunksEmbedded).toBe(0);
    expect(full.embeddingCacheHits).toBe(first.chunksEmbedded);
    expect(engine.status().embeddingCacheHitRate).toBeCloseTo(0.5, 5);
  });

  it('changing one paragraph re-embeds only its chunk', async () => {
    const ws = workspaceWith(FILES);
    const engine = await ws.open();
    await engine.sync();
    const before = new Set(chunkHashes(ws.dbPath));
    const edited = PARAGRAPHS.map((p, i) =>
      i === 2 ? 'weekly plan: deploy the database server and review the api' : p,
    );
    ws.write('memory/notes.md', `# notes\n\n${edited.join('\n\n')}\n`);
    const report = await engine.sync();
    const after = chunkHashes(ws.dbPath);
    const fresh = after.filter((hash) => !before.has(hash));
    expect(report.filesIndexed).toBe(1);
    expect(fresh).toHaveLength(1);
    expect(report.chunksEmbedded).toBe(1);
    expect(report.embeddingCacheHits).toBeGreaterThanOrEqual(PARAGRAPHS.length - 1);
    expect(engine.status().vectorsStored).toBe(after.length);
  });

  it('hybrid search: the vector side finds a synonym the keyword side cannot, and breakdowns reproduce the score', async () => {
    const ws = workspaceWith(FILES);
    const engine = await ws.open();
    await engine.sync();

    // 合同 appears nowhere; 协议 (same meaning in the fixture model) does.
    const synonym = await engine.search({ query: '合同', minScore: 0 });
    expect(synonym.mode).toBe('hybrid');
    expect(synonym.provider).toBe('transformers.js');
    expect(synonym.model).toBe(TINY_MODEL_ID);
    const top = synonym.results[0]!;
    expect(top.path).toBe('memory/2026-05-04.md');
    expect(top.breakdown.keyword).toBeNull();
    expect(top.breakdown.vector).toMatchObject({ rank: 1 });
    const vector = top.breakdown.vector as { cosine: number; score: number };
    expect(vector.cosine).toBeGreaterThan(0.6);
    expect(vector.score).toBe(Math.max(0, vector.cosine));
    expectBreakdownAccountsForScore(top);

    // Both sides agree on "router": the breakdown has both parts and adds up.
    const both = await engine.search({ query: 'router', minScore: 0 });
    const hit = both.results.find((r) => r.path === 'memory/network.md')!;
    expect(hit).toBeDefined();
    expect(hit.breakdown.keyword).not.toBeNull();
    expect(hit.breakdown.vector).toMatchObject({ cosine: expect.any(Number), rank: expect.any(Number) });
    expect(hit.breakdown.weights).toMatchObject({ vector: 0.7, text: 0.3 });
    for (const result of both.results) expectBreakdownAccountsForScore(result);
    // "gateway" is a synonym of router in the fixture: the keyword side has nothing, vectors do.
    const gateway = await engine.search({ query: 'gateway', minScore: 0 });
    expect(gateway.results[0]?.path).toBe('memory/network.md');
  });

  it('a model change rebuilds into a new index and swaps, the old one serving meanwhile', async () => {
    const ws = workspaceWith(FILES);
    const first = await ws.open();
    await first.sync();
    const chunks = first.status().chunks;
    await first.close();

    const engine = await ws.open({ model: OTHER_MODEL_ID });
    const stale = engine.status();
    expect(stale.mode).toBe('fts-only');
    expect(stale.modeReason).toMatch(/rebuilt.*embedding model changed from test\/tiny-bert to test\/tiny-bert-b/);
    // Until the swap, searches are answered by the old index, keyword-only, and say why.
    const meanwhile = await engine.search({ query: 'router', minScore: 0 });
    expect(meanwhile.results.map((r) => r.path)).toContain('memory/network.md');
    expect(meanwhile.notices.map((n) => n.code)).toContain('index-building');

    const report = await engine.sync();
    expect(report.chunksEmbedded).toBe(new Set(chunkHashes(ws.dbPath)).size);
    expect(engine.status()).toMatchObject({ mode: 'hybrid', model: OTHER_MODEL_ID, vectorsStored: chunks, chunks });
    expect(fs.existsSync(`${ws.dbPath}.next`)).toBe(false);
    const { model, cachedModels } = readIndex(ws.dbPath, (db) => ({
      model: db.prepare("SELECT value FROM meta WHERE key = 'model'").pluck().get(),
      cachedModels: db.prepare('SELECT DISTINCT model FROM embedding_cache ORDER BY model').pluck().all(),
    }));
    expect(model).toBe(OTHER_MODEL_ID);
    // The old model's cache came along: switching back would embed nothing.
    expect(cachedModels).toEqual([TINY_MODEL_ID, OTHER_MODEL_ID]);
    expect((await engine.search({ query: 'gateway', minScore: 0 })).mode).toBe('hybrid');
  });

  it('without the model: keyword-only, and status and every search say fts-only with the reason', async () => {
    const ws = workspaceWith(FILES);
    const engine = await ws.open({ model: DEFAULT_MODEL_ID });
    const report = await engine.sync();
    expect(report.chunksEmbedded).toBe(0);
    const status = engine.status();
    expect(status.mode).toBe('fts-only');
    expect(status.modeReason).toContain(
      `model ${DEFAULT_MODEL_ID} is not installed and downloads are off — not found in ${modelsDir}`,
    );
    expect(status.modeReason).toContain('--allow-download');
    expect(status).toMatchObject({ provider: 'none', vectorBackend: 'none', vectorsStored: 0 });

    for (const query of ['router', '合同']) {
      const response = await engine.search({ query, minScore: 0 });
      expect(response.mode).toBe('fts-only');
      expect(response.modeReason).toBe(status.modeReason);
      for (const result of response.results) {
        expect(result.breakdown.vector).toMatchObject({ unavailable: true });
        expect(result.breakdown.weights).toMatchObject({ vector: 0, text: 1 });
        expectBreakdownAccountsForScore(result);
      }
    }
    expect((await engine.search({ query: 'router', minScore: 0 })).results[0]?.path).toBe('memory/network.md');
  });

  it('a query whose embedding misses its deadline runs keyword-only and says so', async () => {
    const ws = workspaceWith(FILES);
    const engine = await ws.open({ queryTimeoutMs: 5 });
    await engine.sync();
    // Tokenizing a 140,000-character query takes the worker far longer than 5 ms.
    const response = await engine.search({ query: 'router '.repeat(20_000), minScore: 0 });
    expect(response.mode).toBe('fts-only');
    expect(response.fallback).toBe('fts-only');
    expect(response.notices.map((n) => n.code)).toContain('vector-timeout');
    expect(response.modeReason).toMatch(/timed out after 5 ms/);
    const hit = response.results.find((r) => r.path === 'memory/network.md')!;
    expect(hit.breakdown.vector).toMatchObject({ unavailable: true, reason: expect.stringMatching(/timed out/) });
    expectBreakdownAccountsForScore(hit);
  });

  it('keeps the main thread responsive while 2,000 chunks are embedded', async () => {
    const ws = workspaceWith(manyChunkFiles(200, 10, 1));
    const engine = await ws.open();
    const { result: report, delay } = await measureEventLoopDelay(() => engine.sync());
    expect(report.chunksWritten).toBeGreaterThanOrEqual(2000);
    expect(report.chunksEmbedded).toBeGreaterThanOrEqual(2000);
    expect(engine.status().vectorsStored).toBe(report.chunksWritten);
    // The whole sync runs here, so this bounds the engine's main-thread work too; the embedder
    // alone is held to the same bound with one 2,000-text call in load-embedder.test.ts.
    expect(delay.samples).toBeGreaterThan(0);
    const p99Ms = delay.p99Ms;
    expect(p99Ms).toBeLessThan(200);
  });
});

/** `files` files of `paragraphs` one-chunk paragraphs each, distinct text everywhere. */
function manyChunkFiles(files: number, paragraphs: number, seed: number): Record<string, string> {
  const words = tinyWords();
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state;
  };
  const out: Record<string, string> = {};
  for (let f = 0; f < files; f++) {
    const body: string[] = [];
    for (let p = 0; p < paragraphs; p++) {
      const sentence = Array.from({ length: 8 }, () => words[next() % words.length]).join(' ');
      body.push(`${sentence} ${f}-${p}`);
    }
    out[`memory/topic-${String(f).padStart(3, '0')}.md`] = `${body.join('\n\n')}\n`;
  }
  return { ...FILES, ...out };
}
