import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EvalQuerySchema } from '../../shared/app-data-schemas.js';
import { JudgmentStore } from './judgment-store.js';

let root: string;
let store: JudgmentStore;
const ws = () => path.join(root, 'ws');
const hit = (chunkId: string, p: string, startLine: number, endLine: number) => ({
  chunkId,
  path: p,
  startLine,
  endLine,
});

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-judgments-'));
  fs.mkdirSync(ws());
  store = new JudgmentStore(path.join(root, 'data'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('JudgmentStore', () => {
  it('records, replaces and withdraws a verdict per query and chunk', async () => {
    await store.set(ws(), {
      query: ' contract amount ',
      ...hit('memory/a.md#0', 'memory/a.md', 1, 9),
      verdict: 'relevant',
    });
    await store.set(ws(), {
      query: 'contract amount',
      ...hit('memory/b.md#2', 'memory/b.md', 30, 41),
      verdict: 'relevant',
    });
    const after = await store.set(ws(), {
      query: 'contract amount',
      ...hit('memory/b.md#2', 'memory/b.md', 30, 41),
      verdict: 'irrelevant',
    });
    expect(after.map((j) => [j.chunkId, j.verdict])).toEqual([
      ['memory/a.md#0', 'relevant'],
      ['memory/b.md#2', 'irrelevant'],
    ]);
    await store.set(ws(), { query: 'contract amount', ...hit('memory/a.md#0', 'memory/a.md', 1, 9), verdict: null });
    expect((await new JudgmentStore(path.join(root, 'data')).list(ws())).map((j) => j.chunkId)).toEqual([
      'memory/b.md#2',
    ]);
  });

  it('two quick clicks both land', async () => {
    await Promise.all([
      store.set(ws(), { query: 'q', ...hit('a#0', 'a.md', 1, 2), verdict: 'relevant' }),
      store.set(ws(), { query: 'q', ...hit('b#0', 'b.md', 1, 2), verdict: 'relevant' }),
    ]);
    expect((await store.list(ws(), 'q')).length).toBe(2);
  });

  it('exports eval queries: relevant ranges per query, one range per cited lines, stable ids, only-irrelevant queries skipped', async () => {
    await store.set(ws(), {
      query: 'drinking and weight loss',
      ...hit('sessions/s.jsonl#4', 'sessions/s.jsonl', 12, 12),
      verdict: 'relevant',
    });
    // The other half of the same long line: same lines, another chunk.
    await store.set(ws(), {
      query: 'drinking and weight loss',
      ...hit('sessions/s.jsonl#5', 'sessions/s.jsonl', 12, 12),
      verdict: 'relevant',
    });
    await store.set(ws(), {
      query: 'drinking and weight loss',
      ...hit('memory/health.md#0', 'memory/health.md', 1, 20),
      verdict: 'relevant',
    });
    await store.set(ws(), {
      query: 'drinking and weight loss',
      ...hit('memory/travel.md#0', 'memory/travel.md', 1, 5),
      verdict: 'irrelevant',
    });
    await store.set(ws(), {
      query: 'Disco Elysium',
      ...hit('memory/travel.md#0', 'memory/travel.md', 1, 5),
      verdict: 'irrelevant',
    });
    const exported = await store.export(ws());
    expect(exported.queries).toBe(1);
    expect(exported.skipped).toBe(1);
    const lines = exported.jsonl
      .trim()
      .split('\n')
      .map((l) => EvalQuerySchema.parse(JSON.parse(l)));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      query: 'drinking and weight loss',
      relevant: [
        { path: 'memory/health.md', startLine: 1, endLine: 20 },
        { path: 'sessions/s.jsonl', startLine: 12, endLine: 12 },
      ],
      tags: ['judged-in-ui'],
    });
    expect((await store.export(ws())).jsonl).toBe(exported.jsonl);
  });

  it('keeps an unreadable file aside instead of overwriting it', async () => {
    fs.mkdirSync(path.dirname(store.fileFor(ws())), { recursive: true });
    fs.writeFileSync(store.fileFor(ws()), '{broken');
    expect(await store.list(ws())).toEqual([]);
    expect(fs.readdirSync(path.dirname(store.fileFor(ws()))).some((n) => n.includes('.invalid-'))).toBe(true);
  });
});
