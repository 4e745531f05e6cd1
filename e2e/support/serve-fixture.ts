// A Playwright fixture that starts the real `memlens serve` (bin/memlens.js, as a user runs it) on
// a temp copy of the sample workspace with a temp data dir, and stops it after the test.
// Use: `import { test, expect } from './support/serve-fixture';` then `async ({ page, served }) => …`.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';

export interface ServedWorkspace {
  /** `http://127.0.0.1:PORT/?token=…` as printed by memlens serve. */
  url: string;
  origin: string;
  token: string;
  /** The temp workspace folder, `<tmp home>/.openclaw/workspace` (a copy of resources/sample-workspace or a fixture). */
  workspace: string;
  /** HOME of the server: OpenClaw's state folder is `<home>/.openclaw` (the workspace's parent). */
  home: string;
  dataDir: string;
  /** Everything memlens printed so far (stdout + stderr). */
  output(): string;
}

const root = path.resolve(import.meta.dirname, '..', '..');

export interface StartServeOptions {
  /** A folder under e2e/fixtures/ to serve instead of the sample workspace. */
  fixture?: string;
  /** Or any folder (absolute path), e.g. a generated one; it is moved, not copied. */
  moveFrom?: string;
  /** Or any folder (absolute path) kept in the repository, e.g. shared/fixtures/…; it is copied. */
  copyFrom?: string;
  /** Or a whole OpenClaw state folder under e2e/fixtures/ (openclaw.json, agents/, workspace*), copied to `<home>/.openclaw`. */
  stateFolder?: string;
  /** Reuse this data dir (drafts, settings, judgments survive a restart). */
  dataDir?: string;
  /** Extra environment for the server (e.g. MEMLENS_MODEL_HOST). */
  env?: Record<string, string>;
  /** Wraps the command, e.g. `unshare … sh -c '…; exec "$@"' name` to run it with lowered limits. */
  launcher?: string[];
}

/** Starts `memlens serve --port 0` and resolves once it printed its URL. */
export async function startServe(
  extraArgs: string[] = [],
  options: StartServeOptions = {},
): Promise<ServedWorkspace & { stop(): Promise<void> }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-e2e-'));
  // Where OpenClaw keeps it (HOME is tmp): the window names it as a user's would be named.
  const workspace = path.join(tmp, '.openclaw', 'workspace');
  const source = options.copyFrom
    ? options.copyFrom
    : options.fixture
      ? path.join(root, 'e2e', 'fixtures', options.fixture)
      : path.join(root, 'resources', 'sample-workspace');
  if (options.stateFolder) {
    fs.cpSync(path.join(root, 'e2e', 'fixtures', options.stateFolder), path.dirname(workspace), { recursive: true });
  } else if (options.moveFrom) {
    fs.mkdirSync(path.dirname(workspace), { recursive: true });
    fs.renameSync(options.moveFrom, workspace);
  } else {
    fs.cpSync(source, workspace, { recursive: true });
  }
  const dataDir = options.dataDir ?? path.join(tmp, 'data');
  const command = [
    process.execPath,
    path.join(root, 'bin', 'memlens.js'),
    'serve',
    '--workspace',
    workspace,
    '--data-dir',
    dataDir,
    '--port',
    '0',
    ...extraArgs,
  ];
  const [program, ...args] = options.launcher ? [...options.launcher, ...command] : command;
  const child: ChildProcess = spawn(program!, args, {
    cwd: root,
    env: { ...process.env, HOME: tmp, MEMLENS_MODEL: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`memlens serve printed no URL within 30 s:\n${output}`)), 30_000);
    const check = () => {
      const match = /Open: (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`memlens serve exited with ${code}:\n${output}`));
    });
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    workspace,
    home: tmp,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * One `memlens serve` for every test of a spec file: started before the first test, stopped after
 * the last. `options` is called then, so a generated workspace is built once, when the file runs.
 */
export function serveForFile(options: () => StartServeOptions): () => ServedWorkspace {
  let served: (ServedWorkspace & { stop(): Promise<void> }) | undefined;
  base.beforeAll(async () => {
    served = await startServe([], options());
  });
  base.afterAll(async () => {
    await served?.stop();
  });
  return () => {
    if (!served) throw new Error('serveForFile: the server starts in beforeAll');
    return served;
  };
}

export interface ServeOptions {
  /** Extra `memlens serve` flags for every test of a project, e.g. `--renderer-dir` (set in `use`). */
  serveArgs: string[];
  /** A folder under e2e/fixtures/ to serve instead of the sample workspace (`test.use({ serveFixture })`). */
  serveFixture: string | null;
  /** Or an absolute folder to copy and serve, e.g. shared/fixtures/doctor-workspace (`test.use({ serveCopyFrom })`). */
  serveCopyFrom: string | null;
  /** Or a state folder under e2e/fixtures/ (`.openclaw` with its workspace and agents; `test.use({ serveStateFolder })`). */
  serveStateFolder: string | null;
}

export const test = base.extend<{ served: ServedWorkspace } & ServeOptions>({
  serveArgs: [[], { option: true }],
  serveFixture: [null, { option: true }],
  serveCopyFrom: [null, { option: true }],
  serveStateFolder: [null, { option: true }],
  served: async ({ serveArgs, serveFixture, serveCopyFrom, serveStateFolder }, use) => {
    const served = await startServe(
      serveArgs,
      serveStateFolder
        ? { stateFolder: serveStateFolder }
        : serveCopyFrom
          ? { copyFrom: serveCopyFrom }
          : serveFixture
            ? { fixture: serveFixture }
            : {},
    );
    try {
      await use(served);
    } finally {
      await served.stop();
    }
  },
});

export { expect };
