// `npm start` where the Electron binary cannot be had: no dead end — a one-line reason, then the
// same app served to the browser on the default workspace, its URL printed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPackageRoot } from '../app/app-paths.js';

const root = findPackageRoot() ?? process.cwd();
const electronPresent = (() => {
  const pathFile = path.join(root, 'node_modules', 'electron', 'path.txt');
  return (
    fs.existsSync(pathFile) &&
    fs.existsSync(path.join(root, 'node_modules', 'electron', 'dist', fs.readFileSync(pathFile, 'utf8').trim()))
  );
})();

describe('scripts/start-electron.js', () => {
  it.skipIf(electronPresent)(
    'without Electron, says why in one line and serves the app to the browser instead',
    async () => {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-start-'));
      const child = spawn(process.execPath, [path.join(root, 'scripts', 'start-electron.js'), '--port', '0'], {
        cwd: root,
        // A fresh home: the default workspace is then a copy of the bundled sample.
        env: {
          ...process.env,
          HOME: home,
          MEMLENS_DATA_DIR: path.join(home, 'data'),
          MEMLENS_NO_ELECTRON_DOWNLOAD: '1',
          MEMLENS_NO_BROWSER: '1',
          MEMLENS_MODEL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      try {
        const url = await new Promise<string>((resolve, reject) => {
          const timer = setInterval(() => {
            const match = /Open: (http:\/\/\S+)/.exec(stdout);
            if (match?.[1]) {
              clearInterval(timer);
              resolve(match[1]);
            }
          }, 100);
          child.once('exit', (code) => {
            clearInterval(timer);
            reject(new Error(`exited ${code}:\n${stdout}\n${stderr}`));
          });
        });
        expect(stderr.split('\n')[0]).toMatch(
          /^memlens: the Electron binary is not on this machine .* starting Memory Lens in your browser instead/,
        );
        expect(stderr).not.toMatch(/^\s+at /m);
        expect(stdout).toContain('a copy of the bundled sample workspace');
        // The UI is served, not a "not built" page (the first request trades the token for a cookie).
        const first = await fetch(url, { redirect: 'manual' });
        const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
        const page = await fetch(new URL('/', url), { headers: { cookie } });
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<div id="root">');
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
        fs.rmSync(home, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
