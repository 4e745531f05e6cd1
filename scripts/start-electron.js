#!/usr/bin/env node
// `npm start`: the desktop app. Steps:
//  1. Find the Electron binary (Electron 45 downloads it on first start, not at npm install). If it
//     is missing and cannot be downloaded, say so in one line and run the same app in the browser
//     (scripts/browser-fallback.js: build, `memlens serve` on the default workspace, open the URL).
//  2. Build main, preload and renderer (electron-vite build).
//  3. Build better-sqlite3 for Electron's ABI into .cache/electron-native/ (a copy of the package,
//     so node_modules keeps the Node build that `npm test` and the CLI use). @electron/rebuild
//     offline silently builds for Node's ABI, so node-gyp is called directly with Electron's headers.
//  4. Launch Electron with MEMLENS_NATIVE_BINDING pointing at that build (the engine passes it to
//     better-sqlite3's nativeBinding option).
// Set MEMLENS_NO_ELECTRON_DOWNLOAD=1 to skip the download attempt (offline machines, tests).
// `--prepare-only` stops after step 3 and prints the native binding's path (the Electron e2e
// specs launch the app themselves through Playwright).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInBrowser } from './browser-fallback.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const electronDir = path.join(root, 'node_modules', 'electron');

function fail(message) {
  process.stderr.write(`\nmemlens: ${message}\n\n`);
  process.exit(1);
}

function electronBinary() {
  const pathFile = path.join(electronDir, 'path.txt');
  if (!fs.existsSync(pathFile)) return null;
  const binary = path.join(electronDir, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(binary) ? binary : null;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status === 0;
}

/** Why there is no desktop window, in one line; the browser takes over (same app, serve mode). */
const NO_ELECTRON =
  'the Electron binary is not on this machine and could not be downloaded (for the desktop app, run ' +
  '`node node_modules/electron/install.js` where github.com is reachable)';

// A failed download is remembered per Electron version, so an offline machine is not told
// "downloading (once)…" and made to wait on every start; deleting the file tries again.
const failedStamp = path.join(root, '.cache', 'electron-download-failed');
const electronPackage = path.join(electronDir, 'package.json');
const wantedVersion = fs.existsSync(electronPackage)
  ? JSON.parse(fs.readFileSync(electronPackage, 'utf8')).version
  : null;
let binary = wantedVersion ? electronBinary() : null;
const failedBefore =
  fs.existsSync(failedStamp) && fs.readFileSync(failedStamp, 'utf8').split('\n')[0] === wantedVersion;
if (!binary && wantedVersion && failedBefore) {
  process.stderr.write(
    `memlens: no Electron binary (its download failed before; delete ${path.relative(root, failedStamp)} to try again)\n`,
  );
} else if (!binary && wantedVersion && process.env.MEMLENS_NO_ELECTRON_DOWNLOAD !== '1') {
  process.stderr.write(`memlens: downloading the Electron ${wantedVersion} binary (first start only)…\n`);
  run(process.execPath, [path.join(electronDir, 'install.js')], {
    stdio: ['ignore', 'inherit', 'pipe'],
    timeout: 10 * 60_000,
  });
  binary = electronBinary();
  if (!binary) {
    fs.mkdirSync(path.dirname(failedStamp), { recursive: true });
    fs.writeFileSync(failedStamp, `${wantedVersion}\n${new Date().toISOString()}\n`);
  }
}
if (!binary && process.argv.includes('--prepare-only')) fail(`${NO_ELECTRON}.`);
if (!binary) process.exit(await runInBrowser(root, process.argv.slice(2), NO_ELECTRON));

const electronVersion = JSON.parse(fs.readFileSync(path.join(electronDir, 'package.json'), 'utf8')).version;

// 2. Build.
if (!run(process.execPath, [path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'])) {
  fail('electron-vite build failed (see above).');
}

// 3. better-sqlite3 for Electron's ABI, rebuilt only when Electron or better-sqlite3 changed.
const sqliteSource = path.join(root, 'node_modules', 'better-sqlite3');
const sqliteVersion = JSON.parse(fs.readFileSync(path.join(sqliteSource, 'package.json'), 'utf8')).version;
const nativeDir = path.join(root, '.cache', 'electron-native', 'better-sqlite3');
const binding = path.join(nativeDir, 'build', 'Release', 'better_sqlite3.node');
const stampFile = path.join(nativeDir, '.built-for');
const stamp = `electron ${electronVersion} / better-sqlite3 ${sqliteVersion} / ${process.platform}-${process.arch}`;
const built = fs.existsSync(binding) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp;
if (!built) {
  process.stderr.write(
    `memlens: building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} (once, about a minute)…\n`,
  );
  fs.rmSync(nativeDir, { recursive: true, force: true });
  fs.mkdirSync(nativeDir, { recursive: true });
  for (const entry of ['binding.gyp', 'deps', 'src', 'lib', 'package.json']) {
    fs.cpSync(path.join(sqliteSource, entry), path.join(nativeDir, entry), { recursive: true });
  }
  const npmGyp = path.join(
    path.dirname(process.execPath),
    '..',
    'lib',
    'node_modules',
    'npm',
    'node_modules',
    'node-gyp',
    'bin',
    'node-gyp.js',
  );
  const gypArgs = [
    'rebuild',
    '--release',
    `--target=${electronVersion}`,
    '--dist-url=https://electronjs.org/headers',
    '--runtime=electron',
    `--arch=${process.arch}`,
  ];
  const ok = fs.existsSync(npmGyp)
    ? run(process.execPath, [npmGyp, ...gypArgs], { cwd: nativeDir })
    : run(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--yes', 'node-gyp', ...gypArgs], { cwd: nativeDir });
  if (!ok || !fs.existsSync(binding)) {
    fail(`building better-sqlite3 for Electron ${electronVersion} failed (see above). It needs a C++ toolchain and
  access to https://electronjs.org/headers. Meanwhile the browser UI works: npm run serve`);
  }
  fs.writeFileSync(stampFile, stamp);
}

if (process.argv.includes('--prepare-only')) {
  process.stdout.write(`${JSON.stringify({ electron: binary, nativeBinding: binding })}\n`);
  process.exit(0);
}

// 4. Launch.
const result = spawnSync(binary, [root, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, MEMLENS_NATIVE_BINDING: binding },
});
process.exit(result.status ?? 1);
