// What the fault-injection tests share: temp workspaces, the real `memlens` in a child process
// (which a test may kill, confine to a user namespace with lowered limits, or put on a tiny
// tmpfs), and polling instead of sleeping.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, inject, vi } from 'vitest';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
/** The `memlens` launcher of the tests' private build (support/build-cli.ts). */
export function memlensBin(): string {
  return inject('memlensBin');
}
/** A preload that prints the process's peak RSS (kB) on exit: `maxRSS <n>` on stderr. */
export const printMaxRss = path.join(import.meta.dirname, 'print-max-rss.cjs');
/** A preload that collects garbage every 20 ms (needs `--expose-gc`): what a busy process does to unreferenced timers. */
export const forceGc = path.join(import.meta.dirname, 'force-gc.cjs');

export interface TempDirs {
  root: string;
  workspace: string;
  dataDir: string;
  write(rel: string, content: string | Buffer): string;
  cleanup(): void;
}

export function tempWorkspace(prefix: string, files: Record<string, string | Buffer> = {}): TempDirs {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `ml-fault-${prefix}-`));
  const workspace = path.join(root, 'workspace');
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(workspace, { recursive: true });
  const write = (rel: string, content: string | Buffer): string => {
    const abs = path.join(workspace, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
    return abs;
  };
  for (const [rel, content] of Object.entries(files)) write(rel, content);
  return { root, workspace, dataDir, write, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** Environment for a child: no model (keyword-only, fast), HOME inside the temp folder. */
export function childEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, HOME: home, MEMLENS_MODEL: '', MEMLENS_DATA_DIR: '', ...extra };
}

export interface Child {
  process: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in the output (stdout + stderr). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or the signal's name). */
  exited(): Promise<number | string>;
  kill(signal?: NodeJS.Signals): void;
}

/**
 * Starts `memlens <args>`; `launcher` wraps it (e.g. unshare + a shell that lowers limits first:
 * the command to run is passed to it as "$@").
 */
export function spawnMemlens(
  args: string[],
  options: { home: string; launcher?: string[]; preload?: string; nodeFlags?: string[] } = { home: os.tmpdir() },
): Child {
  const node = [
    process.execPath,
    ...(options.nodeFlags ?? []),
    ...(options.preload ? ['--require', options.preload] : []),
    memlensBin(),
    ...args,
  ];
  const [command, ...rest] = options.launcher ? [...options.launcher, ...node] : node;
  const child = spawn(command!, rest, {
    cwd: repoRoot,
    env: childEnv(options.home),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of [...listeners]) listener();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exit = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return {
    process: child,
    output: () => output,
    waitFor: (pattern, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (!match) return;
          cleanup();
          resolve(match);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${output}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exit.then(() => {
          if (!listeners.has(check)) return;
          cleanup();
          reject(new Error(`memlens exited before printing ${pattern}; output:\n${output}`));
        });
        check();
      }),
    exited: () => exit,
    kill: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** Runs `memlens <args>` to completion. */
export async function runMemlens(
  args: string[],
  options: { home: string; launcher?: string[]; preload?: string; nodeFlags?: string[] },
): Promise<{ code: number | string; output: string }> {
  const child = spawnMemlens(args, options);
  const code = await child.exited();
  return { code, output: child.output() };
}

/** Polls until `check` passes (generous: CI machines are slow and shared). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 15_000, everyMs = 50): Promise<void> {
  await vi.waitFor(check, { timeout: timeoutMs, interval: everyMs });
}

/**
 * Whether this machine lets an unprivileged process make a user namespace with its own mounts
 * (`unshare -U -r -m`): that is how the tests lower inotify limits and mount a tiny tmpfs without
 * touching the machine. Null when possible, else the reason it is not.
 */
export function userNamespaceUnavailable(): string | null {
  const probe = spawnSync(
    'unshare',
    [
      '-U',
      '-r',
      '-m',
      'sh',
      '-c',
      'mount -t tmpfs -o size=64k tmpfs /mnt 2>/dev/null || mount -t tmpfs -o size=64k tmpfs /tmp; echo ok',
    ],
    { encoding: 'utf8' },
  );
  if (probe.error) return `unshare is not available (${probe.error.message})`;
  if (probe.status !== 0 || !probe.stdout.includes('ok'))
    return `unshare -U -r -m failed: ${probe.stderr.trim() || `exit ${probe.status}`}`;
  return null;
}

/** `launcher` for spawnMemlens: a user namespace where `setup` (shell) runs first, then the command. */
export function inUserNamespace(setup: string): string[] {
  return ['unshare', '-U', '-r', '-m', 'sh', '-c', `${setup}\nexec "$@"`, 'memlens-fault'];
}

/** Peak RSS in MB printed by the print-max-rss preload, or null. */
export function maxRssMb(output: string): number | null {
  const match = /maxRSS (\d+)/.exec(output);
  return match ? Number(match[1]) / 1024 : null;
}

export interface ServeChild extends Child {
  origin: string;
  token: string;
  /** POST /api/<name> with the token header; the parsed `{ok, result | error}` and the HTTP status. */
  call<T = unknown>(
    name: string,
    args?: unknown,
  ): Promise<{ status: number; ok: boolean; result?: T; error?: { code: string; message: string } }>;
}

/** `memlens serve --port 0` on a workspace; resolves once it printed its URL. */
export async function startServeChild(
  dir: TempDirs,
  options: {
    launcher?: string[];
    workspace?: string;
    dataDir?: string;
    /** More `memlens serve` flags. */
    args?: string[];
    nodeFlags?: string[];
    preload?: string;
  } = {},
): Promise<ServeChild> {
  const child = spawnMemlens(
    [
      'serve',
      '--port',
      '0',
      '--workspace',
      options.workspace ?? dir.workspace,
      '--data-dir',
      options.dataDir ?? dir.dataDir,
      ...(options.args ?? []),
    ],
    {
      home: dir.root,
      ...(options.launcher ? { launcher: options.launcher } : {}),
      ...(options.nodeFlags ? { nodeFlags: options.nodeFlags } : {}),
      ...(options.preload ? { preload: options.preload } : {}),
    },
  );
  const [, url] = await child.waitFor(/Open: (http:\/\/\S+)/);
  const parsed = new URL(url!);
  const token = parsed.searchParams.get('token') ?? '';
  return {
    ...child,
    origin: parsed.origin,
    token,
    call: async (name, args = {}) => {
      const response = await fetch(`${parsed.origin}/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-memlens-token': token },
        body: JSON.stringify(args),
      });
      const body = (await response.json()) as {
        ok: boolean;
        result?: never;
        error?: { code: string; message: string };
      };
      return { status: response.status, ...body };
    },
  };
}

/** Resident memory of a running process in MB (Linux /proc), or null. */
export function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The temp workspace and its server for every test of a file (see serveForFile). */
export interface ServedForFile {
  readonly dir: TempDirs;
  readonly serve: ServeChild;
}

/**
 * `files` in a temp workspace served by `memlens serve` for every test of a file: started before the
 * first test, killed and removed after the last. `prepare` adds what `files` cannot hold (links)
 * before the server starts; `ready` waits for what the tests need (an index, a watcher).
 */
export function serveForFile(
  prefix: string,
  files: Record<string, string | Buffer> | (() => Record<string, string | Buffer>),
  options: { prepare?(dir: TempDirs): void; ready?(serve: ServeChild): Promise<void>; timeoutMs?: number } = {},
): ServedForFile {
  let dir: TempDirs | undefined;
  let serve: ServeChild | undefined;
  beforeAll(async () => {
    dir = tempWorkspace(prefix, typeof files === 'function' ? files() : files);
    options.prepare?.(dir);
    serve = await startServeChild(dir);
    await options.ready?.(serve);
  }, options.timeoutMs);
  afterAll(async () => {
    serve?.kill('SIGKILL');
    await serve?.exited();
    dir?.cleanup();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('serveForFile: the server starts in beforeAll');
    return value;
  };
  return {
    get dir() {
      return started(dir);
    },
    get serve() {
      return started(serve);
    },
  };
}

/** Waits until the server's first index is done over at least `files` files (and, if asked, watched). */
export async function untilIndexed(
  serve: ServeChild,
  files: number,
  options: { watching?: boolean; timeoutMs?: number } = {},
): Promise<void> {
  await eventually(
    async () => {
      const status = await serve.call<{ files: number; progress: unknown; watcher: string }>('status');
      expect(status.result).toMatchObject({
        progress: { phase: 'done' },
        ...(options.watching ? { watcher: 'watching' } : {}),
      });
      expect(status.result!.files).toBeGreaterThanOrEqual(files);
    },
    options.timeoutMs ?? 60_000,
    100,
  );
}

/** An MCP client of `memlens mcp` on the workspace, as an agent starts it; the caller closes it. */
export async function connectMcp(dir: TempDirs, name: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [memlensBin(), 'mcp', '--workspace', dir.workspace, '--data-dir', dir.dataDir],
    env: childEnv(dir.root) as Record<string, string>,
    cwd: dir.root,
    stderr: 'pipe',
  });
  const client = new Client({ name, version: '1.0' });
  await client.connect(transport);
  return client;
}
