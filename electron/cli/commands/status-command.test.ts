// memlens status on the OpenClaw 2026.9.6 state folder OpenClaw's own code made: the agent
// database's sessions and the agent's own index against the files, as text and as --json.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentDatabasesReportSchema } from '../../../shared/agent-db-schemas.js';
import { copyOpenclawFixture, type OpenclawCopy } from '../../memory/agent-db/test-support/openclaw-fixture.js';
import { englishLeft } from '../../../shared/test-support/english-left.js';
import { runCaptured } from '../test-support/capture-io.js';

let copy: OpenclawCopy;
afterEach(() => copy?.remove());

describe('memlens status', () => {
  it("lists the agent database's sessions and the agent-index comparison, reading it without changing it", async () => {
    copy = copyOpenclawFixture();
    const before = copy.databaseHashes();
    const home = path.dirname(copy.home);
    const args = ['--workspace', copy.workspace, '--data-dir', copy.dataDir];
    const json = await runCaptured(home, ['status', '--json', ...args]);
    expect(json.code).toBe(0);
    const report = AgentDatabasesReportSchema.parse(
      (JSON.parse(json.stdout) as { agentDatabases: unknown }).agentDatabases,
    );
    const main = report.databases.find((d) => d.agentId === 'main')!;
    expect(main.sessions.map((s) => [s.kind, s.archived])).toEqual([
      ['cron', null],
      ['interactive', null],
      ['heartbeat', null],
      ['interactive', 'deleted'],
    ]);
    expect(main.index!.counts).toEqual({ current: 4, stale: 1, missing: 1, extra: 1 });

    const text = await runCaptured(home, ['status', ...args]);
    expect(text.stdout).toMatch(/agent index revision \d+: 4 current, 1 stale, 1 missing, 1 extra/);
    expect(text.stdout).toContain('stale    memory/2026-09-01.md (1 chunks)');
    expect(text.stdout).toContain('agent:main:cron:nightly-digest:run:8821');
    expect(text.stdout).toMatch(/^state {7}serving$/m);
    expect(text.stdout).toMatch(/^mode {8}fts-only — /m);
    expect(copy.databaseHashes()).toEqual(before);
  });

  it('--lang zh-CN words the agent database block in Chinese', async () => {
    copy = copyOpenclawFixture();
    const home = path.dirname(copy.home);
    const args = ['--workspace', copy.workspace, '--data-dir', copy.dataDir, '--lang', 'zh-CN'];
    const text = await runCaptured(home, ['status', ...args]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^数据库 {6}main：\S+（(正常|部分读取)）$/m);
    // The index's state and the search mode by id, not the engine's codes (serving, fts-only).
    expect(text.stdout).toMatch(/^状态 {8}正常服务$/m);
    expect(text.stdout).toMatch(/^模式 {8}仅关键词 — 没有配置嵌入模型$/m);
    expect(text.stdout).toMatch(/^向量 {8}0 个存于 无；缓存 0 条$/m);
    expect(text.stdout).toMatch(/^ {2}会话 {2}4 个（1 个已归档）$/m);
    expect(text.stdout).toMatch(/智能体索引修订 \d+：4 个最新，1 个过期，1 个缺失，1 个多余/);
    expect(text.stdout).toContain('过期     memory/2026-09-01.md（1 个分块）');
    const block = text.stdout.slice(text.stdout.indexOf('数据库'), text.stdout.indexOf('\n智能体 '));
    // Session rows hold OpenClaw's session kinds and keys, as OpenClaw names them.
    const said = block.split('\n').filter((l) => !/^ {4}\S+\.jsonl/.test(l));
    expect(said.flatMap((l) => englishLeft(l))).toEqual([]);
  });
});
