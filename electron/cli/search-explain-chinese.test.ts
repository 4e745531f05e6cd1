// `memlens search --explain --lang zh-CN`: the score breakdown said in Chinese, every part of it —
// the keyword terms, the date boost, the importance line, a date-only question's tier and OpenClaw's
// own steps — over a small real workspace; English (the default) keeps its wording.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCaptured } from './test-support/capture-io.js';

let tmp: string;
let workspace: string;
const NOW = '2026-03-05T10:00:00+08:00';

function write(rel: string, text: string): void {
  const abs = path.join(workspace, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cli-explain-zh-'));
  workspace = path.join(tmp, 'workspace');
  write('MEMORY.md', '# 记忆\n\n家里的 NAS 每晚把照片备份到云端。 <!-- importance: 9 -->\n');
  write('memory/2026-02-05.md', '# 2026-02-05\n\n今天修好了 NAS 的备份脚本，夜间任务现在保留七个快照。\n');
  write('memory/2026-02-06.md', '# 2026-02-06\n\n下午和客户开会，讨论合同金额。\n');
  for (let i = 0; i < 10; i++) write(`memory/topics/杂记-${i}.md`, `# 杂记 ${i}\n\n午饭、天气和书，第 ${i} 条笔记。\n`);
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** `memlens search QUERY` with FLAGS over the workspace, its stdout. */
async function search(query: string, ...flags: string[]): Promise<string> {
  const run = await runCaptured(tmp, [
    'search',
    query,
    '--min-score',
    '0',
    '--now',
    NOW,
    '--workspace',
    workspace,
    '--data-dir',
    path.join(tmp, 'data'),
    ...flags,
  ]);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

/** The breakdown lines of `memlens search QUERY --explain` (the "| " block under each result). */
async function breakdown(query: string, ...flags: string[]): Promise<string[]> {
  return (await search(query, '--explain', ...flags))
    .split('\n')
    .filter((line) => line.startsWith('    | '))
    .map((line) => line.slice(6));
}

/**
 * English words of four letters or more left in a line once what is not prose is taken out: quoted
 * words of the user's, paths, the HTML annotation, the names of formulas and programs, and the
 * engine's reason a vector is unavailable (the embedder's own words, not the breakdown's).
 */
function englishLeft(line: string): string[] {
  const prose = line
    .replace(/^向量 +不可用：.*/, '')
    .replace(/“[^”]*”/g, '')
    .replace(/<!--[^>]*-->/g, '')
    .replace(/FTS5 MATCH .*? · /, '')
    .replace(/\S+\.md\b/g, '')
    .replace(/\b(BM25|bm25|OpenClaw|MMR|token|minScore|frontmatter)\b/g, '');
  return prose.match(/[A-Za-z]{4,}/g) ?? [];
}

describe('memlens search --explain --lang zh-CN', () => {
  it("tags each result line with where it came from by id, and the header's mode in Chinese", async () => {
    const zh = await search('备份脚本', '--lang', 'zh-CN');
    expect(zh).toMatch(/^ 1\. \d\.\d{3} {2}memory\/2026-02-05\.md:1-3 {2}\[记忆\] {2}2026-02-05$/m);
    const header = zh.split('\n')[0]!;
    expect(header).toMatch(/^"备份脚本" 的 \d+ 条结果 · \d+ 个候选 · /);
    expect(englishLeft(header)).toEqual([]);
    expect(zh).not.toContain('[memory]');

    const en = await search('备份脚本');
    expect(en).toMatch(/^ 1\. \d\.\d{3} {2}memory\/2026-02-05\.md:1-3 {2}\[memory\] {2}2026-02-05$/m);
  });

  it('says the keyword terms, the date boost and the importance line in Chinese', async () => {
    const zh = await breakdown('2026年2月5日 备份脚本', '--lang', 'zh-CN');
    const text = zh.join('\n');
    expect(text).toMatch(/^关键词 {3}\d\.\d{3} · BM25 排名 \d+ · 匹配了 \d+ 个词中的 \d+ 个/m);
    expect(text).toMatch(/“备份” 在此出现 2 次；\d+ 个分块中有 \d+ 个含有它——/);
    expect(text).toContain('查询提到了 2026年2月5日（“2026年2月5日”）；此文件的日期是 2026年2月5日：×');
    expect(text).toMatch(/^重要性 {3}×1\.200 · <!-- importance: 9 -->（第 3 行）→ ×1\.200（0\.75 \+ 0\.05 × 9）/m);
    expect(text).toMatch(/^权重 {5}文本 1\.00 · 向量 0\.00/m);
    expect(zh.flatMap(englishLeft)).toEqual([]);

    const en = (await breakdown('2026年2月5日 备份脚本')).join('\n');
    expect(en).toMatch(/“备份” occurs 2× here; \d+ of \d+ chunks contain it — /);
    expect(en).toContain('The query mentions 5 Feb 2026 (“2026年2月5日”); this file is dated 5 Feb 2026: ×');
    expect(en).toMatch(/^import\. {2}×1\.200 · <!-- importance: 9 --> on line 3 → ×1\.200 \(0\.75 \+ 0\.05 × 9\)/m);
  });

  it("says a date-only question's tier and OpenClaw's own steps in Chinese", async () => {
    const dated = await breakdown('2月5日做了什么', '--lang', 'zh-CN');
    const text = dated.join('\n');
    expect(text).toContain('日期在所问的那一天（2026年2月5日）：那一天（或那一周、那个月）的笔记，第 1 档，共 7 档。');
    expect(text).toContain('读作日期的词：“2月5日”；“做了什么” 是问题本身。没有问别的，所以由日期决定。');
    expect(text).toMatch(/^最终 {5}\d\.\d{3} = “那一天的笔记”一档的分数段，档内按 混合 /m);
    expect(dated.flatMap(englishLeft)).toEqual([]);

    const openclaw = await breakdown('NAS', '--profile', 'openclaw', '--lang', 'zh-CN');
    expect(openclaw.join('\n')).toMatch(/^OpenClaw \S+：文本匹配：bm25 /m);
    expect(openclaw.join('\n')).toContain('由严格查询（包含全部词语）找到。');
    expect(openclaw.flatMap(englishLeft)).toEqual([]);
  });
});
