// `memlens secrets` on the committed secrets fixture (fake keys): the list says kind, file, line
// and first seen without ever printing a value; --replace and --remove are saves kept in the history.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SecretList } from '../../../shared/secret-calls.js';
import { englishLeft } from '../../../shared/test-support/english-left.js';
import { runCaptured } from '../test-support/capture-io.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../../shared/fixtures/secrets-workspace');
const TAVILY = 'tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS';

let tmp: string;
let workspace: string;
const cli = (...argv: string[]) =>
  runCaptured(tmp, [...argv, '--workspace', workspace, '--data-dir', path.join(tmp, 'data')]);

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-secrets-cli-'));
  workspace = path.join(tmp, 'workspace');
  fs.cpSync(FIXTURE, workspace, { recursive: true });
});

describe('memlens secrets', () => {
  it('lists every secret with kind, file, line and first seen, and no value', async () => {
    const out = await cli('secrets', '--json');
    expect(out.code).toBe(0);
    expect(out.stdout).not.toContain(TAVILY);
    expect(out.stdout).not.toContain('hunter2');
    const list = JSON.parse(out.stdout) as SecretList;
    const memory = list.secrets.filter((s) => s.path === 'MEMORY.md');
    expect(memory.map((s) => [s.line, s.kind, s.label])).toEqual([
      [3, 'tavily', 'tvly-…3HCS'],
      [4, 'voyage', 'pa-…f7Gh'],
      [5, 'openai', 'sk-…8tUv'],
      [6, 'anthropic', 'sk-ant-…Mn2o'],
      [7, 'github', 'github …abcd'],
      [8, 'aws', 'aws …MPLE'],
      [9, 'slack', 'xox…GHIJ'],
      [10, 'google', 'google …5p6Q'],
      [11, 'password', 'password •••••• (7)'],
      [12, 'password', 'password •••••• (6)'],
      [13, 'password', 'password •••••• (6)'],
      [14, 'token', 'token …Ij90'],
    ]);
    // The history's first version of MEMORY.md (its baseline) already held every value.
    expect(memory.every((s) => s.firstSeen !== null && s.fixable)).toBe(true);
    expect(list.secrets).toContainEqual(
      expect.objectContaining({ path: 'memory/2026-12-01.md', line: 5, kind: 'private-key', fixable: true }),
    );
    const session = list.secrets.filter((s) => s.source === 'sessions');
    expect(session.length).toBeGreaterThan(0);
    expect(session.every((s) => !s.fixable && s.firstSeen === null)).toBe(true);
    expect(list.notices[0]).toContain('git filter-repo');

    const human = await cli('secrets');
    expect(human.stdout).toContain('MEMORY.md:3');
    expect(human.stdout).toContain('tvly-…3HCS');
    expect(human.stdout).not.toContain(TAVILY);
  });

  it('replaces a value with a placeholder and removes a line, each a new history version', async () => {
    await cli('secrets');
    const replaced = await cli('secrets', '--replace', 'MEMORY.md:3');
    expect(replaced.code, replaced.stderr).toBe(0);
    const removed = await cli('secrets', '--remove', 'MEMORY.md:11');
    expect(removed.code, removed.stderr).toBe(0);
    const text = fs.readFileSync(path.join(workspace, 'MEMORY.md'), 'utf8');
    expect(text).toContain('- Roger provided API key <in password manager> for Tavily search.');
    expect(text).not.toContain(TAVILY);
    expect(text).not.toContain('sudo password');
    expect(text).toContain('- dashboard 密码：abc123');

    const history = JSON.parse((await cli('history', 'MEMORY.md', '--json')).stdout) as {
      versions: { kind: string; author: { kind: string } }[];
    };
    expect(history.versions.slice(0, 2).map((v) => [v.kind, v.author.kind])).toEqual([
      ['save', 'you'],
      ['save', 'you'],
    ]);
    const after = JSON.parse((await cli('secrets', '--json')).stdout) as SecretList;
    const kinds = after.secrets.filter((s) => s.path === 'MEMORY.md').map((s) => s.kind);
    expect(kinds).not.toContain('tavily');
    expect(kinds.filter((k) => k === 'password')).toHaveLength(2);
  });

  it('refuses a line without a listed secret', async () => {
    const out = await cli('secrets', '--remove', 'MEMORY.md:1');
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('no secret listed at MEMORY.md:1');
  });

  it('--lang zh-CN lists them and says what a fix did in Chinese; English stays the default', async () => {
    const english = await cli('secrets');
    expect(english.stdout).toMatch(/^\d+ secrets found:\n/);
    expect(english.stdout).toContain('If the workspace is a git repository');
    const zh = await cli('secrets', '--lang', 'zh-CN');
    expect(zh.code).toBe(0);
    const lines = zh.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^找到 \d+ 个密钥：$/);
    expect(zh.stdout).toMatch(/^MEMORY\.md:3 +\S+ +tvly-…3HCS/m);
    expect(zh.stdout).toContain('如果工作区是一个 git 仓库');
    // Rows hold paths, kind names (anthropic, tavily) and masked labels; the rest is sentences.
    const said = [lines[0]!, ...lines.slice(lines.indexOf(''))];
    expect(said.flatMap((l) => englishLeft(l))).toEqual([]);
    const replaced = await cli('secrets', '--replace', 'MEMORY.md:3', '--lang', 'zh-CN');
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toMatch(/^已替换 MEMORY\.md 第 3 行的值（tvly-…3HCS）；已保存为新的历史版本。\n/);
  });
});
