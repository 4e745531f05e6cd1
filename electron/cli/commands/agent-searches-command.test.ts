// memlens agent-searches and the health lines of memlens status, in-process on a copy of the
// fixture workspace whose transcripts hold OpenClaw 2026.9.6's own memory tool results.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishLeft } from '../../../shared/test-support/english-left.js';
import { runCaptured, type Captured } from '../test-support/capture-io.js';

const FIXTURE = path.resolve(__dirname, '../../../e2e/fixtures/agent-calls-workspace');
const NOW = '2026-12-01T12:00:00Z';
let tmp: string;
let workspace: string;

function cli(...argv: string[]): Promise<Captured> {
  return runCaptured(tmp, [...argv, '--workspace', workspace, '--data-dir', path.join(tmp, 'data')]);
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cli-agent-calls-'));
  workspace = path.join(tmp, 'workspace');
  fs.cpSync(FIXTURE, workspace, { recursive: true });
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface CallJson {
  source: string;
  time: string;
  session: { path: string; title: string | null } | null;
  line: number | null;
  query: string | null;
  outcome: { kind: string; count: number; reason: string | null };
  diagnosis: { code: string; text: string } | null;
  replay: { count: number; hits: { path: string }[] } | null;
  tool: string;
}

describe('memlens agent-searches', () => {
  it('--json: every call with {source, time, session, line, query, outcome, diagnosis, replay}', async () => {
    const { code, stdout } = await cli('agent-searches', '--json', '--now', NOW);
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as {
      health: { last30Days: { calls: number; withResults: number } };
      calls: CallJson[];
    };
    expect(out.calls).toHaveLength(15);
    expect(Object.keys(out.calls[0]!).slice(0, 8)).toEqual([
      'source',
      'time',
      'session',
      'line',
      'query',
      'outcome',
      'diagnosis',
      'replay',
    ]);
    const daily = out.calls.find((c) => c.query === '日报 格式')!;
    expect(daily).toMatchObject({
      source: 'transcript',
      time: '2026-11-12T02:01:04.000Z',
      line: 4,
      outcome: { kind: 'empty', count: 0, reason: null },
    });
    expect(daily.diagnosis!.code).toBe('keyword-all-words');
    expect(daily.replay!.hits[0]!.path).toBe('memory/daily-report.md');
    expect(
      out.calls
        .filter((c) => c.outcome.kind === 'disabled')
        .every((c) => c.outcome.reason!.startsWith('No API key found for provider "openai".')),
    ).toBe(true);
    expect(out.health.last30Days).toEqual({ calls: 15, withResults: 4 });
  });

  it('prints the health summary and each call with its session line, why, and what Memory Lens finds now', async () => {
    const { code, stdout } = await cli('agent-searches', '--now', NOW, '--since', '2026-11-12', '--agent', 'main');
    expect(code).toBe(0);
    expect(stdout).toContain(
      'agent memory calls: 4 in the last 7 days, 2 got results; 15 in the last 30 days, 4 got results',
    );
    expect(stdout).toContain(
      'main cause: keyword-only search: no chunk holds every word of the query (OpenClaw requires all of them) (4 calls)',
    );
    expect(stdout).toContain('memory_search “车牌号” → nothing [keyword-only]');
    expect(stdout).toContain('why       the answer is in facts/car.md (lines 1–4), which is outside memory/');
    expect(stdout).toContain(
      'session   “日报按什么格式写来着？” sessions/main/8a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5e.jsonl:4',
    );
    expect(stdout).toContain('then      searched again for “Tavily” (line 10)');
    expect(stdout).not.toContain('上周 产品周会'); // before --since
  });

  it('cites what the agent got as OpenClaw does: path#L10 for one line, path#L9-L10 for a range', async () => {
    const { code, stdout } = await cli('agent-searches', '--now', NOW);
    expect(code).toBe(0);
    expect(stdout).toContain('got       MEMORY.md#L10 (1.000), MEMORY.md#L9 (0.979), MEMORY.md#L4 (0.897)');
    expect(stdout).toContain('got       MEMORY.md#L9-L10\n');
  });

  it("a person's CLI search is logged only with --log, and then listed as a person's, not the agent's", async () => {
    expect((await cli('search', 'Tavily', '--json')).code).toBe(0);
    const out = JSON.parse((await cli('agent-searches', '--json', '--now', NOW)).stdout) as { calls: CallJson[] };
    expect(out.calls.some((c) => c.source === 'person')).toBe(false);
    expect((await cli('search', 'Tavily', '--log')).code).toBe(0);
    const logged = JSON.parse((await cli('agent-searches', '--json')).stdout) as {
      calls: CallJson[];
      health: { all: { calls: number } };
    };
    expect(logged.calls[0]).toMatchObject({
      source: 'person',
      query: 'Tavily',
      session: null,
      outcome: { kind: 'results' },
    });
    // People's searches are not the agent's: the health summary does not count them.
    expect(logged.health.all.calls).toBe(15);
  });

  it('memlens status carries the same health summary', async () => {
    const { code, stdout } = await cli('status');
    expect(code).toBe(0);
    expect(stdout).toMatch(/agent {7}agent memory calls: \d+ in the last 7 days/);
    expect(stdout).toContain('main cause: keyword-only search');
    expect(stdout).toContain('the calls: memlens agent-searches');
    const json = JSON.parse((await cli('status', '--json')).stdout) as { agentCalls: { all: { calls: number } } };
    expect(json.agentCalls.all.calls).toBe(15);
  });

  it('--lang zh-CN: the health summary, each call and why it came back empty read in Chinese', async () => {
    const { code, stdout } = await cli('agent-searches', '--now', NOW, '--since', '2026-11-12', '--lang', 'zh-CN');
    expect(code).toBe(0);
    expect(stdout).toContain('智能体的记忆调用：最近 7 天 4 次，2 次有结果；最近 30 天 15 次，4 次有结果');
    expect(stdout).toContain(
      '主要原因：仅关键词搜索：没有哪个分块包含查询的全部词语（OpenClaw 要求全部命中）（4 次调用）',
    );
    expect(stdout).toContain('诊断      答案在 facts/car.md（第 1–4 行），它在 memory/ 之外');
    expect(stdout).toContain('memory_search “车牌号” → 什么也没找到 [仅关键词]');
    expect(stdout).toContain('随后      再次搜索“Tavily”（第 10 行）');
    // Only OpenClaw's own reasons (quoted from its results) stay English; none of our sentences do.
    const ours = stdout.split('\n').filter((line) => !line.startsWith('    原因'));
    expect(ours.flatMap((line) => englishLeft(line))).toEqual([]);
  });

  it('--since reads what memlens changes reads: relative English and Chinese, against --now', async () => {
    const since = async (value: string) => {
      const { code, stdout } = await cli('agent-searches', '--json', '--now', NOW, '--since', value);
      expect(code, value).toBe(0);
      return (JSON.parse(stdout) as { calls: CallJson[] }).calls.map((c) => c.time);
    };
    const fromDate = await since('2026-11-12');
    expect(fromDate.length).toBeGreaterThan(0);
    expect(fromDate.every((time) => Date.parse(time) >= new Date('2026-11-12T00:00:00').getTime())).toBe(true);
    // 19 days before NOW is the same moment in either language.
    const english = await since('19 days ago');
    expect(english.length).toBeGreaterThan(0);
    expect(await since('19天前')).toEqual(english);
    expect(english.every((time) => Date.parse(time) >= Date.parse(NOW) - 19 * 86_400_000)).toBe(true);
  });

  it('a --since it cannot read is a usage error, in Chinese with --lang zh-CN', async () => {
    const en = await cli('agent-searches', '--since', 'the day the music died');
    expect(en.code).toBe(2);
    expect(en.stderr).toContain('--since: cannot read "the day the music died" as a date or time');
    const zh = await cli('agent-searches', '--since', 'the day the music died', '--lang', 'zh-CN');
    expect(zh.code).toBe(2);
    expect(zh.stderr).toContain('--since：无法把 "the day the music died" 读成日期或时间');
  });
});
