// vitest global setup for the tests that run the real `memlens` in child processes: the fault
// injection (which may kill, starve or confine it) and the MCP and lazy-loading CLI tests. The CLI
// (and the worker threads it starts) is compiled once, for all of them, into a private temp folder
// laid out like the installed package — bin/memlens.js beside dist/ — not into dist/, which another
// test rewrites with `tsc` while these run (a child starting then could import a half-written
// module). Packages resolve through a link to node_modules. Tests get the launcher with
// inject('memlensBin').
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWorkers, WORKER_ENTRIES } from '../../../electron/memory/test-support/build-workers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** bin/memlens.js of the private build. */
    memlensBin: string;
  }
}

export default function setup(project: TestProject): () => void {
  const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-fault-cli-'));
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  fs.writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: manifest.name, version: manifest.version, type: 'module' }),
  );
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  // The package's dictionary, as `npm run build:node` leaves it (build-dictionary.ts made it first).
  fs.symlinkSync(path.join(repoRoot, 'dictionaries'), path.join(root, 'dictionaries'), 'dir');
  buildWorkers(path.join(root, 'dist'), [path.join(repoRoot, 'electron', 'cli', 'main.ts'), ...WORKER_ENTRIES]);
  // …and bundled into dist/cli/, which the launcher runs, as `npm run build:node` does.
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'bundle-cli.mjs'), path.join(root, 'dist')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  fs.mkdirSync(path.join(root, 'bin'));
  fs.copyFileSync(path.join(repoRoot, 'bin', 'memlens.js'), path.join(root, 'bin', 'memlens.js'));
  project.provide('memlensBin', path.join(root, 'bin', 'memlens.js'));
  return () => fs.rmSync(root, { recursive: true, force: true });
}
