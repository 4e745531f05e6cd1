// Tests that spawn the real `memlens` launcher compile the CLI first, as `npm install` does. They
// compile into a folder of their own under dist/ with a copy of bin/memlens.js beside it: another
// test file running `tsc` at the same time rewrites dist/ file by file, and a process starting
// meanwhile could import a half-written module.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/** Compiles tsconfig.node.json into `dist/test-cli/<name>/dist` and returns its `bin/memlens.js`. */
export async function buildPrivateCli(name: string): Promise<string> {
  const root = path.join(repoRoot, 'dist', 'test-cli', name);
  fs.rmSync(root, { recursive: true, force: true });
  // A type error elsewhere in the tree must not hide the CLI: tsc still emits.
  await run('npx', ['tsc', '-p', 'tsconfig.node.json', '--outDir', path.join(root, 'dist')], { cwd: repoRoot }).catch(() => undefined);
  if (!fs.existsSync(path.join(root, 'dist', 'electron', 'cli', 'main.js'))) throw new Error(`tsc did not build the CLI into ${root}`);
  fs.mkdirSync(path.join(root, 'bin'), { recursive: true });
  const launcher = path.join(root, 'bin', 'memlens.js');
  fs.copyFileSync(path.join(repoRoot, 'bin', 'memlens.js'), launcher);
  return launcher;
}
