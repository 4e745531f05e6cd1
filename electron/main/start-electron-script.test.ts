// `npm start` where the Electron binary cannot be had: a clear message pointing to serve mode,
// exit code 1, no stack trace.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPackageRoot } from '../app/app-paths.js';

const root = findPackageRoot() ?? process.cwd();
const electronPresent = (() => {
  const pathFile = path.join(root, 'node_modules', 'electron', 'path.txt');
  return fs.existsSync(pathFile) && fs.existsSync(path.join(root, 'node_modules', 'electron', 'dist', fs.readFileSync(pathFile, 'utf8').trim()));
})();

describe('scripts/start-electron.js', () => {
  it.skipIf(electronPresent)('explains how to use serve mode when Electron is missing', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'start-electron.js')], {
      cwd: root,
      env: { ...process.env, MEMLENS_NO_ELECTRON_DOWNLOAD: '1' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The Electron binary is not available');
    expect(result.stderr).toContain('npm run serve');
    expect(result.stderr).toContain('bin/memlens.js serve');
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stderr).not.toMatch(/Error:/);
  });
});
