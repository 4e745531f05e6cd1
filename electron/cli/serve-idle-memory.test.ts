// `memlens serve` as a user starts it (bin/memlens.js, a real process on the sample workspace):
// once the first index run is over and a search has been answered, V8's young generation is still
// the size it started at, where left to itself it grows to 2 × 16 MB and stays committed while idle.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bundledSampleWorkspace, findPackageRoot } from '../app/app-paths.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
/** Loaded into serve with --import: on SIGUSR2 it writes the young generation's committed bytes to a file. */
const HEAP_REPORTER = `import fs from 'node:fs';
import v8 from 'node:v8';
process.on('SIGUSR2', () => {
  const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  fs.writeFileSync(process.env.HEAP_REPORT, String(young.space_size));
});
`;

let tmp: string;
let child: ChildProcess | null = null;

afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  child = null;
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('memlens serve at idle', () => {
  it(
    'keeps the young generation at its starting size through the first index run and a search',
    { timeout: 120_000 },
    async () => {
      expect(fs.existsSync(path.join(repoRoot, 'dist', 'cli', 'memlens.cjs'))).toBe(true);
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-serve-idle-'));
      const workspace = path.join(tmp, 'workspace');
      fs.cpSync(bundledSampleWorkspace(findPackageRoot()) ?? '', workspace, { recursive: true });
      const reporter = path.join(tmp, 'heap-reporter.mjs');
      fs.writeFileSync(reporter, HEAP_REPORTER);
      const report = path.join(tmp, 'young-bytes');
      const serve = spawn(
        process.execPath,
        ['--import', reporter, 'bin/memlens.js', 'serve', '--port', '0', '--workspace', workspace],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            HOME: tmp,
            MEMLENS_DATA_DIR: path.join(tmp, 'data'),
            MEMLENS_MODEL: '',
            HEAP_REPORT: report,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child = serve;
      let output = '';
      serve.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      serve.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const url = await vi.waitFor(
        () => {
          const match = /Open: (\S+)/.exec(output);
          if (!match?.[1]) throw new Error(`no URL printed yet:\n${output}`);
          return new URL(match[1]);
        },
        { timeout: 60_000, interval: 50 },
      );
      const call = async (name: string, args: object) => {
        const response = await fetch(`${url.origin}/api/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-memlens-token': url.searchParams.get('token') ?? '' },
          body: JSON.stringify(args),
        });
        return ((await response.json()) as { result: { lastSyncAt?: number | null; results?: { path: string }[] } })
          .result;
      };
      await vi.waitFor(
        async () => {
          if ((await call('status', {})).lastSyncAt == null) throw new Error('the first index run is not over');
        },
        { timeout: 90_000, interval: 100 },
      );
      expect((await call('search', { query: 'rollout' })).results?.length).toBeGreaterThan(0);

      serve.kill('SIGUSR2');
      const youngBytes = await vi.waitFor(
        () => {
          const written = fs.existsSync(report) ? fs.readFileSync(report, 'utf8') : '';
          if (!written) throw new Error('no heap report yet');
          return Number(written);
        },
        { timeout: 10_000, interval: 20 },
      );
      // V8 starts it at 2 × 1 MB on 64-bit; its default growth doubles it up to 2 × 16 MB.
      expect(youngBytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    },
  );
});
