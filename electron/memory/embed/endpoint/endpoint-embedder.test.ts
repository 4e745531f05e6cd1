// The OpenAI-compatible endpoint provider against a real HTTP server on 127.0.0.1 whose vectors
// come from the generated tiny ONNX model: batching, input types, keys, a slow, a failing, a
// rate-limiting and a NaN-answering server, and the consent rule for endpoints off this computer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddingTimeoutError } from '../embedding-provider.js';
import type { EmbeddingProvider } from '../embedding-provider.js';
import { loadEmbedder } from '../load-embedder.js';
import { startEmbeddingsServer } from '../test-support/openai-embeddings-server.js';
import type { EmbeddingsServer } from '../test-support/openai-embeddings-server.js';
import { loadTinyModel } from '../test-support/tiny-provider.js';
import { isLoopbackHost, parseEndpointUrl } from '../../../../shared/embedding-endpoint.js';
import type { EmbeddingEndpointConfig } from '../../../../shared/embedding-endpoint.js';
import { localText, translator } from '../../../../shared/i18n.js';
import { englishLeft } from '../../../../shared/test-support/english-left.js';
import { parseRetryAfter } from './endpoint-embedding-provider.js';
import { watchEndpointProvider } from './endpoint-watch.js';

const zh = translator('zh-CN');

let modelsDir: string;
let local: EmbeddingProvider;
let server: EmbeddingsServer;
const opened: EmbeddingProvider[] = [];

beforeAll(async () => {
  modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-endpoint-models-'));
  local = await loadTinyModel(modelsDir);
  server = await startEmbeddingsServer(local);
});

afterAll(async () => {
  for (const provider of opened) await provider.close();
  await server.close();
  await local.close();
  fs.rmSync(modelsDir, { recursive: true, force: true });
});

beforeEach(() => {
  Object.assign(server.behaviour, {
    delayMs: 0,
    failNext: 0,
    rateLimitNext: 0,
    retryAfter: '1',
    nan: false,
    requiredKey: null,
    hang: false,
  });
  server.requests.length = 0;
});

async function loadEndpoint(extra: Partial<EmbeddingEndpointConfig> = {}) {
  const endpoint: EmbeddingEndpointConfig = { baseUrl: server.baseUrl, model: 'tiny', retryBaseMs: 20, ...extra };
  const result = await loadEmbedder({ model: endpoint.model, modelsDir: '', allowDownload: false, endpoint });
  if (result.ok) opened.push(result.provider);
  return result;
}

async function provider(extra: Partial<EmbeddingEndpointConfig> = {}): Promise<EmbeddingProvider> {
  const result = await loadEndpoint(extra);
  if (!result.ok) throw new Error(result.reason.message);
  return result.provider;
}

const TEXTS = [
  '我们和供应商签了合同',
  'the router needs a restart',
  '家里的猫喝咖啡',
  'weekly budget review',
  'signed the agreement',
  'coffee',
  'python bug fix',
  'deploy the server',
  'backup database',
  'travel ticket',
];

describe('OpenAI-compatible embedding endpoint', () => {
  it('returns the same vectors as the model behind it, in batches, with the model named', async () => {
    const remote = await provider({ batchSize: 4 });
    expect(remote).toMatchObject({ provider: 'openai-compatible', model: 'tiny', dims: 384 });
    expect(remote.providerKey).toMatch(/^[0-9a-f]{16}$/);
    server.requests.length = 0;
    const progress: number[] = [];
    const got = await remote.embedPassages(TEXTS, (done) => progress.push(done));
    const want = await local.embedPassages(TEXTS);
    expect(got.map((v) => Array.from(v))).toEqual(want.map((v) => Array.from(v)));
    expect(server.requests.map((r) => r.input.length)).toEqual([4, 4, 2]);
    expect(server.requests.every((r) => r.model === 'tiny' && r.authorization === null)).toBe(true);
    expect(progress).toEqual([4, 8, 10]);
    expect(Array.from(await remote.embedQuery('router'))).toEqual(
      Array.from((await local.embedPassages(['router']))[0]!),
    );
  });

  it('sends the query and document input types and prefixes, and the key from the environment as a Bearer token', async () => {
    server.behaviour.requiredKey = 'sk-local-test';
    const inputTypes = {
      field: 'input_type',
      query: 'query',
      document: 'document',
      queryPrefix: 'search_query: ',
      documentPrefix: 'search_document: ',
    };
    const withTypes = await provider({ inputTypes, apiKeyEnv: 'MY_EMBED_KEY', apiKey: 'sk-local-test' });
    await withTypes.embedPassages(['router']);
    await withTypes.embedQuery('gateway');
    expect(server.requests.slice(-2).map((r) => [r.inputType, r.input[0], r.authorization])).toEqual([
      ['document', 'search_document: router', 'Bearer sk-local-test'],
      ['query', 'search_query: gateway', 'Bearer sk-local-test'],
    ]);
    // Input types change the vectors, so they change the cache identity.
    const plain = await loadEndpoint({ apiKey: 'sk-local-test' });
    expect(plain.ok && plain.provider.providerKey).not.toBe(withTypes.providerKey);

    const wrongKey = await loadEndpoint({ apiKey: 'sk-wrong' });
    expect(wrongKey).toMatchObject({
      ok: false,
      reason: { message: expect.stringContaining('answered 401 — Incorrect API key provided: Bearer [the key]') },
    });
    expect(JSON.stringify(wrongKey)).not.toContain('sk-wrong');
    const unset = await loadEndpoint({ apiKeyEnv: 'MY_EMBED_KEY' });
    expect(unset).toMatchObject({
      ok: false,
      reason: { message: expect.stringContaining('environment variable MY_EMBED_KEY is not set') },
    });
  });

  it('a slow server: the query times out so search can go keyword-only, and loading says it did not answer', async () => {
    const remote = await provider();
    server.behaviour.delayMs = 5_000;
    await expect(remote.embedQuery('router', 300)).rejects.toBeInstanceOf(EmbeddingTimeoutError);
    const slow = await loadEndpoint({ requestTimeoutMs: 300, maxRetries: 1 });
    expect(slow).toMatchObject({
      ok: false,
      // A silent server is not asked again: one try, not two.
      reason: { message: expect.stringMatching(/did not answer within 300 ms$/) },
    });
  });

  it('a failing server: retried with backoff, then given up with the status in the reason', async () => {
    const remote = await provider();
    server.requests.length = 0;
    server.behaviour.failNext = 2;
    const [vector] = await remote.embedPassages(['router']);
    expect(vector).toHaveLength(384);
    expect(server.requests.map((r) => r.status)).toEqual([503, 503, 200]);

    server.behaviour.failNext = 100;
    const down = await loadEndpoint({ maxRetries: 2 });
    expect(down).toMatchObject({
      ok: false,
      reason: { message: expect.stringContaining('answered 503 — model is loading (after 3 tries)') },
    });
    await expect(remote.embedPassages(['router'])).rejects.toThrow(/answered 503/);
  });

  it('a rate-limiting server: waits the Retry-After it asks for, then succeeds', async () => {
    const remote = await provider();
    server.requests.length = 0;
    server.behaviour.rateLimitNext = 1;
    server.behaviour.retryAfter = '1';
    const started = Date.now();
    const [vector] = await remote.embedPassages(['gateway']);
    expect(vector).toHaveLength(384);
    expect(server.requests.map((r) => r.status)).toEqual([429, 200]);
    // Retry-After 1 means one second, not the 20 ms backoff step.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);

    server.behaviour.rateLimitNext = 1;
    server.behaviour.retryAfter = '120';
    await expect(remote.embedPassages(['gateway'])).rejects.toThrow(
      /answered 429 — Rate limit reached; it asked to wait 120 s/,
    );
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000);
  });

  it('a NaN vector is a broken model: no provider at load, and a rejected call afterwards', async () => {
    server.behaviour.nan = true;
    const broken = await loadEndpoint();
    expect(broken).toMatchObject({
      ok: false,
      reason: {
        message: expect.stringContaining('returned a non-finite vector (NaN or Infinity) — the model is broken'),
      },
    });
    // A Chinese interface says it all in Chinese (the URL aside).
    const chinese = localText(zh, (broken as { reason: { message: string } }).reason);
    expect(chinese).toContain('返回了非有限向量（NaN 或 Infinity）— 模型已损坏');
    expect(englishLeft(chinese)).toEqual([]);
    server.behaviour.nan = false;
    const remote = await provider();
    server.behaviour.nan = true;
    await expect(remote.embedQuery('router')).rejects.toThrow(/non-finite vector/);
  });

  it('an endpoint that stops answering: why and when it is tried again read in Chinese, the English unchanged', async () => {
    const other = await startEmbeddingsServer(local);
    const result = await loadEmbedder({
      model: 'tiny',
      modelsDir: '',
      allowDownload: false,
      endpoint: { baseUrl: other.baseUrl, model: 'tiny', retryBaseMs: 20, maxRetries: 1 },
    });
    if (!result.ok) throw new Error(result.reason.message);
    opened.push(result.provider);
    const { provider: watched, outage } = watchEndpointProvider(result.provider, async () => undefined, {
      retry: { firstMs: 600_000 },
      onDidChange: () => undefined,
      onError: () => undefined,
    });
    await other.close();
    await expect(watched.embedPassages(['router'])).rejects.toThrow(/is unreachable: ECONNREFUSED \(after 2 tries\)/);
    // A try fails the same way: the reason stays by id.
    expect(await outage.retryNow()).toBe(false);
    const why = outage.describe()!;
    expect(why.message).toMatch(
      /^embedding endpoint \S+ is unreachable: ECONNREFUSED \(after 2 tries\) — trying again in \d+ s \(or Retry now\)$/,
    );
    const chinese = localText(zh, why);
    expect(chinese).toMatch(/^无法连接嵌入端点 \S+：ECONNREFUSED（共尝试 2 次） — \d+ 秒后重试（或点“立即重试”）$/);
    expect(englishLeft(chinese)).toEqual([]);
    outage.close();
  });

  it('a stopped server is unreachable; a closed provider refuses calls', async () => {
    const other = await startEmbeddingsServer(local);
    const baseUrl = other.baseUrl;
    await other.close();
    const down = await loadEndpoint({ baseUrl, maxRetries: 1 });
    expect(down).toMatchObject({
      ok: false,
      reason: { message: expect.stringMatching(/is unreachable: ECONNREFUSED \(after 2 tries\)$/) },
    });

    const remote = await provider();
    await remote.close();
    await expect(remote.embedQuery('router')).rejects.toThrow(/embedder stopped: closed/);
  });

  it('calls this computer directly; anywhere else only after a yes, saying what would be sent', async () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '[::1]', 'api.localhost'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['10.0.0.2', '192.168.1.5', 'api.openai.com', '127.0.0.1.example.com', '::ffff:8.8.8.8'])
      expect(isLoopbackHost(host)).toBe(false);
    const refused = await loadEndpoint({ baseUrl: 'https://api.openai.com/v1' });
    expect(refused).toMatchObject({ ok: false });
    if (refused.ok) return;
    expect(refused.reason.message.split(' — ')[0]).toBe(
      'embedding endpoint https://api.openai.com is not on this computer and was not allowed',
    );
    expect(refused.reason.message).toContain('every memory chunk it indexes');
    expect(refused.reason.message).toContain('--embedder-allow-remote');
    expect(server.requests).toHaveLength(0);
    expect(parseEndpointUrl('http://user:pw@127.0.0.1/v1')).toMatchObject({
      ok: false,
      reason: { message: expect.stringContaining('environment variable') },
    });
    expect(parseEndpointUrl('file:///etc/passwd')).toMatchObject({ ok: false });
  });
});
