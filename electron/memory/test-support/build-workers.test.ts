import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEnvelope, WorkerMessage } from '../embed/embed-protocol.js';
import { prepareForIndex } from '../sync/prepare-file.js';
import { PreparePool } from '../sync/prepare-pool.js';
import type { DiscoveredFile } from '../workspace/discover.js';
import { buildWorkers } from './build-workers.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An empty output folder inside the checkout, so the compiled workers find node_modules as dist/ does. */
function emptyOutRoot(): string {
  fs.mkdirSync(path.join(repoRoot, '.cache'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(repoRoot, '.cache', 'build-workers-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).isFile());
}

describe('buildWorkers (the vitest global setup)', () => {
  it('compiles each worker with every module it loads, across folders, into an empty output', () => {
    const out = emptyOutRoot();
    const written = buildWorkers(out);
    const files = filesUnder(out);
    expect(written.sort()).toEqual([...files].sort());
    const relative = files.map((f) => path.relative(out, f).split(path.sep).join('/'));
    // embed-worker-core imports ../../../shared/errors.js: a worker must not depend on a stale dist/shared.
    expect(relative).toEqual(
      expect.arrayContaining([
        'electron/memory/embed/embed-worker.js',
        'electron/memory/embed/embed-worker-core.js',
        'shared/errors.js',
        'electron/memory/sync/prepare-worker.js',
        'electron/memory/sync/prepare-file.js',
      ]),
    );
    // Closed under imports: every relative import of every output is an output.
    for (const file of files) {
      for (const { fileName } of ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles) {
        if (fileName.startsWith('.'))
          expect(files, `${path.relative(out, file)} imports ${fileName}`).toContain(
            path.resolve(path.dirname(file), fileName),
          );
      }
    }
  });

  it('rewrites only files whose compiled text changed', () => {
    const out = emptyOutRoot();
    buildWorkers(out);
    expect(buildWorkers(out)).toEqual([]);
    const stale = path.join(out, 'shared', 'errors.js');
    fs.writeFileSync(stale, 'export const messageOf = () => "stale";\n');
    expect(buildWorkers(out)).toEqual([stale]);
    expect(fs.readFileSync(stale, 'utf8')).toContain('export function messageOf');
  });

  it('reports a worker entry that does not exist instead of skipping it', () => {
    expect(() =>
      buildWorkers(emptyOutRoot(), [path.join(repoRoot, 'electron', 'memory', 'sync', 'no-such-worker.ts')]),
    ).toThrow(/worker module not found: electron\/memory\/sync\/no-such-worker\.ts/);
  });

  it('gives a prepare worker that runs on its own: the same prepared file as the main thread', async () => {
    const out = emptyOutRoot();
    buildWorkers(out);
    const pool = PreparePool.start(
      1,
      pathToFileURL(path.join(out, 'electron', 'memory', 'sync', 'prepare-worker.js')),
    )!;
    expect(pool).not.toBeNull();
    cleanups.push(() => pool.close());
    const text = '# 合同\n\n- 2026-05-04: signed the contract, 金额 12,345 万元.\n';
    const file: DiscoveredFile = {
      path: 'memory/2026-05-04.md',
      absPath: '/ws/memory/2026-05-04.md',
      source: 'memory',
      size: Buffer.byteLength(text),
      mtimeMs: 1,
    };
    expect(await pool.prepare(file, Buffer.from(text))).toEqual({ prepared: prepareForIndex(file, Buffer.from(text)) });
  });

  it('gives an embed worker that loads and answers: a missing model is an init-failed message', async () => {
    const out = emptyOutRoot();
    buildWorkers(out);
    const models = path.join(out, 'models');
    fs.mkdirSync(models);
    const worker = new Worker(pathToFileURL(path.join(out, 'electron', 'memory', 'embed', 'embed-worker.js')));
    cleanups.push(async () => void (await worker.terminate()));
    const reply = new Promise<WorkerMessage>((resolve, reject) => {
      worker.on('message', ({ message }: SessionEnvelope<WorkerMessage>) => {
        if (message.type !== 'load-progress') resolve(message);
      });
      worker.on('error', reject);
    });
    worker.postMessage({
      session: 1,
      message: {
        type: 'init',
        modelId: 'nobody/no-such-model',
        modelsDir: models,
        allowDownload: false,
        quantized: false,
        pooling: 'mean',
        normalize: true,
        batchSize: 8,
      },
    });
    const message = await reply;
    expect(message.type).toBe('init-failed');
    expect(message.type === 'init-failed' && message.message).toMatch(/no-such-model/);
  });
});
