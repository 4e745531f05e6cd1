import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse, SearchResult } from '../../shared/domain.js';
import { computeFinalScore } from '../../shared/score.js';
import { normalizeOptionalValueFlags, resolveCommonSettings } from './common-options.js';
import { TINY_MODEL_ID, writeTinyModel } from '../memory/embed/test-support/tiny-model.js';
import { runCli } from './main.js';
import { captureIo, runCaptured, type Captured } from './test-support/capture-io.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '..', '..');

let tmp: string;
let workspace: string;
let dataDir: string;

function write(rel: string, text: string): void {
  const abs = path.join(workspace, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}

function cli(...argv: string[]): Promise<Captured> {
  const defaults = argv.includes('--data-dir')
    ? ['--workspace', workspace]
    : ['--workspace', workspace, '--data-dir', dataDir];
  return runCaptured(tmp, [...argv, ...defaults]);
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cli-'));
  workspace = path.join(tmp, 'workspace');
  dataDir = path.join(tmp, 'data');
  write('MEMORY.md', '# Memory\n\nPrefers green tea.\nThe home router admin page is 192.168.1.1.\n');
  write('memory/2026-05-04.md', '# 2026-05-04\n\n下午和客户开会。\n合同金额是12,345万元，下周签字。\n');
  write('memory/2026-05-05.md', '# 2026-05-05\n\nReplaced the router firmware; the network is stable again.\n');
  write('memory/notes.txt', 'not markdown\n');
  for (let i = 0; i < 12; i++)
    write(`memory/topics/filler-${i}.md`, `# Filler ${i}\n\nLunch, weather and books, note ${i}.\n`);
  write(
    'sessions/chat.jsonl',
    [
      JSON.stringify({ type: 'session', id: 's1', timestamp: '2026-05-06T10:00:00Z' }),
      JSON.stringify({
        type: 'message',
        timestamp: '2026-05-06T10:00:01Z',
        message: { role: 'user', content: 'Is the router fixed?' },
      }),
      JSON.stringify({
        type: 'message',
        timestamp: '2026-05-06T10:00:02Z',
        message: { role: 'assistant', content: [{ type: 'text', text: 'Yes, the firmware was updated.' }] },
      }),
    ].join('\n') + '\n',
  );
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('memlens search', () => {
  it('prints memory_search JSON with a breakdown that accounts for every score (auto-indexes first)', async () => {
    const { code, stdout } = await cli('search', '昨天那个合同金额', '--json', '--min-score', '0');
    expect(code).toBe(0);
    const response = JSON.parse(stdout) as SearchResponse;
    expect(Object.keys(response)).toEqual(
      expect.arrayContaining(['results', 'provider', 'model', 'fallback', 'mode', 'notices', 'candidates', 'tookMs']),
    );
    expect(response.mode).toBe('fts-only');
    expect(response.results[0]).toMatchObject({
      path: 'memory/2026-05-04.md',
      source: 'memory',
      startLine: expect.any(Number),
      citation: expect.stringMatching(/^memory\/2026-05-04\.md#L/),
    });
    expect(response.results[0]!.snippet).toContain('合同金额是12,345万元');
    for (const r of response.results) expect(computeFinalScore(r.breakdown)).toBe(r.score);
    // The snippet ends as the MCP memory_search's does, with its Source line.
    for (const r of response.results) expect(r.snippet.endsWith(`\n\nSource: ${r.citation}`)).toBe(true);
  });

  it('finds session transcripts and cites their JSONL lines', async () => {
    const { code, stdout } = await cli('search', 'router fixed', '--json', '--min-score', '0', '--sources', 'sessions');
    expect(code).toBe(0);
    const results = (JSON.parse(stdout) as SearchResponse).results;
    expect(results.map((r) => r.path)).toEqual(['sessions/chat.jsonl']);
    expect(results[0]).toMatchObject({ source: 'sessions', startLine: 2 });
  });

  it('prints ranked results for people, and the breakdown with --explain', async () => {
    const plain = await cli('search', 'router firmware', '--min-score', '0');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/ \d\. \d\.\d{3} {2}memory\/2026-05-05\.md:\d+-\d+ {2}\[memory\] {2}2026-05-05/);
    expect(plain.stdout).not.toContain('keyword  ');
    const explained = await cli('search', 'router firmware', '--min-score', '0', '--explain', '--decay=10', '--mmr');
    // Said in words: what matched, each term's share, the chunk's length; the FTS5 query as a detail.
    expect(explained.stdout).toMatch(/keyword {2}\d\.\d{3} · BM25 rank 1 · Matched 2 of 2 terms\./);
    expect(explained.stdout).toMatch(
      /“firmware” occurs 1× here; \d+ of \d+ chunks contain it — [a-z ]+, weight \d\.\d\d → adds \d\.\d\d\./,
    );
    expect(explained.stdout).toMatch(/This chunk is \d+ tokens, \d\.\d× the average of \d+/);
    expect(explained.stdout).toContain('details  FTS5 MATCH "router" OR "firmwar"');
    expect(explained.stdout).toContain('vector   unavailable');
    // Worded as the UI words it (shared/search-wording.ts): text first, then vector.
    expect(explained.stdout).toContain(
      'weights  text 1.00 · vector 0.00 (configured text 0.3 · vector 0.7, renormalised)',
    );
    expect(explained.stdout).toContain('· Keyword-only: no embedding model configured ·');
    expect(explained.stdout).toMatch(/decay {4}×0\.\d{3} · date 2026-05-05 \(path\)/);
    expect(explained.stdout).toContain('mmr      rank 1 → 1');
    expect(explained.stdout).toMatch(/final {4}\d\.\d{3}/);
  });

  it('treats a bare --decay as "on" without swallowing the query', async () => {
    expect(normalizeOptionalValueFlags(['--decay', 'router', '--mmr', '--', '--decay'], ['decay', 'mmr'])).toEqual([
      '--decay=',
      'router',
      '--mmr=',
      '--',
      '--decay',
    ]);
    const { code, stdout } = await cli('search', '--decay', 'router', '--json', '--min-score', '0');
    expect(code).toBe(0);
    const results = (JSON.parse(stdout) as SearchResponse).results;
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.breakdown.decay.enabled && r.breakdown.decay.halfLifeDays === 30)).toBe(true);
  });

  it('runs a JSONL batch with the engine opened once: one line per query, same result shape', async () => {
    const queries = path.join(tmp, 'queries.jsonl');
    fs.writeFileSync(
      queries,
      `${JSON.stringify({ id: 'q1', query: '合同金额' })}\n\n${JSON.stringify({ id: 7, query: 'router' })}\n`,
    );
    const { code, stdout } = await cli('search', '--queries', queries, '--min-score', '0');
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: unknown; results: SearchResult[] });
    expect(lines.map((l) => l.id)).toEqual(['q1', 7]);
    expect(lines[0]!.results[0]!.path).toBe('memory/2026-05-04.md');
    for (const line of lines) for (const r of line.results) expect(computeFinalScore(r.breakdown)).toBe(r.score);

    fs.writeFileSync(queries, `{"id":"ok","query":"router"}\nnot json\n{"id":"x"}\n`);
    const bad = await cli('search', '--queries', queries);
    expect(bad.code).toBe(1);
    const out = bad.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: unknown; error?: { code: string } });
    expect(out.map((l) => l.id)).toEqual(['ok', 2, 'x']);
    expect(out[1]!.error!.code).toBe('INVALID_ARGUMENT');
  });

  it('refuses bad usage with exit 2 and a one-line message, or a JSON error under --json', async () => {
    const noQuery = await cli('search');
    expect(noQuery.code).toBe(2);
    expect(noQuery.stderr.split('\n')[0]).toBe('memlens search: search needs a QUERY (or --queries FILE.jsonl)');
    const badFlag = await cli('search', 'x', '--max-results', 'lots', '--json');
    expect(badFlag.code).toBe(2);
    expect(JSON.parse(badFlag.stdout)).toEqual({
      error: {
        code: 'INVALID_ARGUMENT',
        message: '--max-results expects an integer ≥ 1 (got "lots")',
        messageId: 'cli:usage.integer',
        params: { flag: '--max-results', min: 1, value: 'lots' },
      },
    });
    const unknown = await cli('search', 'x', '--frobnicate');
    expect(unknown.code).toBe(2);
    expect((await cli('frobnicate')).code).toBe(2);
    const badDate = await cli('search', 'x', '--from', '2026-02-30', '--json');
    expect(badDate.code).toBe(2);
  });
});

describe('memlens search with an embedding model', () => {
  it('runs hybrid with --model/--models, and keyword-only with the reason when the model is missing', async () => {
    const modelsDir = path.join(tmp, 'models');
    await writeTinyModel({ modelsDir });
    const hybrid = await cli(
      'search',
      'router firmware',
      '--json',
      '--min-score',
      '0',
      '--model',
      TINY_MODEL_ID,
      '--models',
      modelsDir,
      '--data-dir',
      path.join(tmp, 'data-hybrid'),
    );
    expect(hybrid.code).toBe(0);
    const response = JSON.parse(hybrid.stdout) as SearchResponse;
    expect(response.mode).toBe('hybrid');
    expect(response.results.some((r) => r.breakdown.vector && !('unavailable' in r.breakdown.vector))).toBe(true);
    for (const r of response.results) expect(computeFinalScore(r.breakdown)).toBe(r.score);

    const missing = await cli(
      'search',
      'router',
      '--json',
      '--min-score',
      '0',
      '--model',
      'test/absent-model',
      '--models',
      modelsDir,
      '--data-dir',
      path.join(tmp, 'data-missing'),
    );
    expect(missing.code).toBe(0);
    const fallback = JSON.parse(missing.stdout) as SearchResponse;
    expect(fallback.mode).toBe('fts-only');
    expect(fallback.modeReason).toEqual(expect.any(String));
    expect(fallback.results.length).toBeGreaterThan(0);
  });
});

describe('memlens get', () => {
  it('prints the requested lines of a memory file', async () => {
    const { code, stdout } = await cli('get', 'MEMORY.md', '--from', '3', '--lines', '2');
    expect(code).toBe(0);
    expect(stdout).toBe('Prefers green tea.\nThe home router admin page is 192.168.1.1.\n');
    const json = await cli('get', 'memory/2026-05-04.md', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({
      path: 'memory/2026-05-04.md',
      text: expect.stringContaining('合同金额'),
    });
  });

  it('refuses ../x, absolute paths and non-.md files with a non-zero exit', async () => {
    for (const bad of [
      '../x.md',
      '../x',
      path.join(workspace, 'MEMORY.md'),
      'memory/notes.txt',
      'sessions/chat.jsonl',
    ]) {
      const r = await cli('get', bad);
      expect(r.code, bad).not.toBe(0);
      expect(r.stderr, bad).toMatch(/^memlens get: .+\n/);
      expect(r.stdout, bad).toBe('');
    }
    const json = await cli('get', '../x', '--json');
    expect(json.code).not.toBe(0);
    expect(JSON.parse(json.stdout).error.code).toBe('OUT_OF_ROOT');
  });
});

describe('memlens index / status / watch / help', () => {
  it('indexes, then reports status as JSON', async () => {
    const indexed = await cli('index', '--json');
    expect(indexed.code).toBe(0);
    expect(JSON.parse(indexed.stdout)).toMatchObject({ filesScanned: expect.any(Number), filesFailed: 0 });
    const status = await cli('status', '--json');
    expect(status.code).toBe(0);
    const s = JSON.parse(status.stdout);
    expect(s).toMatchObject({
      mode: 'fts-only',
      vectorBackend: expect.any(String),
      lifecycle: { state: 'serving', reason: null },
    });
    expect(s.bySource.sessions.files).toBe(1);
    expect(s.files).toBeGreaterThanOrEqual(15);
    const human = await cli('status');
    expect(human.stdout).toMatch(/^workspace {3}/);
    expect(human.stdout).toMatch(/^state {7}serving$/m);
  });

  it('watch prints a change to a file, then stops on interrupt', async () => {
    let stop!: () => void;
    const interrupted = new Promise<void>((resolve) => (stop = resolve));
    const { io, out } = captureIo(tmp, {}, interrupted);
    const running = runCli(['watch', '--json', '--workspace', workspace, '--data-dir', dataDir], io);
    const deadline = Date.now() + 20_000;
    while (!out.join('').includes('"watching"') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    write('memory/2026-05-07.md', '# 2026-05-07\n\nBought a zeppelin model.\n');
    while (!out.join('').includes('memory/2026-05-07.md') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(await running).toBe(0);
    const events = out
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; path?: string; change?: string });
    expect(events[0]!.event).toBe('watching');
    expect(events.some((e) => e.event === 'file' && e.path === 'memory/2026-05-07.md' && e.change === 'added')).toBe(
      true,
    );
    const found = await cli('search', 'zeppelin', '--json', '--min-score', '0');
    expect((JSON.parse(found.stdout) as SearchResponse).results[0]!.path).toBe('memory/2026-05-07.md');
  });

  it('prints help for memlens, help COMMAND and COMMAND --help', async () => {
    const { io, out } = captureIo(tmp);
    expect(await runCli(['help'], io)).toBe(0);
    expect(out.join('')).toMatch(/Commands:\n {2}index/);
    const sub = await cli('search', '--help');
    expect(sub.code).toBe(0);
    expect(sub.stdout).toContain('--decay[=DAYS]');
    const { io: io2, out: out2 } = captureIo(tmp);
    expect(await runCli(['help', 'get'], io2)).toBe(0);
    expect(out2.join('')).toContain('Usage: memlens get PATH');
  });
});

describe('memlens in Simplified Chinese (--lang zh-CN, MEMLENS_LANG)', () => {
  it('prints search and status in Chinese when asked, English by default, and JSON unchanged', async () => {
    const zh = await cli('search', 'router firmware', '--min-score', '0', '--lang', 'zh-CN');
    expect(zh.code).toBe(0);
    expect(zh.stdout.split('\n')[0]).toMatch(/^"router firmware" 的 \d+ 条结果 · \d+ 个候选 · /);
    const en = await cli('search', 'router firmware', '--min-score', '0');
    expect(en.stdout.split('\n')[0]).toMatch(/^\d+ results? for "router firmware" · \d+ candidates · /);
    const json = await cli('search', 'router firmware', '--min-score', '0', '--json', '--lang', 'zh-CN');
    expect(JSON.parse(json.stdout).results.length).toBeGreaterThan(0);

    const { io, out } = captureIo(tmp, { MEMLENS_LANG: 'zh-CN' });
    expect(await runCli(['status', '--workspace', workspace, '--data-dir', dataDir], io)).toBe(0);
    const status = out.join('');
    expect(status).toMatch(/^工作区 {6}\S/m);
    expect(status).toMatch(/^文件 {8}\d+（记忆 \d+，会话 \d+）/m);
    expect(status).not.toMatch(/^workspace /m);
  });

  it('watch and save-session speak Chinese with MEMLENS_LANG=zh-CN', { timeout: 60_000 }, async () => {
    let stop!: () => void;
    const interrupted = new Promise<void>((resolve) => (stop = resolve));
    const { io, out, err } = captureIo(tmp, { MEMLENS_LANG: 'zh-CN' }, interrupted);
    const running = runCli(['watch', '--workspace', workspace, '--data-dir', dataDir], io);
    const deadline = Date.now() + 20_000;
    while (!err.join('').includes('正在监视') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    write('memory/2026-05-08.md', '# 2026-05-08\n\n买了一个飞艇模型。\n');
    while (!out.join('').includes('memory/2026-05-08.md') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(await running).toBe(0);
    expect(err.join('')).toMatch(/^正在监视 \S+（\d+ 个文件）。按 Ctrl-C 停止。$/m);
    expect(err.join('')).toMatch(/^memlens watch: 搜索仅用关键词 — /m);
    expect(out.join('')).toMatch(/^\S+Z {2}新增 {5}memory\/2026-05-08\.md$/m);

    const saved = await cli('save-session', path.join(workspace, 'sessions', 'chat.jsonl'), '--lang', 'zh-CN');
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toMatch(/^已把会话 chat 的 2 条消息保存为 memory\/\S+\.md\n$/);
    fs.rmSync(path.join(workspace, saved.stdout.trim().split(' ').pop()!));
    fs.rmSync(path.join(workspace, 'memory', '2026-05-08.md'));
  });

  it('refuses a language it does not speak with exit 2, naming the ones it does', async () => {
    const bad = await cli('status', '--lang', 'xx');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--lang expects one of the languages Memory Lens speaks: en, zh-CN (got "xx")');
  });

  it('words a command line it cannot read in Chinese too: an unknown flag or command, a missing value', async () => {
    const flag = await cli('search', 'x', '--frobnicate', '--lang', 'zh-CN');
    expect(flag.code).toBe(2);
    expect(flag.stderr.split('\n')).toEqual([
      `memlens search: 未知选项 '--frobnicate'。如果要传入以 '-' 开头的位置参数，请把它放在命令末尾的 '--' 之后，例如 '-- "--frobnicate"'`,
      '运行 "memlens help search" 查看用法。',
      '',
    ]);
    const missing = await runCaptured(tmp, ['search', 'x', '--lang', 'zh-CN', '--workspace']);
    expect(missing.stderr.split('\n')[0]).toBe("memlens search: 选项 '--workspace <value>' 缺少参数值");
    const command = await runCaptured(tmp, ['frobnicate', '--lang', 'zh-CN']);
    expect(command.stderr.split('\n')[0]).toBe('memlens: 没有这个命令："frobnicate"');
    // English by default, Node's words as they were; --json keeps English and adds the id.
    expect((await cli('search', 'x', '--frobnicate')).stderr.split('\n')[0]).toBe(
      `memlens search: Unknown option '--frobnicate'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- "--frobnicate"`,
    );
    const json = JSON.parse((await cli('search', 'x', '--frobnicate', '--json', '--lang', 'zh-CN')).stdout);
    expect(json.error).toMatchObject({
      message: expect.stringMatching(/^Unknown option '--frobnicate'\. To specify/),
      messageId: 'cli:usage.unknownOptionHint',
    });
  });
});

describe('workspace default', () => {
  it('uses ~/.openclaw/workspace when it exists, else a private copy of the bundled sample workspace', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-home-'));
    const io = { ...captureIo(tmp).io, env: { HOME: home, MEMLENS_DATA_DIR: path.join(home, 'data') } };
    const sample = await resolveCommonSettings({}, io);
    expect(sample).toMatchObject({ isSample: true, workspaceDir: path.join(home, 'data', 'sample-workspace') });
    expect(fs.existsSync(path.join(sample.workspaceDir, 'MEMORY.md'))).toBe(true);
    fs.mkdirSync(path.join(home, '.openclaw', 'workspace'), { recursive: true });
    const openclaw = await resolveCommonSettings({}, io);
    expect(openclaw).toMatchObject({ isSample: false, workspaceDir: path.join(home, '.openclaw', 'workspace') });
    expect(openclaw.engineOptions.embedder).toBeNull();
    const withModel = await resolveCommonSettings(
      { model: 'Xenova/multilingual-e5-small', 'allow-download': true },
      io,
    );
    expect(withModel.engineOptions.embedder).toMatchObject({
      model: 'Xenova/multilingual-e5-small',
      allowDownload: true,
    });
    fs.rmSync(home, { recursive: true, force: true });
  });
});

describe('bin/memlens.js', () => {
  it('runs as a real process: search --json and a refused get', async () => {
    // `npm install` builds dist/ (prepare), as for a user. Rebuilding it here rewrote dist/ under the
    // other test files that run the CLI at the same time; build only when it is missing.
    if (!fs.existsSync(path.join(repoRoot, 'dist', 'cli', 'memlens.cjs')))
      await run('npm', ['run', 'build:node'], { cwd: repoRoot }).catch(() => undefined);
    expect(fs.existsSync(path.join(repoRoot, 'dist', 'cli', 'memlens.cjs'))).toBe(true);
    const env = { ...process.env, HOME: tmp, MEMLENS_DATA_DIR: dataDir, MEMLENS_MODEL: '' };
    const { stdout } = await run(
      process.execPath,
      ['bin/memlens.js', 'search', '合同金额', '--json', '--workspace', workspace],
      { cwd: repoRoot, env },
    );
    expect((JSON.parse(stdout) as SearchResponse).results[0]!.path).toBe('memory/2026-05-04.md');
    const refused = await run(process.execPath, ['bin/memlens.js', 'get', '../x', '--workspace', workspace], {
      cwd: repoRoot,
      env,
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('memlens get:');
  }, 120_000);
});
