// `memlens search --embedder URL` against a real OpenAI-compatible server on 127.0.0.1 whose
// vectors are the tiny ONNX model's: hybrid results equal the local model's, a key comes from
// the variable the user names, and when the server stops the output says why it is keyword-only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../shared/domain.js';
import type { EmbeddingProvider } from '../memory/embed/embedding-provider.js';
import { startEmbeddingsServer } from '../memory/embed/test-support/openai-embeddings-server.js';
import type { EmbeddingsServer } from '../memory/embed/test-support/openai-embeddings-server.js';
import { TINY_MODEL_ID } from '../memory/embed/test-support/tiny-model.js';
import { loadTinyModel } from '../memory/embed/test-support/tiny-provider.js';
import { runCli } from './main.js';
import { captureIo, runCaptured } from './test-support/capture-io.js';

let tmp: string;
let workspace: string;
let modelsDir: string;
let backing: EmbeddingProvider;
let server: EmbeddingsServer;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cli-endpoint-'));
  workspace = path.join(tmp, 'workspace');
  modelsDir = path.join(tmp, 'models');
  fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n\nThe router needs a firmware update.\n');
  fs.writeFileSync(
    path.join(workspace, 'memory', '2026-05-04.md'),
    '# 2026-05-04\n\nSigned the contract today.\n\n家里的猫喝咖啡。\n',
  );
  backing = await loadTinyModel(modelsDir);
  server = await startEmbeddingsServer(backing);
});

afterAll(async () => {
  await server.close();
  await backing.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const search = (dataName: string, ...flags: string[]) =>
  runCaptured(tmp, [
    'search',
    'agreement',
    '--workspace',
    workspace,
    '--data-dir',
    path.join(tmp, dataName),
    '--min-score',
    '0',
    ...flags,
  ]);

describe('memlens search --embedder', () => {
  it('runs hybrid search through the endpoint with the results of the local model', async () => {
    const viaEndpoint = await search('d1', '--embedder', server.baseUrl, '--embedder-model', 'tiny-bert', '--json');
    expect(viaEndpoint.code).toBe(0);
    const endpoint = JSON.parse(viaEndpoint.stdout) as SearchResponse;
    expect(endpoint).toMatchObject({ mode: 'hybrid', provider: 'openai-compatible', model: 'tiny-bert' });
    const viaLocal = await search('d2', '--model', TINY_MODEL_ID, '--models', modelsDir, '--json');
    const local = JSON.parse(viaLocal.stdout) as SearchResponse;
    expect(endpoint.results.map((r) => [r.path, r.score])).toEqual(local.results.map((r) => [r.path, r.score]));
    expect(endpoint.results[0]).toMatchObject({ path: 'memory/2026-05-04.md', breakdown: { keyword: null } });
    expect(server.requests.every((r) => r.model === 'tiny-bert')).toBe(true);
  });

  it('sends the key from the named variable and the input types asked for', async () => {
    server.behaviour.requiredKey = 'sk-test';
    const { io, out } = captureIo(tmp, { EMBED_KEY: 'sk-test' });
    const argv = [
      'search',
      'router',
      '--workspace',
      workspace,
      '--data-dir',
      path.join(tmp, 'd3'),
      '--embedder',
      server.baseUrl,
      '--embedder-model',
      'tiny-bert',
      '--embedder-key-env',
      'EMBED_KEY',
      '--embedder-input-type',
      'query,document',
      '--json',
    ];
    expect(await runCli(argv, io)).toBe(0);
    expect(JSON.parse(out.join(''))).toMatchObject({ mode: 'hybrid' });
    expect(server.requests.at(-1)).toMatchObject({
      authorization: 'Bearer sk-test',
      inputType: 'query',
      input: ['router'],
    });
    expect(server.requests.some((r) => r.inputType === 'document')).toBe(true);
    server.behaviour.requiredKey = null;
  });

  it('says in --help how to use it and refuses half a configuration', async () => {
    const help = await runCaptured(tmp, ['search', '--help']);
    expect(help.stdout).toContain('--embedder URL');
    expect(help.stdout).toContain('--embedder-allow-remote');
    const noModel = await search('d4', '--embedder', server.baseUrl);
    expect(noModel).toMatchObject({ code: 2, stderr: expect.stringContaining('--embedder needs --embedder-model') });
    const stray = await search('d4', '--embedder-model', 'x');
    expect(stray).toMatchObject({ code: 2, stderr: expect.stringContaining('--embedder-model needs --embedder URL') });
  });

  it('a remote endpoint without --embedder-allow-remote is not called: keyword-only, saying what it would receive', async () => {
    const remote = await search('d5', '--embedder', 'https://embeddings.example.com/v1', '--embedder-model', 'm');
    expect(remote.code).toBe(0);
    expect(remote.stdout).toMatch(
      /Keyword-only: embedding endpoint https:\/\/embeddings\.example\.com is not on this computer and was not allowed/,
    );
    expect(remote.stdout).toContain('every memory chunk it indexes');

    // In Chinese, what it would receive is said in Chinese too (it was English inside the sentence).
    const zh = await search(
      'd5',
      '--embedder',
      'https://embeddings.example.com/v1',
      '--embedder-model',
      'm',
      '--lang',
      'zh-CN',
    );
    expect(zh.stdout).toContain(
      '为什么只用关键词：https://embeddings.example.com 不在这台电脑上：Memory Lens 会把它索引的每个记忆分块的文本',
    );
    expect(zh.stdout).not.toContain('every memory chunk');
  });

  it('an allowed remote endpoint is announced before anything is sent, in the language asked for', async () => {
    const flags = ['--embedder', 'http://192.0.2.1:9/v1', '--embedder-model', 'm', '--embedder-allow-remote'];
    const en = await search('d6', ...flags, '--embedder-timeout', '1');
    expect(en.stderr.split('\n')[0]).toBe(
      'note: http://192.0.2.1:9 is not on this computer: Memory Lens would send it the text of every memory chunk it indexes (MEMORY.md, USER.md, memory/*.md and transcripts) and every search query, and keep the vectors it returns.',
    );
    const zh = await search('d6', ...flags, '--embedder-timeout', '1', '--lang', 'zh-CN');
    expect(zh.stderr.split('\n')[0]).toBe(
      '注意：http://192.0.2.1:9 不在这台电脑上：Memory Lens 会把它索引的每个记忆分块的文本（MEMORY.md、USER.md、memory/*.md 和会话记录）以及每次搜索的查询发送给它，并保存它返回的向量。',
    );
  });

  it('when the server stops, search still answers keyword-only and says why', async () => {
    const baseUrl = server.baseUrl;
    await server.close();
    const down = await search('d1', '--embedder', baseUrl, '--embedder-model', 'tiny-bert');
    expect(down.code).toBe(0);
    expect(down.stdout).toContain('Keyword-only: embedding endpoint http://127.0.0.1:');
    expect(down.stdout).toContain('is unreachable: ECONNREFUSED');
    server = await startEmbeddingsServer(backing);
  });
});
