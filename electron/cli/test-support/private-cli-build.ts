// Tests that spawn the real `memlens` launcher compile the CLI first, as `npm install` does — into
// a private temp folder laid out like the package (bin/memlens.js beside dist/), not into dist/:
// another test file running `tsc` meanwhile rewrites dist/ file by file, and a process starting
// then could import a half-written module. Packages resolve through a link to node_modules.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/** Compiles tsconfig.node.json into a temp package and returns its `bin/memlens.js`; `remove()` deletes it. */
export async function buildPrivateCli(): Promise<{ launcher: string; remove(): void }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cli-build-'));
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  fs.writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: manifest.name, version: manifest.version, type: 'module' }),
  );
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  // A type error elsewhere in the tree must not hide the CLI: tsc still emits.
  await run('npx', ['tsc', '-p', 'tsconfig.node.json', '--outDir', path.join(root, 'dist')], { cwd: repoRoot }).catch(
    () => undefined,
  );
  if (!fs.existsSync(path.join(root, 'dist', 'electron', 'cli', 'main.js')))
    throw new Error(`tsc did not build the CLI into ${root}`);
  fs.mkdirSync(path.join(root, 'bin'));
  const launcher = path.join(root, 'bin', 'memlens.js');
  fs.copyFileSync(path.join(repoRoot, 'bin', 'memlens.js'), launcher);
  return { launcher, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
