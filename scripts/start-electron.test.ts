// `npm start` on a machine where the Electron download fails: it is tried once, not on every start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const scripts = import.meta.dirname;
let tmp = '';
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('scripts/start-electron.js', () => {
  it('says "downloading" on the first start only, and how to try again after a failed download', () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-start-'));
    fs.mkdirSync(path.join(tmp, 'scripts'));
    for (const name of ['start-electron.js', 'browser-fallback.js'])
      fs.copyFileSync(path.join(scripts, name), path.join(tmp, 'scripts', name));
    // An Electron package whose install step cannot download (as offline): it exits non-zero.
    const electron = path.join(tmp, 'node_modules', 'electron');
    fs.mkdirSync(electron, { recursive: true });
    fs.writeFileSync(path.join(electron, 'package.json'), JSON.stringify({ name: 'electron', version: '45.0.0' }));
    fs.writeFileSync(path.join(electron, 'install.js'), 'process.exit(1);\n');
    const start = () =>
      spawnSync(process.execPath, [path.join(tmp, 'scripts', 'start-electron.js'), '--prepare-only'], {
        cwd: tmp,
        encoding: 'utf8',
        env: { ...process.env, MEMLENS_NO_ELECTRON_DOWNLOAD: '' },
      });
    const first = start();
    expect(first.status).toBe(1);
    expect(first.stderr).toContain('downloading the Electron 45.0.0 binary (first start only)');
    const second = start();
    expect(second.status).toBe(1);
    expect(second.stderr).not.toContain('downloading');
    expect(second.stderr).toContain('delete .cache/electron-download-failed to try again');
  });
});
