// memlens context, run in-process as a user would run it: real files, a real openclaw.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContextReportSchema } from '../../../shared/context-schemas.js';
import { englishLeft } from '../../../shared/test-support/english-left.js';
import { runCli } from '../main.js';
import { captureIo, runCaptured, type Captured } from '../test-support/capture-io.js';
import { columns } from '../text-columns.js';

let tmp: string;
let workspace: string;

function cli(...argv: string[]): Promise<Captured> {
  return runCaptured(tmp, [...argv, '--workspace', workspace, '--data-dir', path.join(tmp, 'data')]);
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cli-context-'));
  workspace = path.join(tmp, 'workspace');
  fs.mkdirSync(workspace);
  let memory = '';
  for (let i = 1; memory.length < 24_000; i++) memory += `- Fact number ${i}: the router in room ${i} was replaced.\n`;
  memory +=
    '\n## Promoted From Short-Term Memory (2026-04-01)\n<!-- openclaw-memory-promotion:a1 -->\n- The NAS backs up nightly.\n';
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), memory);
  fs.writeFileSync(path.join(workspace, 'AGENTS.md'), '# Agents\n\nAlways cite memory files.\n');
  fs.mkdirSync(path.join(tmp, '.openclaw'));
  fs.writeFileSync(
    path.join(tmp, '.openclaw', 'openclaw.json'),
    '{\n  // trailing commas and comments are fine (JSON5)\n  agents: { entries: { work: { bootstrapMaxChars: 30000, }, home: {} } },\n}\n',
  );
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('memlens context', () => {
  it('prints each bootstrap file in injection order, what is cut and where the limits came from', async () => {
    const { code, stdout } = await cli('context');
    expect(code).toBe(0);
    expect(stdout).toContain(`config     ${path.join(tmp, '.openclaw', 'openclaw.json')}`);
    expect(stdout).toMatch(/per file {3}20,000 — not set in .*openclaw\.json; OpenClaw 2026\.9\.6 built-in default/);
    const order = ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'BOOTSTRAP.md', 'MEMORY.md'].map((name) =>
      stdout.indexOf(` ${name} `),
    );
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(stdout).toMatch(/6 {2}MEMORY\.md .* CUT/);
    expect(stdout).toMatch(/the agent will not see lines \d+–\d+/);
  });

  it("--agent uses that agent's limits; --limits overrides; --json is the contract's report", async () => {
    const work = await cli('context', '--agent', 'work', '--json');
    expect(work.code).toBe(0);
    const report = ContextReportSchema.parse(JSON.parse(work.stdout));
    expect(report.limits.perFile).toMatchObject({ value: 30_000, source: 'config-agent' });
    expect(report.files.find((f) => f.name === 'MEMORY.md')!.status).toBe('full');

    const tight = ContextReportSchema.parse(
      JSON.parse((await cli('context', '--limits', 'per-file=1000,total=1100', '--json')).stdout),
    );
    expect(tight.limits.total).toMatchObject({ value: 1_100, source: 'override' });
    expect(tight.files.find((f) => f.name === 'MEMORY.md')!.cap).toMatchObject({ kind: 'remaining-total' });
  });

  it('--show prints exactly what the agent receives, marker included', async () => {
    const { code, stdout } = await cli('context', '--show', 'MEMORY.md');
    expect(code).toBe(0);
    expect(stdout).toContain('[...truncated, read MEMORY.md for full content...]');
    expect(stdout.startsWith('- Fact number 1:')).toBe(true);
    expect(stdout.length).toBe(19_999 + 1);
  });

  it('older releases are selectable; bad flags are usage errors', async () => {
    const old = ContextReportSchema.parse(
      JSON.parse((await cli('context', '--openclaw-version', '2026.4.15', '--json')).stdout),
    );
    expect(old.limits.perFile.value).toBe(12_000);
    expect(old.files.map((f) => f.name)).toContain('TOOLS.md');
    expect((await cli('context', '--openclaw-version', '1.0')).code).toBe(2);
    expect((await cli('context', '--limits', 'perfile=abc')).code).toBe(2);
    const config = path.join(tmp, 'other.json5');
    fs.writeFileSync(config, '{ agents: { defaults: { bootstrapTotalMaxChars: 12345 } } }');
    const explicit = ContextReportSchema.parse(
      JSON.parse((await cli('context', '--openclaw-config', 'other.json5', '--json')).stdout),
    );
    expect(explicit.limits.total).toMatchObject({
      value: 12_345,
      detail: `agents.defaults.bootstrapTotalMaxChars in ${config}`,
    });
  });
});

describe('memlens context in Simplified Chinese', () => {
  it('--lang zh-CN words the report in Chinese, its table aligned; English stays the default', async () => {
    const { code, stdout } = await cli('context', '--lang', 'zh-CN');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('会话开始时智能体看到的内容 — 按 OpenClaw 2026.9.6 的算法');
    expect(stdout).toMatch(/^单个文件 {3}20,000 — .*openclaw\.json 中未设置；使用 OpenClaw 2026\.9\.6 的内置默认值$/m);
    expect(stdout).toMatch(/^6 {2}MEMORY\.md .* 被截断$/m);
    expect(stdout).toMatch(/智能体将看不到第 \d+–\d+ 行/);
    expect(stdout).toMatch(/^合计注入 {2}[\d,]+ \/ [\d,]+（[\d.]+%），剩余 [\d,]+$/m);
    expect(stdout).toMatch(/^ {2}提升于 2026-04-01 {2}第 \d+–\d+ 行 · [\d,]+ 字符 · 1 条$/m);
    expect(stdout).toMatch(/^备注：按 OpenClaw 2026\.9\.6 的主（直接）会话还原/m);
    // The status column starts at the same terminal column in the header and every row.
    const header = lines.find((l) => l.startsWith('#  文件'))!;
    const at = columns(header.slice(0, header.indexOf('状态')));
    const cut = lines.find((l) => l.includes('被截断'))!;
    expect(columns(cut.slice(0, cut.indexOf('被截断')))).toBe(at);
    // OpenClaw's own log lines are quoted as OpenClaw writes them; everything else is Chinese.
    const log = lines.indexOf('OpenClaw 关于此预算的日志：');
    const ours = log < 0 ? lines : [...lines.slice(0, log), ...lines.slice(lines.indexOf('', log))];
    expect(ours.flatMap((l) => englishLeft(l))).toEqual([]);

    const english = await cli('context');
    expect(english.stdout.split('\n')[0]).toBe('What the agent sees at session start — OpenClaw 2026.9.6 arithmetic');
    expect(english.stdout).toMatch(/^ {2}Promoted 2026-04-01 {2}lines \d+–\d+ · [\d,]+ chars · 1 entry$/m);
  });

  it('words an openclaw.json it cannot read by its errno, with the path, in Chinese and in English', async () => {
    // A symlink loop: stat fails with ELOOP (EACCES cannot be made when the tests run as root).
    const loop = path.join(tmp, 'loop.json');
    fs.symlinkSync(path.join(tmp, 'loop-back.json'), loop);
    fs.symlinkSync(loop, path.join(tmp, 'loop-back.json'));
    const zh = await cli('context', '--openclaw-config', loop, '--lang', 'zh-CN');
    expect(zh.code).toBe(0);
    const line = zh.stdout.split('\n').find((l) => l.includes(' — 无效：'))!;
    expect(line).toContain(`无效：${loop}：符号链接层数过多（链接绕回了自身）（ELOOP）`);
    expect(zh.stdout).not.toContain('too many symbolic links');
    const en = await cli('context', '--openclaw-config', loop);
    expect(en.stdout).toContain(`invalid: ${loop}: too many levels of symlinks (a symlink loop) (ELOOP)`);
  });

  it('MEMLENS_LANG=zh-CN does the same, --show included', async () => {
    const { io, out } = captureIo(tmp, { MEMLENS_LANG: 'zh-CN' });
    const args = ['--workspace', workspace, '--data-dir', path.join(tmp, 'data')];
    expect(await runCli(['context', '--show', 'BOOTSTRAP.md', ...args], io)).toBe(0);
    expect(out.join('')).toBe('（BOOTSTRAP.md 未注入：不存在（可选文件，不注入任何内容））\n');
  });
});
