import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbedTransport, HostMessage } from './embed-protocol.js';
import { EmbedderClosedError, EmbeddingTimeoutError } from './embedding-provider.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { loadEmbedder } from './load-embedder.js';
import { DEFAULT_MODEL_ID } from './model-presets.js';
import { measureEventLoopDelay } from './test-support/event-loop-delay.js';
import { TINY_MODEL_ID, writeTinyModel } from './test-support/tiny-model.js';
import { workerThreadTransport } from './worker-thread-transport.js';

let modelsDir: string;
const providers: EmbeddingProvider[] = [];

beforeAll(async () => {
  modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-models-'));
  await writeTinyModel({ modelsDir });
});

afterAll(async () => {
  for (const provider of providers) await provider.close();
  fs.rmSync(modelsDir, { recursive: true, force: true });
});

async function load(model = TINY_MODEL_ID, transport?: () => EmbedTransport): Promise<EmbeddingProvider> {
  const result = await loadEmbedder({ model, modelsDir, allowDownload: false }, transport ? { transport } : {});
  if (!result.ok) throw new Error(result.reason.message);
  providers.push(result.provider);
  return result.provider;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

describe('loadEmbedder', () => {
  it('explains a missing model instead of throwing when downloads are off', async () => {
    const result = await loadEmbedder({ model: DEFAULT_MODEL_ID, modelsDir, allowDownload: false });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // A short clause a window can show, then the details (folders) after the dash.
    expect(result.reason.message.split(' — ')[0]).toBe(
      `model ${DEFAULT_MODEL_ID} is not installed and downloads are off`,
    );
    expect(result.reason.message).toContain(`not found in ${modelsDir}`);
    expect(result.reason.message).toContain('--allow-download');
    expect(result.reason.message).toContain('onnx/model_quantized.onnx');
  });

  it('refuses a model id that would leave the models folder', async () => {
    for (const model of ['../etc', '/abs/model', 'a/../../b', '']) {
      const result = await loadEmbedder({ model, modelsDir, allowDownload: false });
      expect(result).toMatchObject({ ok: false, reason: { message: expect.stringContaining('invalid model id') } });
    }
  });

  it('reports a model folder that cannot be loaded', async () => {
    const broken = path.join(modelsDir, 'test', 'broken');
    fs.mkdirSync(path.join(broken, 'onnx'), { recursive: true });
    for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json'])
      fs.writeFileSync(path.join(broken, file), '{}');
    fs.writeFileSync(path.join(broken, 'onnx', 'model.onnx'), 'not an onnx file');
    const result = await loadEmbedder({ model: 'test/broken', modelsDir, allowDownload: false });
    expect(result).toMatchObject({
      ok: false,
      reason: { message: expect.stringContaining('model test/broken could not be loaded') },
    });
  });

  it('loads the model in a worker and returns normalised vectors of the model width', async () => {
    const provider = await load();
    expect(provider.provider).toBe('transformers.js');
    expect(provider.model).toBe(TINY_MODEL_ID);
    expect(provider.dims).toBe(384);
    expect(provider.providerKey).toMatch(/^[0-9a-f]{16}$/);

    const [a, b, c] = await provider.embedPassages(['我们和供应商签了合同', '我们和供应商签了协议', '家里的猫喝咖啡']);
    for (const v of [a!, b!, c!]) {
      expect(v).toHaveLength(384);
      expect(cosine(v, v)).toBeCloseTo(1, 4);
    }
    // Synonyms in the fixture model land together; unrelated text does not.
    expect(cosine(a!, b!)).toBeGreaterThan(0.9);
    expect(cosine(a!, c!)).toBeLessThan(0.5);
    const router = await provider.embedQuery('router');
    const gateway = await provider.embedQuery('gateway');
    expect(cosine(router, gateway)).toBeGreaterThan(0.9);
  });

  it('embeds in batches with progress and keeps input order', async () => {
    const provider = await load();
    const texts = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? `router ${i}` : `家里的猫 ${i}`));
    const progress: number[] = [];
    const vectors = await provider.embedPassages(texts, (done, total) => {
      expect(total).toBe(100);
      progress.push(done);
    });
    expect(vectors).toHaveLength(100);
    expect(progress.at(-1)).toBe(100);
    expect(progress.length).toBeGreaterThan(2);
    expect([...progress].sort((x, y) => x - y)).toEqual(progress);
    const [single] = await provider.embedPassages([texts[37]!]);
    expect(cosine(single!, vectors[37]!)).toBeCloseTo(1, 5);
    // Padding next to a much longer text in the same batch changes nothing.
    const long = 'router gateway '.repeat(100);
    const [padded] = await provider.embedPassages([texts[38]!, long]);
    expect(cosine(padded!, vectors[38]!)).toBeCloseTo(1, 5);
  });

  it('never blocks the calling thread: event-loop delay stays low while 2,000 texts are embedded', async () => {
    const provider = await load();
    const texts = Array.from(
      { length: 2000 },
      (_, i) => `router ${i} weekly plan for the project meeting 今天的会议记录 ${i % 7}`,
    );
    const { result: vectors, delay } = await measureEventLoopDelay(() => provider.embedPassages(texts));
    expect(vectors).toHaveLength(2000);
    // onnxruntime-node runs inference synchronously, so the same call on this thread would block
    // for its whole duration (measured: seconds, p99 = the whole call); in the worker the loop
    // only waits for messages.
    expect(delay.samples).toBeGreaterThan(0);
    expect(delay.p99Ms).toBeLessThan(200);
  });

  it('lets a query cut in ahead of a long passage job', async () => {
    const provider = await load();
    const texts = Array.from({ length: 3000 }, (_, i) => `project budget meeting notes ${i} 今天的会议记录`);
    const order: string[] = [];
    const passages = provider.embedPassages(texts).then(() => order.push('passages'));
    const query = provider.embedQuery('router').then(() => order.push('query'));
    await Promise.all([passages, query]);
    expect(order).toEqual(['query', 'passages']);
  });

  it('a query that misses its deadline rejects with EmbeddingTimeoutError and is cancelled', async () => {
    // A worker that never answers queries: the stand-in for a model stuck on a huge input.
    const posted: HostMessage[] = [];
    const hung = (): EmbedTransport => {
      const inner = workerThreadTransport();
      return {
        ...inner,
        postMessage: (message: HostMessage) => {
          posted.push(message);
          if (message.type === 'embed' && message.priority === 'query') return;
          inner.postMessage(message);
        },
      };
    };
    const provider = await load(TINY_MODEL_ID, hung);
    const started = Date.now();
    const error = await provider.embedQuery('router', 100).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingTimeoutError);
    expect((error as Error).message).toBe('query embedding timed out after 100 ms');
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    const query = posted.find((m) => m.type === 'embed' && m.priority === 'query');
    expect(posted).toContainEqual({ type: 'cancel', id: (query as { id: number }).id });
    // Passages still work on the same provider.
    expect(await provider.embedPassages(['router'])).toHaveLength(1);
  });

  it('adds the preset prefixes: query and passage texts reach the model as the preset says', async () => {
    // The tiny model stored under the e5 id, as int8 file name, so the e5 preset applies.
    const e5Dir = path.join(modelsDir, ...DEFAULT_MODEL_ID.split('/'));
    const tinyDir = path.join(modelsDir, ...TINY_MODEL_ID.split('/'));
    fs.cpSync(tinyDir, e5Dir, { recursive: true });
    fs.renameSync(path.join(e5Dir, 'onnx', 'model.onnx'), path.join(e5Dir, 'onnx', 'model_quantized.onnx'));
    const seen: string[] = [];
    const recording = (): EmbedTransport => {
      const inner = workerThreadTransport();
      return {
        ...inner,
        postMessage: (message: HostMessage) => {
          if (message.type === 'embed') seen.push(...message.texts);
          inner.postMessage(message);
        },
      };
    };
    const provider = await load(DEFAULT_MODEL_ID, recording);
    await provider.embedPassages(['合同金额']);
    await provider.embedQuery('合同');
    // The first text is the load-time check that the model gives finite vectors.
    expect(seen.slice(1)).toEqual(['passage: 合同金额', 'query: 合同']);
  });

  it('close() stops at once: pending and later calls reject with EmbedderClosedError', async () => {
    const provider = await load();
    const texts = Array.from({ length: 5000 }, (_, i) => `weekly summary ${i}`);
    const pending = provider.embedPassages(texts);
    await provider.close();
    await expect(pending).rejects.toBeInstanceOf(EmbedderClosedError);
    await expect(provider.embedQuery('router')).rejects.toBeInstanceOf(EmbedderClosedError);
    await provider.close();
  });
});
