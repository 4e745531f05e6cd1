// The search modules through the real engine: files on disk → sync → search / explain / timeline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeFinalScore } from '../../../../shared/score.js';
import { MemoryEngine } from '../../engine.js';
import { TINY_MODEL_ID, writeTinyModel } from '../../embed/test-support/tiny-model.js';

let root: string;
let workspace: string;
const engines: MemoryEngine[] = [];

function write(rel: string, text: string): void {
  const abs = path.join(workspace, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}

async function open(embedder: { modelsDir: string } | null = null): Promise<MemoryEngine> {
  const engine = await MemoryEngine.open({
    workspaceDir: workspace,
    dataDir: path.join(root, embedder ? 'data-hybrid' : 'data'),
    openclawHome: path.join(root, 'no-openclaw'),
    embedder: embedder ? { model: TINY_MODEL_ID, modelsDir: embedder.modelsDir, allowDownload: false } : null,
  });
  engines.push(engine);
  await engine.sync();
  return engine;
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-search-'));
  workspace = path.join(root, 'workspace');
  write('MEMORY.md', '# Memory\n\nThe home router admin page is 192.168.1.1.\n');
  write(
    'memory/2026-05-04.md',
    '---\ncreated: 2026-05-04\n---\n# 签约日\n\n下午和客户开会。\n合同金额是12,345万元，下周签字。\n',
  );
  write('memory/2026-05-05.md', '# Router day\n\nReplaced the router firmware; the network is stable again.\n');
  write('memory/2026-03-28-api-design.md', '# API design\n\nREST endpoints for the router pilot.\n');
  write('memory/summaries/weekly/2026-w18.md', '# Week 18\n\nSigned the contract; router firmware pilot.\n');
  for (let i = 0; i < 10; i++)
    write(`memory/topics/t${i}.md`, `# Topic ${i}\n\nLunch, weather and books, note ${i}.\n`);
});

afterAll(async () => {
  for (const engine of engines) await engine.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('search through the engine', () => {
  it('marks the matched words in each snippet, as the text is written (12345 marks "12,345")', async () => {
    const engine = await open();
    const response = await engine.search({ query: '12345', minScore: 0 });
    const hit = response.results.find((r) => r.path === 'memory/2026-05-04.md');
    expect(hit).toBeDefined();
    expect(hit!.highlights.map((r) => hit!.snippet.slice(r.start, r.end))).toEqual(['12,345']);
  });

  it('index → search round trip: 昨天那个合同金额 finds the contract line, and every breakdown accounts for its score', async () => {
    const engine = await open();
    const response = await engine.search({ query: '昨天那个合同金额' });
    expect(response.results[0]).toMatchObject({ path: 'memory/2026-05-04.md', source: 'memory', startLine: 4 });
    expect(response.results[0]!.snippet).toContain('合同金额是12,345万元');
    expect(response.results[0]!.snippet).not.toContain('created:');
    const all = await engine.search({
      query: 'router',
      minScore: 0,
      maxResults: 20,
      decay: { enabled: true },
      mmr: { enabled: true },
      now: Date.UTC(2026, 5, 1),
    });
    expect(all.results.length).toBeGreaterThan(2);
    for (const r of [...response.results, ...all.results]) {
      expect(computeFinalScore(r.breakdown)).toBe(r.score);
      expect(r.breakdown.final).toBe(r.score);
    }
    const evergreen = all.results.find((r) => r.path === 'MEMORY.md');
    expect(evergreen?.breakdown.decay).toMatchObject({ evergreen: true, multiplier: 1 });
  });

  it('explains why a file is or is not returned', async () => {
    const engine = await open();
    expect((await engine.explainFile('memory/2026-05-04.md', { query: '合同金额' })).code).toBe('returned');
    expect((await engine.explainFile('memory/topics/t1.md', { query: '合同金额' })).code).toBe('no-keyword-match');
    const filtered = await engine.explainFile('memory/2026-05-05.md', {
      query: 'router',
      minScore: 0,
      from: '2026-05-06',
    });
    expect(filtered.code).toBe('filtered-date');
    expect(filtered.reasons[0]).toContain('2026-05-05');
  });

  it('builds the timeline from the indexed files, titled by first heading', async () => {
    const engine = await open();
    const entries = await engine.timeline();
    expect(entries.map((e) => [e.path, e.type])).toEqual([
      ['memory/2026-03-28-api-design.md', 'dated-topic'],
      ['memory/summaries/weekly/2026-w18.md', 'weekly'],
      ['memory/2026-05-04.md', 'daily'],
      ['memory/2026-05-05.md', 'daily'],
    ]);
  });

  it('fuses the vector side of a real embedding model: both parts in the breakdown, weights 0.7/0.3', async () => {
    const modelsDir = path.join(root, 'models');
    await writeTinyModel({ modelsDir });
    const engine = await open({ modelsDir });
    const response = await engine.search({ query: 'router firmware', minScore: 0, maxResults: 10 });
    expect(response.mode).toBe('hybrid');
    const both = response.results.find(
      (r) => r.breakdown.keyword && r.breakdown.vector && !('unavailable' in r.breakdown.vector),
    );
    expect(both).toBeDefined();
    expect(both!.breakdown.weights).toMatchObject({ vector: 0.7, text: 0.3 });
    for (const r of response.results) expect(computeFinalScore(r.breakdown)).toBe(r.score);
    const explained = await engine.explainFile(both!.path, { query: 'router firmware', minScore: 0, maxResults: 10 });
    expect(explained.code).toBe('returned');
    expect(explained.bestChunk!.vectorRank).toEqual(expect.any(Number));
  });
});
