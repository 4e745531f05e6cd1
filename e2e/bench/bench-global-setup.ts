// Before the UI benchmarks: everything the e2e specs need (dist/ for `memlens serve`), plus the
// bench build of the renderer — the only build with window.__memlensBench. Rebuilt every run so
// a benchmark never measures a stale UI.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import globalSetup from '../support/global-setup.js';

export default function benchGlobalSetup(): void {
  globalSetup();
  const root = path.resolve(import.meta.dirname, '..', '..');
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'vite.renderer.config.ts',
      '--mode',
      'bench',
    ],
    { cwd: root, stdio: 'inherit' },
  );
}
