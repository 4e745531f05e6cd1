// Tests that need a second real process (two engines racing for one index) run the engine's own
// code in a child `node`. Under vitest that code is TypeScript, so this compiles an entry and every
// module it loads (the worker builder's import walk) into a private temp folder — not into dist/,
// which other tests and `tsc` write concurrently. Packages resolve through a
// node_modules link to the repository's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWorkers } from '../../test-support/build-workers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Compiles `entry` (a repository-relative .ts path) and its imports; returns the compiled entry's absolute path. */
export function compileForChild(entry: string): string {
  const outRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-child-build-'));
  fs.writeFileSync(path.join(outRoot, 'package.json'), JSON.stringify({ type: 'module' }));
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(outRoot, 'node_modules'), 'dir');
  buildWorkers(outRoot, [path.join(repoRoot, entry)]);
  return path.join(outRoot, entry).replace(/\.ts$/, '.js');
}
