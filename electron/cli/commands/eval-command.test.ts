// memlens eval through runCli on a small real workspace: numbers a person can check by hand.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCaptured, type Captured } from '../test-support/capture-io.js';
import { columns } from '../text-columns.js';

let tmp: string;
let workspace: string;

function write(rel: string, text: string): void {
  const abs = path.join(tmp, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}

function cli(...argv: string[]): Promise<Captured> {
  return runCaptured(tmp, [...argv, '--workspace', workspace, '--data-dir', path.join(tmp, 'data')]);
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-eval-'));
  workspace = path.join(tmp, 'workspace');
  write('workspace/MEMORY.md', '# Memory\n\n- The router password is kept in the vault.\n- Blood type A.\n');
  write('workspace/memory/2026-03-01-trip.md', '# Trip\n\nFlew to Tokyo with Chen.\nThe hotel was in Shibuya.\n');
  write('workspace/memory/2026-03-02-notes.md', '# Notes\n\nNothing about travel here, only groceries.\n');
  write(
    'queries.jsonl',
    [
      { id: 'q1', query: 'router password', relevant: [{ path: 'MEMORY.md', line: 3 }], tags: ['en', 'lexical'] },
      {
        id: 'q2',
        query: 'Shibuya hotel',
        relevant: [{ path: 'memory/2026-03-01-trip.md', startLine: 4, endLine: 4 }],
        tags: ['en'],
      },
      {
        id: 'q3',
        query: 'groceries',
        relevant: [{ path: 'MEMORY.md', line: 4 }],
        tags: ['en', 'paraphrase'],
        note: 'deliberately wrong label',
      },
    ]
      .map((q) => JSON.stringify(q))
      .join('\n') + '\n',
  );
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('memlens eval', () => {
  it('reports Hit@k and MRR overall and per tag, and where a failed query’s evidence ranked', async () => {
    const { code, stdout } = await cli('eval', '--queries', 'queries.jsonl', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      queries: number;
      overall: { hitAt1: number; hitAt10: number; mrrAt10: number; recallAt10: number };
      byTag: Record<string, { queries: number; hitAt1: number }>;
      failures: { id: string; relevant: { path: string; rank: number | null }[]; top: { path: string }[] }[];
    };
    expect(report.queries).toBe(3);
    // q1 and q2 find their line first; q3's label points at a line that never mentions groceries.
    expect(report.overall.hitAt1).toBeCloseTo(2 / 3, 4);
    expect(report.overall.mrrAt10).toBeCloseTo(2 / 3, 4);
    expect(report.byTag.paraphrase).toMatchObject({ queries: 1, hitAt1: 0 });
    expect(report.byTag.lexical).toMatchObject({ queries: 1, hitAt1: 1 });
    expect(report.failures.map((f) => f.id)).toEqual(['q3']);
    expect(report.failures[0]!.relevant).toEqual([{ path: 'MEMORY.md', startLine: 4, endLine: 4, rank: null }]);
    expect(report.failures[0]!.top[0]!.path).toBe('memory/2026-03-02-notes.md');
  });

  it('prints the same as a table for people, with the failed queries', async () => {
    const { code, stdout } = await cli('eval', '--queries', 'queries.jsonl');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^overall\s+3\s+0\.667\s+0\.667\s+0\.667\s+0\.667/m);
    expect(stdout).toContain('q3  "groceries"');
    expect(stdout).toContain('MEMORY.md:4 → not in top 200');
  });

  it('--lang zh-CN prints the report in Chinese, its table aligned; metric names, ids and paths as they are', async () => {
    const { code, stdout } = await cli('eval', '--queries', 'queries.jsonl', '--lang', 'zh-CN');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^3 个查询 · 按前 10 条结果评判 · 查询耗时中位数 [\d.]+ 毫秒$/);
    expect(stdout).toMatch(/^总体\s+3\s+0\.667\s+0\.667\s+0\.667\s+0\.667/m);
    expect(stdout).toContain('1 个查询的前 10 条结果里没有相关结果：');
    expect(stdout).toContain('      证据位置：MEMORY.md:4 → 不在前 200 名');
    expect(stdout).toMatch(/^ {6}排在前面：memory\/2026-03-02-notes\.md:\d+/m);
    // The numbers start at the same terminal column under the Chinese header as in its rows.
    const header = lines.find((l) => l.startsWith('集合'))!;
    const row = lines.find((l) => l.startsWith('总体'))!;
    expect(columns(header.slice(0, header.indexOf('Hit@1') + 'Hit@1'.length))).toBe(
      columns(row.slice(0, row.indexOf('0.667') + '0.667'.length)),
    );
    // The query file's own words (ids, queries, tags) are shown as written.
    const words = lines
      .filter((l) => !l.startsWith('  q') && !/^(en|lexical|paraphrase) /.test(l))
      .flatMap((l) => l.replace(/\S*[/.@]\S*|--json/g, ' ').match(/\b[A-Za-z]{2,}\b/g) ?? []);
    expect(words).toEqual([]);

    const compare = await cli('eval', '--queries', 'queries.jsonl', '--compare', 'sources=sessions', '--lang', 'zh-CN');
    expect(compare.stdout.split('\n').slice(0, 2)).toEqual(['A: 默认设置', 'B: --sources sessions']);
    expect(compare.stdout).toContain('2 个查询的排名有变化（0 个变好，2 个变差）：');
  });

  it('--compare runs a second setting and lists the queries whose rank changed', async () => {
    const { code, stdout } = await cli('eval', '--queries', 'queries.jsonl', '--compare', 'sources=sessions', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      a: { overall: { hitAt1: number } };
      b: { overall: { hitAt1: number }; flags: string };
      rankChanges: { id: string; before: number | null; after: number | null }[];
    };
    expect(report.a.overall.hitAt1).toBeCloseTo(2 / 3, 4);
    // Sessions only: no memory file can be found.
    expect(report.b.overall.hitAt1).toBe(0);
    expect(report.b.flags).toContain('--sources sessions');
    expect(report.rankChanges).toEqual([
      { id: 'q1', query: 'router password', before: 1, after: null },
      { id: 'q2', query: 'Shibuya hotel', before: 1, after: null },
    ]);
  });

  it('refuses a bad query file with exit 2 and the line that is wrong', async () => {
    write('bad.jsonl', '{"id":"a","query":"x","relevant":[{"path":"MEMORY.md","line":0}]}\n');
    const bad = await cli('eval', '--queries', 'bad.jsonl');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.jsonl line 1');
    const missing = await cli('eval');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('eval needs --queries FILE.jsonl');
  });
});
