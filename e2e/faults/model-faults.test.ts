// The embedding model going missing, getting corrupted, or being swapped for one with another
// width, through the real CLI and the real ONNX runtime: search never fails because of it — it
// runs keyword-only and says why — and a new width rebuilds the vectors instead of mixing them.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_MODEL_ID, writeTinyModel } from '../../electron/memory/embed/test-support/tiny-model.js';
import { runMemlens, tempWorkspace, type TempDirs } from './support/fault-kit.js';

let dir: TempDirs;
let models: string;

beforeAll(async () => {
  dir = tempWorkspace('model', {
    'MEMORY.md': '# Memory\n\nThe router firmware was updated in May.\n',
    'memory/network.md': '# Network\n\nThe gateway timeout is 45 seconds.\n',
  });
  models = path.join(dir.root, 'models');
  await writeTinyModel({ modelsDir: models });
  await writeTinyModel({ modelsDir: models, modelId: 'test/tiny-bert-64', dims: 64, seed: 3 });
}, 60_000);

afterAll(() => dir?.cleanup());

type Search = { mode: string; modeReason?: string; results: { path: string }[] };

async function memlens(...args: string[]): Promise<{ code: number | string; json: unknown }> {
  const run = await runMemlens(
    [...args, '--json', '--workspace', dir.workspace, '--data-dir', dir.dataDir, '--models', models],
    { home: dir.root },
  );
  return {
    code: run.code,
    json: JSON.parse(run.output.slice(run.output.indexOf('{'), run.output.lastIndexOf('}') + 1)),
  };
}

describe('model missing, corrupt, or of a new width', () => {
  it(
    'hybrid with the model; keyword-only with the reason when it is missing or corrupt; a new width rebuilds',
    { timeout: 120_000 },
    async () => {
      const indexed = await memlens('index', '--model', TINY_MODEL_ID);
      expect(indexed).toMatchObject({ code: 0, json: { mode: 'hybrid' } });
      expect(((await memlens('search', 'router', '--model', TINY_MODEL_ID)).json as Search).mode).toBe('hybrid');

      const missing = await memlens('search', 'router', '--model', 'test/not-there');
      expect(missing.code).toBe(0);
      expect(missing.json).toMatchObject({
        mode: 'fts-only',
        modeReason: expect.stringMatching(/test\/not-there is not installed/),
      });
      expect((missing.json as Search).results[0]?.path).toBe('MEMORY.md');

      // Garble the model file the index was built with.
      const onnx = path.join(models, ...TINY_MODEL_ID.split('/'), 'onnx', 'model.onnx');
      const bytes = fs.readFileSync(onnx);
      bytes.fill(0x5a, 0, Math.min(bytes.length, 4096));
      fs.writeFileSync(onnx, bytes);
      const corrupt = await memlens('search', 'router', '--model', TINY_MODEL_ID);
      expect(corrupt.code).toBe(0);
      expect(corrupt.json).toMatchObject({
        mode: 'fts-only',
        modeReason: expect.stringMatching(/could not be loaded/),
      });
      expect((corrupt.json as Search).results[0]?.path).toBe('MEMORY.md');

      // A model with 64 dimensions instead of 384: the index is rebuilt with vectors of the new width.
      const rebuilt = await memlens('index', '--model', 'test/tiny-bert-64');
      expect(rebuilt).toMatchObject({ code: 0, json: { mode: 'hybrid', filesFailed: 0 } });
      const status = (await memlens('status', '--model', 'test/tiny-bert-64')).json as {
        dims: number;
        vectorsStored: number;
        chunks: number;
        mode: string;
      };
      expect(status).toMatchObject({ dims: 64, mode: 'hybrid' });
      expect(status.vectorsStored).toBe(status.chunks);
      expect(
        ((await memlens('search', 'gateway timeout', '--model', 'test/tiny-bert-64')).json as Search).results[0]?.path,
      ).toBe('memory/network.md');
    },
  );
});
