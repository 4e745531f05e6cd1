// memlens watch with an embedding endpoint that is down when it starts: it says keyword-only and
// why, keeps trying, and once a real server answers on that port it says hybrid — no restart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmbeddingProvider } from '../memory/embed/embedding-provider.js';
import { reserveClosedPort, startEmbeddingsServer } from '../memory/embed/test-support/openai-embeddings-server.js';
import type { EmbeddingsServer } from '../memory/embed/test-support/openai-embeddings-server.js';
import { loadTinyModel } from '../memory/embed/test-support/tiny-provider.js';
import { runCli } from './main.js';
import { captureIo } from './test-support/capture-io.js';
import { englishLeft } from '../../shared/test-support/english-left.js';

let tmp: string;
let backing: EmbeddingProvider;
let server: EmbeddingsServer | null = null;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cli-watch-endpoint-'));
  fs.mkdirSync(path.join(tmp, 'workspace', 'memory'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'workspace', 'MEMORY.md'), '# Memory\n\nThe router needs a firmware update.\n');
  backing = await loadTinyModel(path.join(tmp, 'models'));
});

afterAll(async () => {
  await server?.close();
  await backing.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

type ModeEvent = { event: string; mode?: string; reason?: string | null };

describe('memlens watch --embedder', () => {
  it('starts keyword-only with the reason while the endpoint is down, and turns hybrid when it answers', async () => {
    const port = await reserveClosedPort();
    let stop!: () => void;
    const interrupted = new Promise<void>((resolve) => (stop = resolve));
    const { io, out } = captureIo(tmp, {}, interrupted);
    const args = ['watch', '--json', '--workspace', path.join(tmp, 'workspace'), '--data-dir', path.join(tmp, 'data')];
    const running = runCli([...args, '--embedder', `http://127.0.0.1:${port}/v1`, '--embedder-model', 'tiny-bert'], io);
    const modes = () =>
      out
        .join('')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as ModeEvent)
        .filter((e) => e.event === 'search-mode');

    await vi.waitFor(
      () =>
        expect(modes()[0]).toMatchObject({
          mode: 'fts-only',
          reason: expect.stringMatching(/ECONNREFUSED.* — trying again in \d+ s/),
        }),
      { timeout: 30_000, interval: 100 },
    );
    server = await startEmbeddingsServer(backing, { port });
    // The first background try is 5 s after start; then the engine reopens with the endpoint.
    await vi.waitFor(() => expect(modes().at(-1)).toMatchObject({ mode: 'hybrid' }), {
      timeout: 60_000,
      interval: 200,
    });
    expect(server.requests.some((r) => r.status === 200 && r.model === 'tiny-bert')).toBe(true);
    stop();
    expect(await running).toBe(0);
    expect(out.join('').match(/"event":"watching"/g)).toHaveLength(1);
  }, 120_000);

  it('--lang zh-CN says why search is keyword-only in Chinese: the endpoint that does not answer and when it is tried again', async () => {
    const port = await reserveClosedPort();
    let stop!: () => void;
    const interrupted = new Promise<void>((resolve) => (stop = resolve));
    const { io, err } = captureIo(tmp, {}, interrupted);
    const args = [
      'watch',
      '--lang',
      'zh-CN',
      '--workspace',
      path.join(tmp, 'workspace'),
      '--data-dir',
      path.join(tmp, 'data-zh'),
    ];
    const running = runCli([...args, '--embedder', `http://127.0.0.1:${port}/v1`, '--embedder-model', 'tiny-bert'], io);
    const line = () =>
      err
        .join('')
        .split('\n')
        .find((l) => l.includes('搜索仅用关键词')) ?? '';
    await vi.waitFor(() => expect(line()).toMatch(/ECONNREFUSED.* — \d+ 秒后重试/), { timeout: 30_000, interval: 100 });
    expect(line()).toMatch(
      /^memlens watch: 搜索仅用关键词 — 无法使用嵌入端点 \S+ — 无法连接嵌入端点 \S+：ECONNREFUSED/,
    );
    expect(englishLeft(line())).toEqual([]);
    stop();
    expect(await running).toBe(0);
  }, 120_000);
});
