// `npm start` where Electron's binary cannot be had (offline machines, locked-down CI, a server
// reached over SSH): rather than a dead end, the same app in the browser. Builds what is out of
// date (engine + CLI into dist/, the UI into renderer-dist/), starts `memlens serve` on the default
// workspace (~/.openclaw/workspace, else a copy of the sample), prints its URL — and opens it when
// there is a desktop to open it on. Ctrl+C stops it. MEMLENS_NO_BROWSER=1 never opens a browser.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Newest modification time of the files under `dirs` (recursively), 0 when there are none. */
function newestMtime(root, dirs) {
  let newest = 0;
  const walk = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return newest;
}

/** True when `output` is missing or older than any file under `sources`. */
function isStale(root, output, sources) {
  const stat = fs.statSync(path.join(root, output), { throwIfNoEntry: false });
  return !stat || stat.mtimeMs < newestMtime(root, sources);
}

function build(root, label, args) {
  process.stderr.write(`memlens: building ${label}…\n`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return result.status === 0;
}

/** A desktop session to open a browser on (not a bare SSH login or a container). */
function hasDesktop(env = process.env) {
  if (env.MEMLENS_NO_BROWSER === '1') return false;
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

function openInBrowser(url) {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => process.stderr.write(`memlens: could not open a browser; open ${url} yourself.\n`));
    child.unref();
  } catch {
    process.stderr.write(`memlens: could not open a browser; open ${url} yourself.\n`);
  }
}

export function runInBrowser(root, args, why) {
  process.stderr.write(
    `memlens: ${why} — starting Memory Lens in your browser instead (the same app, served on 127.0.0.1).\n`,
  );
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  if (
    isStale(root, path.join('dist', 'electron', 'cli', 'main.js'), ['electron', 'shared']) &&
    !build(root, 'the engine and CLI', [tsc, '-p', 'tsconfig.node.json'])
  ) {
    process.stderr.write('memlens: building the engine failed (see above).\n');
    return 1;
  }
  if (
    isStale(root, path.join('renderer-dist', 'index.html'), ['renderer', 'shared']) &&
    !build(root, 'the UI', [vite, 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'])
  ) {
    process.stderr.write('memlens: building the UI failed (see above).\n');
    return 1;
  }
  const child = spawn(process.execPath, [path.join(root, 'bin', 'memlens.js'), 'serve', ...args], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'inherit'],
  });
  let opened = false;
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    buffered += chunk.toString();
    const match = /Open: (http:\/\/\S+)/.exec(buffered);
    if (match && !opened) {
      opened = true;
      if (hasDesktop()) openInBrowser(match[1]);
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
}
