// A model that outputs NaN, through the real CLI and the real ONNX runtime: noticed when it loads
// (every word NaN) or when its first bad vector is written (one word NaN); either way the index
// stores no NaN, status and search say keyword-only and why, and the default search finds the text.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyModel } from '../../electron/memory/embed/test-support/tiny-model.js';
import { runMemlens, tempWorkspace, type TempDirs } from './support/fault-kit.js';

let dir: TempDirs;
let models: string;

const ALL_NAN = 'test/tiny-bert-nan';
const ROUTER_NAN = 'test/tiny-bert-nan-router';

beforeAll(async () => {
  dir = tempWorkspace('nan-model', {
    'MEMORY.md': '# Memory\n\nThe router firmware was updated in May.\n',
    'memory/network.md': '# Network\n\nThe home network restart fixed the server.\n',
    'memory/coffee.md': '# Coffee\n\nThe team review is on coffee today.\n',
  });
  models = path.join(dir.root, 'models');
  await writeTinyModel({ modelsDir: models, modelId: ALL_NAN, nanWords: 'all-words' });
  await writeTinyModel({ modelsDir: models, modelId: ROUTER_NAN, nanWords: ['router'] });
}, 60_000);

afterAll(() => dir?.cleanup());

type Search = {
  mode: string;
  modeReason?: string;
  results: { path: string; breakdown: { weights: { vector: number; text: number } } }[];
};
type Status = { mode: string; modeReason?: string; dbPath: string; vectorsStored: number };

async function memlens(
  model: string,
  ...args: string[]
): Promise<{ code: number | string; json: unknown; output: string }> {
  const run = await runMemlens(
    [
      ...args,
      '--json',
      '--workspace',
      dir.workspace,
      '--data-dir',
      path.join(dir.root, `data-${model.replace('/', '-')}`),
      '--models',
      models,
      '--model',
      model,
    ],
    { home: dir.root },
  );
  return {
    code: run.code,
    output: run.output,
    json: JSON.parse(run.output.slice(run.output.indexOf('{'), run.output.lastIndexOf('}') + 1)),
  };
}

/** Vectors in the index with a NaN or infinite component. */
function nonFiniteVectors(dbPath: string, dims: number): number {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db.prepare('SELECT embedding FROM embedding_cache').all() as { embedding: Buffer }[];
    return rows.filter((r) =>
      new Float32Array(r.embedding.buffer, r.embedding.byteOffset, dims).some((x) => !Number.isFinite(x)),
    ).length;
  } finally {
    db.close();
  }
}

describe('a model that outputs NaN', () => {
  it(
    'every word NaN: refused when it loads, keyword-only with the reason, and search finds the text',
    { timeout: 120_000 },
    async () => {
      const indexed = await memlens(ALL_NAN, 'index');
      expect(indexed.code).toBe(0);
      expect(indexed.json).toMatchObject({ mode: 'fts-only' });
      const status = (await memlens(ALL_NAN, 'status')).json as Status;
      expect(status.mode).toBe('fts-only');
      expect(status.modeReason).toMatch(/test\/tiny-bert-nan .*non-finite/);
      expect(status.vectorsStored).toBe(0);
      const found = (await memlens(ALL_NAN, 'search', 'router firmware')).json as Search;
      expect(found.mode).toBe('fts-only');
      expect(found.modeReason).toMatch(/non-finite/);
      expect(found.results[0]?.path).toBe('MEMORY.md');
      // The 0.7 vector weight is given back to the keyword side.
      expect(found.results[0]?.breakdown.weights).toMatchObject({
        configured: { vector: 0.7, text: 0.3 },
        vector: 0,
        text: 1,
      });
    },
  );

  it(
    'one word NaN: the first bad vector marks the model broken, none is stored, and search finds the text',
    { timeout: 120_000 },
    async () => {
      const indexed = await memlens(ROUTER_NAN, 'index');
      expect(indexed.code).toBe(0);
      expect(indexed.json).toMatchObject({ mode: 'fts-only' });
      const status = (await memlens(ROUTER_NAN, 'status')).json as Status & { dims: number };
      expect(status.modeReason).toMatch(/non-finite/);
      expect(nonFiniteVectors(status.dbPath, 384)).toBe(0);
      const found = (await memlens(ROUTER_NAN, 'search', 'router firmware')).json as Search;
      expect(found.results.map((r) => r.path)).toContain('MEMORY.md');
      expect(found.mode).toBe('fts-only');
      // The human status line says it too.
      const human = await runMemlens(
        [
          'status',
          '--workspace',
          dir.workspace,
          '--data-dir',
          path.join(dir.root, `data-${ROUTER_NAN.replace('/', '-')}`),
          '--models',
          models,
          '--model',
          ROUTER_NAN,
        ],
        { home: dir.root },
      );
      expect(human.output).toMatch(/mode\s+fts-only — .*non-finite/);
      // A later process recalls the break by id: with --lang zh-CN it says why in Chinese.
      const zh = await runMemlens(
        [
          'status',
          '--lang',
          'zh-CN',
          '--workspace',
          dir.workspace,
          '--data-dir',
          path.join(dir.root, `data-${ROUTER_NAN.replace('/', '-')}`),
          '--models',
          models,
          '--model',
          ROUTER_NAN,
        ],
        { home: dir.root },
      );
      expect(zh.output).toContain(`模型 ${ROUTER_NAN} 为一段文本返回了非有限向量（NaN 或 Infinity）— 已视为损坏`);
    },
  );
});
