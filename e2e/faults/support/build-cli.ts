// vitest global setup for the fault-injection tests: they run the real `memlens` (bin/memlens.js,
// which loads dist/) in child processes they can kill, starve or confine. Compile the CLI and
// everything it imports into dist/ first (the worker builder's import walk), so a child never runs
// a stale build. Runs once, before any test: nothing else writes dist/ meanwhile.
import path from 'node:path';
import { buildWorkers } from '../../../electron/memory/test-support/build-workers.js';

export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '..', '..', '..');
  buildWorkers(path.join(root, 'dist'), [path.join(root, 'electron', 'cli', 'main.ts')]);
}
