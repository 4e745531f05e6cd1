// The context report on real folders: files read as OpenClaw reads them, limits from a real
// openclaw.json (JSON5) found where OpenClaw looks, and the budget outcome per file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContextArgs, ContextReport } from '../../../shared/domain.js';
import { localText, translator } from '../../../shared/i18n.js';
import { englishLeft } from '../../../shared/test-support/english-left.js';
import { buildContextReport } from './context-report.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function letters(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += 'abcdefghijklmnopqrstuvwxyz'[i % 26];
  return s;
}

/** `n` characters in lines of 99 letters + "\n", so line numbers are easy to predict. */
function lines(n: number): string {
  let s = '';
  while (s.length < n) s += `${letters(99)}\n`;
  return s.slice(0, n);
}

function setup(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-context-'));
  roots.push(root);
  const workspace = path.join(root, 'home', '.openclaw', 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  for (const [rel, text] of Object.entries(files)) fs.writeFileSync(path.join(workspace, rel), text);
  const home = path.join(root, 'home');
  const env: Record<string, string> = { HOME: home };
  return {
    root,
    workspace,
    home,
    env,
    writeConfig(text: string, file = path.join(home, '.openclaw', 'openclaw.json')) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      return file;
    },
    report(args: ContextArgs = {}) {
      return buildContextReport({ ...args, workspaceDir: workspace, config: { env } });
    },
  };
}

describe('context report', () => {
  it('lists the 2026.9.6 files in injection order, with what is cut as line ranges', async () => {
    const t = setup({
      'MEMORY.md': lines(20_001),
      'USER.md': letters(4_001),
      'SOUL.md': 'Be kind.\n',
      'TOOLS.md': 'ssh: ok\n',
    });
    const report = await t.report();
    expect(report.files.map((f) => [f.order, f.name, f.status])).toEqual([
      [1, 'AGENTS.md', 'missing'],
      [2, 'SOUL.md', 'full'],
      [3, 'IDENTITY.md', 'missing'],
      [4, 'USER.md', 'truncated'],
      [5, 'BOOTSTRAP.md', 'absent'],
      [6, 'MEMORY.md', 'truncated'],
      [null, 'TOOLS.md', 'not-loaded'],
    ]);
    const agents = report.files[0]!;
    // The [MISSING] note names the absolute path, so its length depends on where the workspace is.
    expect(agents.injectedChars).toBe(`[MISSING] Expected at: ${path.join(t.workspace, 'AGENTS.md')}`.length);
    const memory = report.files[5]!;
    expect(memory).toMatchObject({
      measuredChars: 20_001,
      injectedChars: 19_999,
      cap: { kind: 'per-file', value: 20_000 },
    });
    // Head 14,917 characters = lines 1–149 and 17 characters of line 150; tail 4,972 from line 151 on.
    expect(memory.dropped).toEqual([{ from: 14_917, to: 15_029, startLine: 150, endLine: 151 }]);
    expect(report.files[3]!.cap).toEqual({ kind: 'user', value: 4_000 });
    expect(report.limits.perFile).toMatchObject({ value: 20_000, source: 'default' });
    expect(report.totals.injectedChars).toBe(report.files.reduce((n, f) => n + f.injectedChars, 0));
    expect(report.config).toMatchObject({ status: 'not-found', path: null });
  });

  it('gives the exact injected text with its marker, and the prompt form with its heading', async () => {
    const t = setup({ 'MEMORY.md': lines(20_001) });
    const memory = (await t.report({ includeText: true })).files.find((f) => f.name === 'MEMORY.md')!;
    expect(memory.injectedText).toHaveLength(19_999);
    expect(memory.injectedText).toContain(
      '\n\n[...truncated, read MEMORY.md for full content...]\n…(truncated MEMORY.md: kept 14917+4972 chars of 20001)…\n\n',
    );
    expect(memory.promptText!.startsWith(`## ${path.join(t.workspace, 'MEMORY.md')}\n`)).toBe(true);
  });

  it('reads limits from openclaw.json (JSON5), per agent in 2026.9.6, and says where each came from', async () => {
    const t = setup({ 'MEMORY.md': lines(16_000) });
    const file = t.writeConfig(`// OpenClaw config, hand-edited
{
  agents: {
    defaults: { bootstrapMaxChars: 15000, bootstrapTotalMaxChars: 40000, },
    entries: {
      work: { bootstrapMaxChars: 50000, workspace: '~/w' },
      bad: { bootstrapMaxChars: 0 },
    },
  },
}
`);
    const defaults = await t.report();
    expect(defaults.config).toMatchObject({ status: 'found', path: file });
    expect(defaults.agent).toMatchObject({ id: null, configured: ['work', 'bad'] });
    expect(defaults.limits.perFile).toMatchObject({
      value: 15_000,
      source: 'config-defaults',
      detail: `agents.defaults.bootstrapMaxChars in ${file}`,
    });
    expect(defaults.limits.total).toMatchObject({ value: 40_000, source: 'config-defaults' });
    expect(defaults.files.find((f) => f.name === 'MEMORY.md')!.status).toBe('truncated');

    const work = await t.report({ agent: 'Work' });
    expect(work.agent.id).toBe('work');
    expect(work.limits.perFile).toMatchObject({
      value: 50_000,
      source: 'config-agent',
      detail: `agents.entries.work.bootstrapMaxChars in ${file}`,
    });
    // The agent's 50,000 per file is still bounded by the 40,000 total.
    expect(work.files.find((f) => f.name === 'MEMORY.md')!.status).toBe('full');

    // OpenClaw falls back to its built-in default, not to agents.defaults, for an invalid agent value.
    const bad = await t.report({ agent: 'bad' });
    expect(bad.limits.perFile.value).toBe(20_000);
    expect(bad.limits.perFile.detail).toContain('agents.entries.bad.bootstrapMaxChars = 0');

    // 2026.2.26 reads agents.defaults only.
    const old = await t.report({ agent: 'work', openclawVersion: '2026.2.26' });
    expect(old.limits.perFile).toMatchObject({ value: 15_000, source: 'config-defaults' });

    const overridden = await t.report({ agent: 'work', limits: { total: 90_000 } });
    expect(overridden.limits.total).toMatchObject({ value: 90_000, source: 'override' });
    expect(overridden.limits.perFile.source).toBe('config-agent');
  });

  it('the agent whose workspace is the open folder is chosen over the default one', async () => {
    const t = setup({ 'MEMORY.md': lines(100) });
    t.writeConfig(`{ agents: { entries: {
      main: { default: true, workspace: '~/elsewhere', bootstrapMaxChars: 11000 },
      research: { workspace: '~/.openclaw/workspace', bootstrapMaxChars: 33000 },
    } } }`);
    const report = await t.report();
    expect(report.agent).toMatchObject({ id: 'research', how: 'its workspace is this folder (openclaw.json)' });
    expect(report.limits.perFile).toMatchObject({ value: 33_000, source: 'config-agent' });
    // Asked for by name, the named one still wins.
    expect((await t.report({ agent: 'main' })).agent.id).toBe('main');
  });

  it('looks where OpenClaw looks: OPENCLAW_CONFIG_PATH, then OPENCLAW_STATE_DIR, then ~/.openclaw; the legacy agents.list too', async () => {
    const t = setup({ 'MEMORY.md': 'x\n' });
    t.writeConfig('{ agents: { defaults: { bootstrapMaxChars: 1111 } } }');
    const stateFile = t.writeConfig(
      '{ agents: { defaults: { bootstrapMaxChars: 2222 } } }',
      path.join(t.root, 'state', 'openclaw.json'),
    );
    const explicit = t.writeConfig(
      "{ agents: { list: [ { id: 'solo', bootstrapMaxChars: 3333 } ] } }",
      path.join(t.root, 'elsewhere.json5'),
    );
    expect((await t.report()).limits.perFile.value).toBe(1111);
    t.env.OPENCLAW_STATE_DIR = path.join(t.root, 'state');
    expect((await t.report()).config.path).toBe(stateFile);
    t.env.OPENCLAW_CONFIG_PATH = explicit;
    const report = await t.report();
    expect(report.config.searched).toEqual([explicit]);
    expect(report.agent).toMatchObject({ id: 'solo', how: 'the only agent in openclaw.json' });
    expect(report.limits.perFile).toMatchObject({
      value: 3333,
      detail: `agents.list[0].bootstrapMaxChars in ${explicit}`,
    });
  });

  it('an invalid openclaw.json is reported with its parse error and the built-in limits apply', async () => {
    const t = setup({ 'MEMORY.md': 'x\n' });
    t.writeConfig('{ agents: { defaults: { bootstrapMaxChars: 5000 } }');
    const report = await t.report();
    expect(report.config.status).toBe('invalid');
    expect(report.config.error).toMatch(/JSON5/);
    expect(report.limits.perFile).toMatchObject({ value: 20_000, source: 'default' });
  });

  it('earlier files can use up the total: MEMORY.md is then left out whole', async () => {
    const t = setup({
      'AGENTS.md': letters(20_000),
      'SOUL.md': letters(20_000),
      'IDENTITY.md': letters(19_950),
      'MEMORY.md': 'Remember the router password rotation.\n',
    });
    const memory = (await t.report()).files.find((f) => f.name === 'MEMORY.md')!;
    expect(memory).toMatchObject({ status: 'over-budget', remainingBefore: 50, injectedChars: 0, cap: null });
    expect(memory.dropped).toEqual([{ from: 0, to: 38, startLine: 1, endLine: 1 }]);
    expect(memory.note).toContain('Only 50 characters of the total were left');
  });

  it('older releases: TOOLS.md and HEARTBEAT.md are asked for, and 2026.2.26 loads MEMORY.md and memory.md both', async () => {
    const t = setup({ 'MEMORY.md': 'upper\n', 'memory.md': 'lower\n' });
    const old = await t.report({ openclawVersion: '2026.2.26' });
    expect(old.files.map((f) => `${f.name}:${f.status}`)).toEqual([
      'AGENTS.md:missing',
      'SOUL.md:missing',
      'TOOLS.md:missing',
      'IDENTITY.md:missing',
      'USER.md:missing',
      'HEARTBEAT.md:missing',
      'BOOTSTRAP.md:missing',
      'MEMORY.md:full',
      'memory.md:full',
    ]);
    expect(old.limits.total.value).toBe(150_000);
    const mid = await t.report({ openclawVersion: '2026.4.15' });
    expect(mid.files.find((f) => f.name === 'memory.md')!.status).toBe('not-loaded');
    expect(mid.limits.perFile.value).toBe(12_000);
    const current = await t.report();
    expect(current.files.find((f) => f.name === 'memory.md')).toMatchObject({ status: 'not-loaded', order: null });
  });

  it.skipIf(process.platform === 'win32')('never reads a bootstrap name that leads outside the workspace', async () => {
    const t = setup({});
    const secret = path.join(t.root, 'secret.md');
    fs.writeFileSync(secret, 'TOP SECRET\n');
    fs.symlinkSync(secret, path.join(t.workspace, 'SOUL.md'));
    const report = await t.report({ includeText: true });
    const soul = report.files.find((f) => f.name === 'SOUL.md')!;
    expect(soul.status).toBe('unreadable');
    expect(soul.note).toContain('outside the workspace');
    expect(JSON.stringify(report)).not.toContain('TOP SECRET');
  });

  it('lists the sections dreaming promoted into MEMORY.md, oldest first', async () => {
    const t = setup({
      'MEMORY.md':
        '# Long-Term Memory\n\n## Promoted From Short-Term Memory (2026-06-12)\n\n<!-- openclaw-memory-promotion:memory:memory/a.md:1:2 -->\n- A.\n\n## Promoted From Short-Term Memory (2026-05-01)\n\n<!-- openclaw-memory-promotion:memory:memory/b.md:1:2 -->\n- B.\n',
    });
    const report = await t.report();
    expect(report.promoted.map((p) => [p.date, p.startLine, p.entries])).toEqual([
      ['2026-05-01', 8, 1],
      ['2026-06-12', 3, 1],
    ]);
  });

  it('words every sentence it makes in Chinese by id, the English kept beside it', async () => {
    const zh = translator('zh-CN');
    /** Every engine-made sentence of a report, each in the Chinese interface. */
    const chinese = (r: ContextReport) => [
      localText(zh, { message: r.agent.how, messageId: r.agent.howId, params: r.agent.howParams }),
      ...[r.limits.perFile, r.limits.total].map((l) =>
        localText(zh, { message: l.detail, messageId: l.detailId, params: l.detailParams }),
      ),
      ...r.notes.map((n, i) => localText(zh, { message: n, ...r.noteRefs![i] })),
      ...r.files.flatMap((f) =>
        f.note === null ? [] : [localText(zh, { message: f.note, messageId: f.noteId, params: f.noteParams })],
      ),
    ];
    const t = setup({
      'AGENTS.md': 'x'.repeat(59_990),
      'TOOLS.md': 'tools\n',
      'HEARTBEAT.md': 'beat\n',
      'memory.md': 'lower\n',
      'MEMORY.md': 'upper\n',
      'BOOTSTRAP.md': 'setup\n',
    });
    const said: string[] = [];
    const english: string[] = [];
    const take = (r: ContextReport) => {
      said.push(...chinese(r));
      english.push(...r.notes, ...r.files.flatMap((f) => (f.note === null ? [] : [f.note])));
    };
    take(await t.report());
    take(await t.report({ limits: { perFile: 5, total: 100 } }));
    take(await t.report({ openclawVersion: '2026.4.15', agent: 'x' }));
    t.writeConfig('{ agents: { defaults: { bootstrapMaxChars: 0 }, entries: { a: {}, b: {} } } }');
    take(await t.report());
    take(await t.report({ agent: 'zz' }));
    t.writeConfig('{ agents: { defaults: { bootstrapTotalMaxChars: 70000 } } }');
    take(await t.report());
    t.writeConfig('{ bad json');
    take(await t.report());

    // The JSON5 parser's own error is quoted as it is.
    const ours = said.map((s) => s.replace(/（JSON5: [^）]*）/, ''));
    expect(ours.filter((s) => englishLeft(s).length > 0)).toEqual([]);
    expect(said).toContain('OpenClaw 2026.9.6 不再把 TOOLS.md 加载进提示词。');
    expect(said).toContain('总预算只剩 0 个字符（OpenClaw 至少需要 64 个）；智能体看不到这个文件。');
    expect(said).toContain('OpenClaw 2026.4.15 只在没有 MEMORY.md 时才加载 memory.md。');
    expect(said).toContain('智能体“zz”不在 openclaw.json 中；对它适用 agents.defaults。');
    expect(said).toContain('它的工作区就是这个文件夹（openclaw.json）');
    // The API keeps the English sentences.
    expect(english).toContain('OpenClaw 2026.4.15 loads memory.md only when there is no MEMORY.md.');
    expect(english).toContain('Agent "zz" is not in openclaw.json; agents.defaults apply to it.');
  });
});
