// Memory Lens's own ranking weighs `<!-- importance: N -->` as OpenClaw does, as its own breakdown
// line; and a save keeps the annotations byte for byte (real engine, real files).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importanceMultiplier } from '../../../../shared/memory-annotations.js';
import { computeFinalScore } from '../../../../shared/score.js';
import type { MemoryEngine } from '../../engine.js';
import { openTempEngine, type TempEngine } from '../test-support/temp-engine.js';

let fx: TempEngine;
let workspace: string;
let engine: MemoryEngine;
const MEMORY = [
  '# Memory',
  '',
  '- The kayak club meets on Tuesday. <!-- importance: 1 -->',
  '',
  ...Array.from({ length: 60 }, (_, i) => `Filler line ${i} about nothing in particular, to end the first chunk.`),
  '',
  '- The kayak club meets on Tuesday. <!-- importance: 10 --> <!-- trigger: kayak -->',
  '',
].join('\n');

beforeAll(async () => {
  fx = await openTempEngine('importance', {
    'MEMORY.md': MEMORY,
    'memory/clubs.md': '- The kayak club meets on Tuesday. <!-- importance: 10 -->\n',
  });
  ({ engine, workspace } = fx);
});

afterAll(async () => {
  await fx?.dispose();
});

describe('importance in Memory Lens ranking', () => {
  it('puts the same words at importance 10 above importance 1, by its own breakdown line, whichever file holds it', async () => {
    const line = (n: number) => `- The kayak club meets on Tuesday. <!-- importance: ${n} -->\n`;
    const order = async () => {
      await engine.sync();
      const response = await engine.search({ query: 'kayak club Tuesday', minScore: 0, maxResults: 10 });
      for (const r of response.results) expect(r.score).toBe(computeFinalScore(r.breakdown));
      return response.results.filter((r) => r.path === 'USER.md' || r.path === 'MEMORY.md');
    };
    fs.writeFileSync(path.join(workspace, 'USER.md'), line(10));
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), line(1));
    const first = await order();
    expect(first.map((r) => r.path)).toEqual(['USER.md', 'MEMORY.md']);
    expect(first[0]!.breakdown.importance).toMatchObject({
      importance: 10,
      multiplier: importanceMultiplier(10),
      line: 1,
    });
    expect(first[1]!.breakdown.importance).toMatchObject({
      importance: 1,
      multiplier: importanceMultiplier(1),
      line: 1,
    });
    // Same words, same length: the keyword scores tie and only the importance line differs.
    expect(first[0]!.breakdown.hybrid).toBe(first[1]!.breakdown.hybrid);
    fs.writeFileSync(path.join(workspace, 'USER.md'), line(1));
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), line(10));
    expect((await order()).map((r) => r.path)).toEqual(['MEMORY.md', 'USER.md']);
    fs.rmSync(path.join(workspace, 'USER.md'));
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), MEMORY);
    await engine.sync();
  });

  it('reads annotations only in MEMORY.md / USER.md, as OpenClaw does', async () => {
    const response = await engine.search({ query: 'kayak club Tuesday', minScore: 0, maxResults: 10 });
    const topic = response.results.find((r) => r.path === 'memory/clubs.md');
    expect(topic).toBeDefined();
    expect(topic!.breakdown.importance).toBeUndefined();
  });

  it('a save keeps every annotation byte for byte', async () => {
    const before = await engine.readFile('MEMORY.md');
    const edited = before.text.replace('# Memory', '# Memory (edited)');
    const saved = await engine.saveFile('MEMORY.md', edited, before.hash);
    const onDisk = fs.readFileSync(path.join(workspace, 'MEMORY.md'));
    expect(onDisk.equals(Buffer.from(MEMORY.replace('# Memory', '# Memory (edited)'), 'utf8'))).toBe(true);
    expect(crypto.createHash('sha256').update(onDisk).digest('hex')).toBe(saved.hash);
    expect(saved).not.toHaveProperty('text');
  });
});
