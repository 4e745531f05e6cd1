// Before any spec: compile the CLI/server (bin/memlens.js runs dist/) so specs never test a stale
// build, and build the renderer if it is missing (`npm test` builds it just before).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export default function globalSetup(): void {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const run = (args: string[]) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  try {
    run([path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.node.json']);
  } catch {
    // Type errors still emit JavaScript; the specs say whether the build works.
  }
  if (!fs.existsSync(path.join(root, 'renderer-dist', 'index.html'))) {
    run([path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'vite.renderer.config.ts']);
  }
}
