// `memlens serve` through the real CLI entry point, in-process: it prints a token URL, answers
// with that token, refuses without it, warns for a non-loopback --host, and stops on interrupt.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../cli-io.js';
import { runCli } from '../main.js';
import { bundledSampleWorkspace, findPackageRoot } from '../../app/app-paths.js';
import { isLoopbackHost } from '../../server/request-guard.js';

let tmp: string;
let workspace: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-serve-cmd-'));
  workspace = path.join(tmp, 'workspace');
  fs.cpSync(bundledSampleWorkspace(findPackageRoot()) ?? '', workspace, { recursive: true });
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs `memlens serve …` until `stop` is called; resolves the printed output as it arrives. */
function startCli(argv: string[], dataDir = path.join(tmp, 'data')) {
  let output = '';
  let stop!: () => void;
  const interrupted = new Promise<void>((resolve) => (stop = resolve));
  const io: CliIo = {
    stdout: (t) => void (output += t),
    stderr: (t) => void (output += t),
    env: { HOME: tmp, MEMLENS_DATA_DIR: dataDir },
    cwd: tmp,
    stderrIsTty: false,
    waitForInterrupt: () => interrupted,
  };
  const exit = runCli(['serve', '--workspace', workspace, '--data-dir', dataDir, '--port', '0', ...argv], io);
  const url = async (): Promise<string> => {
    for (let i = 0; i < 300; i++) {
      const match = /Open: (\S+)/.exec(output);
      if (match?.[1]) return match[1];
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no URL printed:\n${output}`);
  };
  return { url, stop, exit, output: () => output };
}

describe('memlens serve', () => {
  it('prints a token URL on 127.0.0.1 that works, refuses without the token, and stops on Ctrl-C', async () => {
    const run = startCli([]);
    const url = new URL(await run.url());
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(run.output()).not.toContain('WARNING');
    const withToken = await fetch(`${url.origin}/api/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-memlens-token': url.searchParams.get('token') ?? '' },
      body: '{}',
    });
    expect(withToken.status).toBe(200);
    expect(((await withToken.json()) as { result: { workspace: string } }).result.workspace).toBe(
      fs.realpathSync(workspace),
    );
    const without = await fetch(`${url.origin}/api/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(without.status).toBe(401);
    run.stop();
    expect(await run.exit).toBe(0);
    await expect(fetch(`${url.origin}/api/status`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('warns when --host is not a loopback address', async () => {
    const run = startCli(['--host', '0.0.0.0']);
    await run.url();
    expect(run.output()).toMatch(/WARNING: --host 0\.0\.0\.0 is not a loopback address/);
    run.stop();
    expect(await run.exit).toBe(0);
  });

  it('--lang zh-CN prints the banner, the warning and the stop in Chinese', async () => {
    const run = startCli(['--host', '0.0.0.0', '--lang', 'zh-CN']);
    for (let i = 0; i < 300 && !/打开：\S+/.test(run.output()); i++) await new Promise((r) => setTimeout(r, 50));
    run.stop();
    expect(await run.exit).toBe(0);
    const output = run.output();
    expect(output).toMatch(/^警告：--host 0\.0\.0\.0 不是回环地址。/m);
    expect(output).toMatch(/^Memory Lens 正在提供 \S+\n {2}打开：http:\/\/\S+\n {2}索引：\S+\n按 Ctrl\+C 停止。$/m);
    expect(output).toMatch(/^memlens serve: 正在停止。$/m);
    expect(output).not.toMatch(/WARNING|Press Ctrl/);
  });

  it('rejects a bad port as a usage error', async () => {
    const run = startCli(['--port', 'eighty']);
    expect(await run.exit).toBe(2);
    expect(run.output()).toContain('--port');
  });

  it('starts and answers searches when the index has lost a table behind valid meta, rebuilding it', async () => {
    const dataDir = path.join(tmp, 'data-dropped-table');
    const quiet: CliIo = {
      stdout: () => undefined,
      stderr: () => undefined,
      env: { HOME: tmp },
      cwd: tmp,
      stderrIsTty: false,
      waitForInterrupt: async () => undefined,
    };
    expect(await runCli(['index', '--workspace', workspace, '--data-dir', dataDir], quiet)).toBe(0);
    let dbPath = '';
    await runCli(['status', '--json', '--workspace', workspace, '--data-dir', dataDir], {
      ...quiet,
      stdout: (t) => void (dbPath = (JSON.parse(t) as { dbPath: string }).dbPath),
    });
    const db = new Database(dbPath);
    db.exec('DROP TABLE chunks_fts');
    db.close();

    const run = startCli([], dataDir);
    const url = new URL(await run.url());
    const call = async (name: string, body: unknown) => {
      const response = await fetch(`${url.origin}/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-memlens-token': url.searchParams.get('token') ?? '' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { result: unknown }).result;
    };
    for (let i = 0; i < 300; i++) {
      const result = (await call('search', { query: 'Harbor gateway', minScore: 0 })) as {
        results: unknown[];
        notices: { code: string }[];
      };
      if (result.results.length > 0 && !result.notices.some((n) => n.code === 'index-building')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const status = (await call('status', {})) as { lifecycle: { state: string } };
    expect(status.lifecycle.state).toBe('serving');
    expect(
      ((await call('search', { query: 'Harbor gateway', minScore: 0 })) as { results: unknown[] }).results.length,
    ).toBeGreaterThan(0);
    run.stop();
    expect(await run.exit).toBe(0);
  });

  it('knows which hosts are loopback', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com']) expect(isLoopbackHost(host), host).toBe(false);
  });
});
