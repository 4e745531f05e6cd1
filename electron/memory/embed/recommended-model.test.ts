// The recommended first model (the catalog's multilingual e5 preset) as it runs: its prefixes and
// pooling through the real transformers.js pipeline and ONNX runtime, and hybrid search with it.
// The generated tiny model stands in for the weights under the preset's id and file name, so every
// setting the preset carries (quantized file, "query: " / "passage: ", mean pooling, 384 dims) is used.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeFinalScore } from '../../../shared/score.js';
import { MemoryEngine } from '../engine.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { loadEmbedder } from './load-embedder.js';
import { DEFAULT_MODEL_ID, MODEL_PRESETS, presetFor } from './model-presets.js';
import { TINY_MODEL_ID, writeTinyModel } from './test-support/tiny-model.js';

const recommended = MODEL_PRESETS.find((p) => p.recommended)!;
/** The prefix words get vectors of their own, so a missing or swapped prefix changes the vector. */
const PREFIX_WORDS = ['query', 'passage'];

let modelsDir: string;
let root: string;
const providers: EmbeddingProvider[] = [];

beforeAll(async () => {
  modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-models-'));
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-recommended-'));
  // Same weights twice: under the preset's id (its settings apply) and under an unknown id (none do).
  await writeTinyModel({
    modelsDir,
    modelId: recommended.id,
    extraWords: PREFIX_WORDS,
    onnxFile: recommended.quantized === true ? 'model_quantized.onnx' : 'model.onnx',
  });
  await writeTinyModel({ modelsDir, modelId: TINY_MODEL_ID, extraWords: PREFIX_WORDS });
});

afterAll(async () => {
  for (const provider of providers) await provider.close();
  for (const dir of [modelsDir, root]) fs.rmSync(dir, { recursive: true, force: true });
});

async function load(model: string): Promise<EmbeddingProvider> {
  const result = await loadEmbedder({ model, modelsDir, allowDownload: false });
  if (!result.ok) throw new Error(result.reason.message);
  providers.push(result.provider);
  return result.provider;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

describe('the recommended model preset', () => {
  it('is the default, multilingual (Chinese and English), a retrieval model with e5 prefixes and mean pooling', () => {
    expect(MODEL_PRESETS.filter((p) => p.recommended)).toHaveLength(1);
    expect(recommended.id).toBe(DEFAULT_MODEL_ID);
    expect(recommended.languages).toMatch(/Chinese/);
    expect(recommended.languages).toMatch(/English/);
    expect(recommended).toMatchObject({
      dims: 384,
      queryPrefix: 'query: ',
      passagePrefix: 'passage: ',
      pooling: 'mean',
      normalize: true,
      quantized: true,
    });
    expect(recommended.downloadBytes).toBeGreaterThan(100_000_000);
  });

  it('embeds a query as "query: …" and a passage as "passage: …", mean-pooled and normalised', async () => {
    const e5 = await load(recommended.id);
    const plain = await load(TINY_MODEL_ID);
    expect(presetFor(TINY_MODEL_ID).queryPrefix).toBe('');
    expect(e5.dims).toBe(recommended.dims);

    const query = await e5.embedQuery('合同 金额');
    const [asQuery, unprefixed] = await plain.embedPassages(['query: 合同 金额', '合同 金额']);
    expect(cosine(query, query)).toBeCloseTo(1, 4);
    expect(cosine(query, asQuery!)).toBeCloseTo(1, 5);
    expect(cosine(query, unprefixed!)).toBeLessThan(0.999);

    const [passage] = await e5.embedPassages(['我们和供应商签了协议']);
    const [asPassage, asWrongPrefix] = await plain.embedPassages([
      'passage: 我们和供应商签了协议',
      'query: 我们和供应商签了协议',
    ]);
    expect(cosine(passage!, asPassage!)).toBeCloseTo(1, 5);
    expect(cosine(passage!, asWrongPrefix!)).toBeLessThan(0.999);
  });

  it('hybrid search with it: an English question finds a Chinese note by meaning, and the breakdown adds up', async () => {
    const workspace = path.join(root, 'workspace');
    fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# memory\n\nthe user likes coffee and the cat.\n');
    fs.writeFileSync(path.join(workspace, 'memory', '2026-05-04.md'), '# 2026-05-04\n\n我们和供应商签了协议\n');
    fs.writeFileSync(path.join(workspace, 'memory', 'network.md'), '# network\n\nrouter firmware restart at home\n');
    const engine = await MemoryEngine.open({
      workspaceDir: workspace,
      dataDir: path.join(root, 'data'),
      dbPath: path.join(root, 'data', 'index.sqlite'),
      openclawHome: path.join(root, 'openclaw'),
      embedder: { model: recommended.id, modelsDir, allowDownload: false },
    });
    try {
      await engine.sync();
      expect(engine.status()).toMatchObject({ mode: 'hybrid', model: recommended.id });

      // "contract" is nowhere in the files; 协议 (agreement) means the same in the model.
      const response = await engine.search({ query: 'contract', minScore: 0 });
      expect(response).toMatchObject({ mode: 'hybrid', provider: 'transformers.js', model: recommended.id });
      const top = response.results[0]!;
      expect(top.path).toBe('memory/2026-05-04.md');
      expect(top.breakdown.keyword).toBeNull();
      expect(top.breakdown.vector).toMatchObject({ rank: 1 });
      expect(computeFinalScore(top.breakdown)).toBeCloseTo(top.score, 12);

      // And a Chinese question finds the English note: 路由器 (router) in the model.
      const crossed = await engine.search({ query: '路由器', minScore: 0 });
      expect(crossed.results[0]?.path).toBe('memory/network.md');
    } finally {
      await engine.close();
    }
  });
});
