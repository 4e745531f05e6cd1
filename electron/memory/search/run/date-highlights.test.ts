// A date query marks the date as the note writes it, not every digit and 月 in the chunk.
// Real files → real engine → the snippet's marks.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MemoryEngine } from '../../engine.js';
import { openTempEngine, type TempEngine } from '../test-support/temp-engine.js';

let fx: TempEngine;
let engine: MemoryEngine;

beforeAll(async () => {
  fx = await openTempEngine('date-marks', {
    'MEMORY.md': '# Memory\n',
    'memory/2026-11-05-work-log.md': '# 2026-11-05 工作日志\n\n- 09:30 和赵婷对排期，3月5日 的试产批次推到 3月12日。\n',
  });
  engine = fx.engine;
});

afterAll(async () => {
  await fx?.dispose();
});

it('marks "3月5日" where the note writes it, and no lone digit or 日 elsewhere', async () => {
  const response = await engine.search({
    query: '3月5日 试产',
    minScore: 0,
    now: Date.parse('2026-11-06T10:00:00+08:00'),
    timeZoneOffsetMinutes: 480,
  });
  const top = response.results[0]!;
  const marked = top.highlights.map((h) => top.snippet.slice(h.start, h.end));
  expect(marked).toContain('3月5日');
  expect(marked).toContain('试产');
  expect(marked.filter((m) => /^[\d月日]+$/.test(m) && m !== '3月5日')).toEqual([]);
});
