// `memlens mcp` as an agent meets it: the real launcher in its own process, a real MCP client from
// the SDK on stdio. Lists the tools, searches the sample workspace (the same results as
// `memlens search --json`), reads lines in bounded excerpts, gets clear errors for bad paths and
// arguments (and the server lives on), finds an edit made while it runs, keeps stdout clean, logs
// every search and counts every access where the app can read them.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ScoreBreakdown, SearchResponse } from '../../../shared/domain.js';
import { ALLOWED_PATHS } from '../../../shared/memory-scope.js';
import { englishLeft } from '../../../shared/test-support/english-left.js';
import { AgentActivityStore } from '../../app/agent/agent-activity-store.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

const run = promisify(execFile);

let tmp: string;
let workspace: string;
let dataDir: string;
// The real launcher, compiled once for every test file by vitest's global setup (e2e/faults/support/build-cli.ts).
let launcher: string;
let client: Client;
let transport: StdioClientTransport;
let serverStderr = '';
const protocolErrors: Error[] = [];

const env = (): Record<string, string> => ({
  ...(process.env as Record<string, string>),
  HOME: tmp,
  MEMLENS_MODEL: '',
  MEMLENS_DATA_DIR: dataDir,
});

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-mcp-'));
  workspace = path.join(tmp, 'workspace');
  dataDir = path.join(tmp, 'data');
  fs.cpSync(path.join(repoRoot, 'resources', 'sample-workspace'), workspace, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'memory', 'notes.txt'), 'not markdown\n');
  launcher = inject('memlensBin');
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [launcher, 'mcp', '--workspace', workspace, '--data-dir', dataDir],
    env: env(),
    cwd: tmp,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (serverStderr += chunk.toString()));
  // A stray line on stdout (anything but a JSON-RPC message) surfaces here.
  transport.onerror = (error) => protocolErrors.push(error);
  client = new Client({ name: 'memlens-test', version: '1.0' });
  client.onerror = (error) => protocolErrors.push(error);
  await client.connect(transport);
}, 180_000);

afterAll(async () => {
  await client?.close().catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
});

function payloadOf(result: Awaited<ReturnType<Client['callTool']>>): Record<string, unknown> {
  const content = (result as CallToolResult).content;
  const first = content[0];
  if (!first || first.type !== 'text') throw new Error(`expected a text result, got ${JSON.stringify(content)}`);
  const parsed = JSON.parse(first.text) as Record<string, unknown>;
  // The structured copy is the same payload.
  expect((result as CallToolResult).structuredContent).toEqual(parsed);
  return parsed;
}

async function call(
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError: boolean; payload: Record<string, unknown> }> {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, payload: payloadOf(result) };
}

async function cliSearchJson(query: string): Promise<SearchResponse> {
  const { stdout } = await run(
    process.execPath,
    [launcher, 'search', query, '--json', '--log', '--workspace', workspace, '--data-dir', dataDir],
    { cwd: tmp, env: env() },
  );
  return JSON.parse(stdout) as SearchResponse;
}

interface Hit {
  path: string;
  startLine: number;
  endLine: number;
  score: number;
  snippet: string;
  source: string;
  corpus: string;
  citation: string;
  breakdown: ScoreBreakdown;
}

/** The breakdown minus the one field that moves with the clock (age of a file, even with decay off). */
function stable(b: ScoreBreakdown): unknown {
  return { ...b, decay: { ...b.decay, ageDays: null } };
}

async function stillAlive(): Promise<void> {
  await client.ping();
  const read = await call('memory_get', { path: 'MEMORY.md', lines: 1 });
  expect(read.isError).toBe(false);
}

describe('memlens mcp over stdio', () => {
  it('lists memory_search and memory_get with OpenClaw-shaped schemas, and memory_context, all read-only', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['memory_search', 'memory_get', 'memory_context']);
    const [search, get] = tools;
    expect(search!.title).toBe('Memory Search');
    // What is searched and read is said in the workspace scope's own sentences, as refusals say it.
    expect(search!.description).toMatch(/^Mandatory recall step: semantically search memory before answering/);
    expect(search!.description).toContain(`${ALLOWED_PATHS.index}.`);
    expect(search!.description).toContain(
      'memory.md, USER.md, memory/**/*.md, the Markdown files under conversations/',
    );
    expect(search!.description).toContain('breakdown');
    expect(search!.inputSchema).toMatchObject({ type: 'object', required: ['query'], additionalProperties: false });
    expect(Object.keys(search!.inputSchema.properties ?? {})).toEqual(['query', 'maxResults', 'minScore', 'corpus']);
    expect(search!.inputSchema.properties?.maxResults).toMatchObject({ type: 'integer', minimum: 1 });
    expect(get!.title).toBe('Memory Get');
    expect(get!.description).toMatch(
      /^Safe exact excerpt read: memory_get only reads MEMORY\.md, memory\.md, USER\.md/,
    );
    expect(get!.description).toContain(`${ALLOWED_PATHS.get}.`);
    expect(get!.inputSchema).toMatchObject({ type: 'object', required: ['path'], additionalProperties: false });
    expect(Object.keys(get!.inputSchema.properties ?? {})).toEqual(['path', 'from', 'lines', 'corpus']);
    for (const tool of tools) expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(client.getInstructions()).toContain('run memory_search');
  });

  it('memory_context gives the bootstrap budget the agent starts with, and refuses unknown arguments', async () => {
    const { isError, payload } = await call('memory_context', {});
    expect(isError).toBe(false);
    const files = payload.files as {
      name: string;
      chars: number;
      injectedChars: number;
      status: string;
      dropped: unknown[];
    }[];
    const memory = files.find((f) => f.name === 'MEMORY.md');
    expect(memory).toBeDefined();
    expect(memory!.chars).toBe(fs.readFileSync(path.join(workspace, 'MEMORY.md'), 'utf8').length);
    expect(memory!.dropped).toEqual([]);
    const tiny = await call('memory_context', { limits: { perFile: 500 } });
    const cut = (tiny.payload.files as typeof files).find((f) => f.name === 'MEMORY.md')!;
    expect(cut.dropped.length).toBeGreaterThan(0);
    expect(cut.injectedChars).toBeLessThanOrEqual(500);
    const bad = await call('memory_context', { includeText: true });
    expect(bad.isError).toBe(true);
    expect(String(bad.payload.error)).toContain('includeText');
    await stillAlive();
  });

  it('memory_search returns what `memlens search --json` returns, with a breakdown per result', async () => {
    const query = 'HG-2 DNS';
    const cli = await cliSearchJson(query);
    expect(cli.results.length).toBeGreaterThanOrEqual(3);
    const { isError, payload } = await call('memory_search', { query });
    expect(isError).toBe(false);
    expect(payload).toMatchObject({
      provider: cli.provider,
      model: cli.model,
      fallback: cli.fallback,
      mode: cli.mode,
      citations: 'auto',
    });
    const hits = payload.results as Hit[];
    expect(hits.map((h) => `${h.path}:${h.startLine}-${h.endLine}`)).toEqual(
      cli.results.map((r) => `${r.path}:${r.startLine}-${r.endLine}`),
    );
    hits.forEach((hit, i) => {
      const r = cli.results[i]!;
      expect(hit.score).toBe(r.score);
      expect(hit.source).toBe(r.source);
      expect(hit.corpus).toBe(r.source);
      expect(hit.citation).toBe(r.citation);
      // OpenClaw appends the citation to the snippet when citations are on; search --json does the same.
      expect(hit.snippet).toBe(r.snippet);
      expect(hit.snippet.endsWith(`\n\nSource: ${r.citation}`)).toBe(true);
      expect(stable(hit.breakdown)).toEqual(stable(r.breakdown));
      expect(hit.breakdown.final).toBe(hit.score);
      expect(hit.breakdown.access).toMatchObject({ count: 0, lastAccessAt: null, enabled: false, multiplier: 1 });
    });
  });

  it('counts each returned result as an access: the next search shows it in the breakdown', async () => {
    const first = await call('memory_search', { query: 'dnsmasq IPv6', maxResults: 3 });
    const before = Date.now();
    const again = await call('memory_search', { query: 'dnsmasq IPv6', maxResults: 3 });
    const hits = again.payload.results as Hit[];
    expect(hits.map((h) => h.path)).toEqual((first.payload.results as Hit[]).map((h) => h.path));
    for (const hit of hits) {
      expect(hit.breakdown.access!.count).toBeGreaterThanOrEqual(1);
      expect(hit.breakdown.access!.lastAccessAt).toBeLessThanOrEqual(before);
    }
  });

  it('memory_get reads lines, at most 120 / 12,000 characters a call, and says how to continue', async () => {
    const memoryLines = fs.readFileSync(path.join(workspace, 'MEMORY.md'), 'utf8').split('\n');
    const some = await call('memory_get', { path: 'MEMORY.md', from: 2, lines: 3 });
    expect(some.isError).toBe(false);
    expect(some.payload).toMatchObject({
      status: 'ok',
      path: 'MEMORY.md',
      from: 2,
      lines: 3,
      truncated: true,
      nextFrom: 5,
    });
    expect(some.payload.text).toBe(
      `${memoryLines.slice(1, 4).join('\n')}\n\n[More content available. Use from=5 to continue.]`,
    );

    const long = Array.from({ length: 300 }, (_, i) => `line ${i + 1} of the long memory`);
    fs.writeFileSync(path.join(workspace, 'memory', 'long.md'), `${long.join('\n')}\n`);
    const pages: string[] = [];
    let from: number | undefined = 1;
    while (from !== undefined) {
      const page = await call('memory_get', { path: 'memory/long.md', from, lines: 500 });
      expect(page.payload.lines as number).toBeLessThanOrEqual(120);
      pages.push(String(page.payload.text).replace(/\n\n\[More content available\. Use from=\d+ to continue\.\]$/, ''));
      from = page.payload.nextFrom as number | undefined;
    }
    expect(pages).toHaveLength(3);
    expect(pages.join('\n')).toBe(long.join('\n'));

    fs.writeFileSync(
      path.join(workspace, 'memory', 'wide.md'),
      `${Array.from({ length: 50 }, (_, i) => String(i % 10).repeat(499)).join('\n')}\n`,
    );
    const wide = await call('memory_get', { path: 'memory/wide.md' });
    expect(wide.payload).toMatchObject({ lines: 24, nextFrom: 25, truncated: true });
    expect(String(wide.payload.text).length).toBeLessThanOrEqual(12_000 + 60);

    fs.writeFileSync(path.join(workspace, 'memory', 'one-line.md'), `${'x'.repeat(13_000)}\n`);
    const cut = await call('memory_get', { path: 'memory/one-line.md' });
    expect(cut.payload).toMatchObject({ lines: 1, truncated: true });
    expect(cut.payload.nextFrom).toBeUndefined();
    expect(String(cut.payload.text)).toMatch(
      /^x{12000}\n\n\[More content available\. Requested excerpt exceeded the default maxChars budget\./,
    );
  });

  it('refuses bad paths and arguments with clear tool errors, and keeps serving', async () => {
    const cases: { args: Record<string, unknown>; code: string; says: RegExp }[] = [
      {
        args: { path: '../../etc/passwd' },
        code: 'OUT_OF_ROOT',
        says: /leaves the workspace.*memory_get only reads MEMORY\.md/,
      },
      { args: { path: '/etc/passwd' }, code: 'OUT_OF_ROOT', says: /Absolute paths are not allowed/ },
      { args: { path: 'memory/notes.txt' }, code: 'NOT_ALLOWED', says: /Markdown memory files only \(\.md\)/ },
      { args: { path: 'sessions/3f6c1a2e-9d41-4b7a-8e25-6a0d2c9f1b37.jsonl' }, code: 'NOT_ALLOWED', says: /\.md/ },
      {
        args: { path: 'MEMORY.md', lines: 1e12 },
        code: 'INVALID_ARGUMENT',
        says: /lines must be at most 1000000 \(got 1000000000000\)/,
      },
      { args: { path: 'MEMORY.md', from: 0 }, code: 'INVALID_ARGUMENT', says: /from must be at least 1/ },
      { args: { path: 'MEMORY.md', lines: 'all' }, code: 'INVALID_ARGUMENT', says: /lines must be a number/ },
    ];
    for (const { args, code, says } of cases) {
      const { isError, payload } = await call('memory_get', args);
      expect(isError, JSON.stringify(args)).toBe(true);
      expect(payload).toMatchObject({ status: 'error', code, text: '' });
      expect(String(payload.error), JSON.stringify(args)).toMatch(says);
      await stillAlive();
    }
    const missing = await call('memory_get', { path: 'memory/never-written.md' });
    expect(missing).toMatchObject({ isError: true, payload: { status: 'not_found', path: 'memory/never-written.md' } });

    const badSearches: { args: Record<string, unknown>; says: RegExp }[] = [
      { args: {}, says: /query is required/ },
      { args: { query: 'x', maxResults: 0 }, says: /maxResults must be at least 1/ },
      { args: { query: 'x', minScore: 7 }, says: /minScore must be at most 1/ },
      { args: { query: 'x', corpus: 'wiki' }, says: /corpus must be one of: memory, sessions, all/ },
      { args: { query: 'x', limit: 3 }, says: /unknown argument "limit"/ },
    ];
    for (const { args, says } of badSearches) {
      const { isError, payload } = await call('memory_search', args);
      expect(isError, JSON.stringify(args)).toBe(true);
      expect(payload.results).toEqual([]);
      expect(String(payload.error), JSON.stringify(args)).toMatch(says);
      await stillAlive();
    }
    const unknown = await call('memory_delete', { path: 'MEMORY.md' });
    expect(unknown.isError).toBe(true);
    expect(String(unknown.payload.error)).toContain('memory_search, memory_get');
    await stillAlive();
  });

  it('finds an edit made in the workspace while it runs', async () => {
    fs.writeFileSync(
      path.join(workspace, 'memory', '2026-12-01-quokka.md'),
      '# Quokka ledger\n\nThe quokkaplatypus budget is 42.\n',
    );
    let paths: string[] = [];
    for (let i = 0; i < 100 && !paths.includes('memory/2026-12-01-quokka.md'); i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      paths = ((await call('memory_search', { query: 'quokkaplatypus', minScore: 0 })).payload.results as Hit[]).map(
        (h) => h.path,
      );
    }
    expect(paths).toContain('memory/2026-12-01-quokka.md');
  });

  it('logs every MCP search, and a CLI search given --log, where the app reads it, and writes nothing but protocol to stdout', async () => {
    const store = AgentActivityStore.open({ dataDir });
    try {
      const log = store.workspace(workspace);
      const { entries } = log.listSearches();
      const mcp = entries.find((e) => e.query === 'HG-2 DNS' && e.caller.kind === 'mcp');
      const cli = entries.find((e) => e.query === 'HG-2 DNS' && e.caller.kind === 'cli');
      expect(mcp?.caller.client).toBe('memlens-test 1.0');
      expect(cli).toBeDefined();
      const stored = log.getSearch(mcp!.id)!;
      expect(stored.options).toMatchObject({ query: 'HG-2 DNS' });
      expect(stored.response.results.length).toBe(mcp!.resultCount);
      expect(stored.response.results[0]!.id).toMatch(/#\d+$/);
      // A refused search is not a search that ran: it is not in the log.
      expect(entries.some((e) => e.query === 'x')).toBe(false);
    } finally {
      store.close();
    }
    expect(protocolErrors).toEqual([]);
    expect(serverStderr).toContain('memlens mcp: serving');
  });

  it('exits when the client goes away', async () => {
    const pid = transport.pid;
    expect(pid).not.toBeNull();
    await client.close();
    let alive = true;
    for (let i = 0; i < 100 && alive; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      try {
        process.kill(pid!, 0);
      } catch {
        alive = false;
      }
    }
    expect(alive).toBe(false);
  });
});

describe('memlens mcp with MEMLENS_LANG=zh-CN', () => {
  let zh: Client;
  beforeAll(async () => {
    zh = new Client({ name: 'memlens-test-zh', version: '1.0' });
    await zh.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [launcher, 'mcp', '--workspace', workspace, '--data-dir', path.join(tmp, 'data-zh')],
        env: { ...env(), MEMLENS_DATA_DIR: path.join(tmp, 'data-zh'), MEMLENS_LANG: 'zh-CN' },
        cwd: tmp,
        stderr: 'pipe',
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await zh?.close().catch(() => undefined);
  });

  async function zhCall(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    return payloadOf(await zh.callTool({ name, arguments: args }));
  }

  /** The sentences of a tool result the agent reads: errors, warnings, actions and notices. */
  const sentences = (p: Record<string, unknown>): string[] => [
    ...(['error', 'warning', 'action'] as const).flatMap((k) => (typeof p[k] === 'string' ? [p[k]] : [])),
    // The keyword-only notice quotes the embedder's reason, an engine string English in every language.
    ...((p.notices as { code: string; message: string }[] | undefined) ?? []).map((n) =>
      n.code === 'keyword-only' ? n.message.replace(/^仅关键词搜索：.*。$/, '') : n.message,
    ),
  ];

  it('words its errors, warnings, actions and notices in Chinese; the data stays as it is', async () => {
    const outside = await zhCall('memory_get', { path: '../../etc/passwd' });
    expect(outside).toMatchObject({ status: 'error', code: 'OUT_OF_ROOT' });
    expect(String(outside.error)).toMatch(/^路径超出了工作区：.*memory_get 只读取 MEMORY\.md/);
    const missing = await zhCall('memory_get', { path: 'memory/never-written.md' });
    expect(missing).toMatchObject({ status: 'not_found', error: '没有这个记忆文件：memory/never-written.md' });
    const badGet = await zhCall('memory_get', { path: 'MEMORY.md', lines: 'all' });
    expect(badGet.error).toBe('memory_get：lines 必须是 number 类型（收到 "all"）。');
    const badSearch = await zhCall('memory_search', { query: 'x', limit: 3 });
    expect(badSearch).toMatchObject({
      error: 'memory_search：未知参数 "limit"。',
      warning: '这次 memory_search 调用的参数无效；没有进行任何搜索。',
    });
    const unknown = await zhCall('memory_delete', {});
    expect(unknown.error).toBe(
      '没有名为“memory_delete”的工具。这个服务器提供：memory_search, memory_get, memory_context。',
    );

    const search = await zhCall('memory_search', { query: 'what happened on 2026-03-02' });
    const notices = search.notices as { code: string; message: string; messageId: string }[];
    expect(notices.map((n) => n.code)).toContain('no-memory-then');
    expect(notices.find((n) => n.code === 'no-memory-then')!.message).toMatch(/^没有来自 ?2026年3月2日/);
    const context = await zhCall('memory_context', {});
    expect((context.notes as string[])[0]).toMatch(/^按 OpenClaw 2026\.9\.6 的主（直接）会话还原/);
    for (const payload of [outside, missing, badGet, badSearch, unknown, search])
      expect(sentences(payload).flatMap((s) => englishLeft(s))).toEqual([]);
    expect((context.notes as string[]).flatMap((s) => englishLeft(s))).toEqual([]);
  });
});
