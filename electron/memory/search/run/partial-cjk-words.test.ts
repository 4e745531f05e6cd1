// Partial Chinese matches through the real engine (files on disk → SQLite FTS5 → search): a name
// the query types whole (毛不易) is not found above minScore by a config note's 不易, and
// "sunny 用户名字" ranks the user's name line above a dashboard's 用户名 (username) line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../../shared/domain.js';
import { describeKeyword } from '../../../../shared/explain-words.js';
import { SEARCH_DEFAULTS } from '../../../../shared/search-defaults.js';
import { computeFinalScore } from '../../../../shared/score.js';
import { MemoryEngine } from '../../engine.js';

let root: string;
let workspace: string;
const engines: MemoryEngine[] = [];

function write(rel: string, text: string): void {
  const abs = path.join(workspace, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}

async function open(name: string): Promise<MemoryEngine> {
  const engine = await MemoryEngine.open({
    workspaceDir: workspace,
    dataDir: path.join(root, name),
    openclawHome: path.join(root, 'no-openclaw'),
    embedder: null,
  });
  engines.push(engine);
  await engine.sync();
  return engine;
}

function termOf(result: SearchResult, term: string) {
  return result.breakdown.keyword!.terms!.find((t) => t.term === term)!;
}

/** The keyword breakdown accounts for the score: Σ shares = −bm25, and the final score recomputes. */
function expectAccounted(result: SearchResult): void {
  const k = result.breakdown.keyword!;
  expect(k.terms!.reduce((s, t) => s + t.contribution, 0)).toBeCloseTo(-k.bm25, 9);
  expect(computeFinalScore(result.breakdown)).toBeCloseTo(result.score, 12);
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-partial-cjk-'));
  workspace = path.join(root, 'workspace');
  write(
    'USER.md',
    '# USER\n\n- 名字：Sunny（孙宁），在杭州做产品经理。\n- 时区：Asia/Shanghai（GMT+8）。\n- 称呼：叫我 Sunny 就好，回复用中文。\n',
  );
  write(
    'MEMORY.md',
    '# 长期记忆\n\n- Sunny 每周五 18:00 前发周报到飞书群「产品周会」。\n- Sunny 喜欢跑步，周末常去西湖边。\n- 家里的猫叫团子。\n',
  );
  write(
    'memory/tools/openclaw-config.md',
    '# 配置备忘\n\n- 改完 openclaw.json 要重启 gateway，不然新配置不生效。\n- 日志在 ~/.openclaw/logs，出错时排查不易，先看最后 200 行。\n',
  );
  write(
    'memory/tools/dashboard.md',
    '# Grafana\n\n- Dashboard 地址 http://10.0.0.5:3000，用户名 admin，密码在 1Password。\n',
  );
  write('memory/daily/2026-11-02.md', '# 2026-11-02\n\n- Sunny 和 Ali 对了一下试点进度，周三前给出报告。\n');
  write('memory/daily/2026-11-03.md', '# 2026-11-03\n\n- Sunny 说周报里要加上 DNS 故障的复盘。\n');
});

afterAll(async () => {
  for (const engine of engines) await engine.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('partial CJK words count less', () => {
  it('毛不易 does not find the config note’s 不易 above minScore, and its breakdown says the match is partial', async () => {
    const engine = await open('data-name');
    const response = await engine.search({ query: '毛不易' });
    // Nothing reaches minScore: the note is shown only as a keyword match below it, with the notice.
    expect(response.notices.map((n) => n.code)).toContain('below-min-score');
    const note = response.results.find((r) => r.path === 'memory/tools/openclaw-config.md')!;
    expect(note.score).toBeLessThan(SEARCH_DEFAULTS.minScore);
    const buyi = termOf(note, '不易');
    expect(buyi).toMatchObject({ partOf: '毛不易', partialWeight: 0.2 });
    expect(describeKeyword(note.breakdown.keyword!).join('\n')).toContain(
      '“不易” occurs 2× here, part of “毛不易” — partial matches count less (×0.2)',
    );
    expectAccounted(note);
  });

  it('a memory that names 毛不易 ranks first, above minScore, with every share whole', async () => {
    write('memory/music.md', '# 音乐\n\n- Sunny 最近常听毛不易的《消愁》，通勤路上循环。\n');
    const engine = await open('data-name-present');
    const response = await engine.search({ query: '毛不易' });
    expect(response.results[0]!.path).toBe('memory/music.md');
    expect(response.results[0]!.score).toBeGreaterThanOrEqual(SEARCH_DEFAULTS.minScore);
    expect(response.results[0]!.breakdown.keyword!.terms!.every((t) => t.partOf === undefined)).toBe(true);
    expect(response.results.map((r) => r.path)).not.toContain('memory/tools/openclaw-config.md');
    expectAccounted(response.results[0]!);
    fs.rmSync(path.join(workspace, 'memory/music.md'));
  });

  it('sunny 用户名字 ranks the name line first; the dashboard’s 用户 is part of its 用户名 and counts less', async () => {
    const engine = await open('data-user');
    const response = await engine.search({ query: 'sunny 用户名字', minScore: 0 });
    expect(response.results[0]!.path).toBe('USER.md');
    const dashboard = response.results.find((r) => r.path === 'memory/tools/dashboard.md')!;
    expect(termOf(dashboard, '用户')).toMatchObject({ partOf: '用户名', partialWeight: 0.5 });
    expect(termOf(dashboard, '户名')).toMatchObject({ fragment: true, partOf: '用户名字', partialWeight: 0.2 });
    const words = describeKeyword(dashboard.breakdown.keyword!).join('\n');
    expect(words).toContain('“用户” occurs 2× here, part of “用户名” — partial matches count less (×0.5)');
    expect(words).toContain('户名 (of “用户名字”) counts less (×0.2)');
    expect(dashboard.score).toBeLessThan(SEARCH_DEFAULTS.minScore);
    expect(termOf(response.results[0]!, '名字').partOf).toBeUndefined();
    for (const r of response.results) expectAccounted(r);
  });

  it('explaining the dashboard file gives the same partial account the search did', async () => {
    const engine = await open('data-explain');
    const search = await engine.search({ query: 'sunny 用户名字', minScore: 0 });
    const shown = search.results.find((r) => r.path === 'memory/tools/dashboard.md')!;
    const explained = await engine.explainFile('memory/tools/dashboard.md', { query: 'sunny 用户名字', minScore: 0 });
    const chunk = explained.bestChunk!;
    expect(chunk.breakdown!.keyword!.bm25).toBeCloseTo(shown.breakdown.keyword!.bm25, 12);
    expect(chunk.breakdown!.keyword!.terms!.find((t) => t.term === '用户')!.partOf).toBe('用户名');
  });
});
