// Regression floor for Chinese retrieval: the first 80 CMRC 2018 dev paragraphs and their questions,
// through the real engine, keyword-only. The data (CC BY-SA 4.0) is read from ../shared at test
// time, never copied into the repo. Floors sit a few points under what the slice measured on
// 2026-11-29 (Hit@1 0.960, Hit@5 1.000, MRR@10 0.980 over 301 questions).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryEngineApi } from '../electron/memory/engine-types.js';
import { evaluateCmrc, loadCmrcParagraphs, writeCmrcWorkspace } from './cmrc-dataset.js';
import type { CmrcQuery } from './cmrc-dataset.js';
import { openKeywordEngine } from './open-engine.js';
import { defaultCmrcPath } from './repo-paths.js';

const SLICE_PARAGRAPHS = 80;

describe('CMRC 2018 slice (keyword-only)', () => {
  let tmp: string;
  let engine: MemoryEngineApi;
  let queries: CmrcQuery[];

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cmrc-'));
    const paragraphs = loadCmrcParagraphs(defaultCmrcPath()).slice(0, SLICE_PARAGRAPHS);
    queries = writeCmrcWorkspace(path.join(tmp, 'workspace'), paragraphs);
    fs.mkdirSync(path.join(tmp, 'state'));
    engine = await openKeywordEngine(path.join(tmp, 'workspace'), path.join(tmp, 'state'));
    const report = await engine.sync();
    expect(report.filesFailed).toBe(0);
  });

  afterAll(async () => {
    await engine?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('puts the question’s own paragraph first for most questions', async () => {
    expect(queries.length).toBeGreaterThan(250);
    const { metrics } = await evaluateCmrc(engine, queries);
    expect(metrics.hitAt1).toBeGreaterThanOrEqual(0.92);
    expect(metrics.hitAt5).toBeGreaterThanOrEqual(0.97);
    expect(metrics.mrrAt10).toBeGreaterThanOrEqual(0.94);
  });
});
