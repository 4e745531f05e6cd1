// Bundles the compiled CLI (dist/electron/cli/main.js) and its worker threads into dist/cli/, one
// flat folder as electron-vite lays out the app's main process. A search then loads ~40 files
// instead of ~360, and as CommonJS, which Node 20 loads faster than ES modules: per-module
// resolving, reading and linking were most of a one-shot CLI's start (docs/performance.md).
// Usage: node scripts/bundle-cli.mjs [dist|dist-bench]
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';

const out = path.resolve(process.argv[2] ?? 'dist');
const compiled = (...parts) => path.join(out, 'electron', ...parts);
const target = path.join(out, 'cli');

// Native modules and the model runtime load their binaries and data relative to their own package.
const EXTERNAL = [/^node:/, 'better-sqlite3', 'sqlite-vec', /^sqlite-vec-/, /^onnxruntime-/, /^@huggingface\//];

async function bundle(input, format, extension) {
  const { output } = await build({
    input,
    platform: 'node',
    external: EXTERNAL,
    logLevel: 'warn',
    output: {
      dir: target,
      format,
      entryFileNames: `[name].${extension}`,
      chunkFileNames: `[name]-[hash].${extension}`,
    },
  });
  return output.filter((file) => file.type === 'chunk');
}

fs.rmSync(target, { recursive: true, force: true });
const chunks = [
  // bin/memlens.js requires memlens.cjs.
  ...(await bundle({ memlens: compiled('cli', 'main.js') }, 'cjs', 'cjs')),
  // Each worker is found as `./<name>.js` beside the code that starts it (prepareWorkerUrl and the
  // like) and runs as an ES module, as it does unbundled: a second bundle, into the same folder.
  ...(await bundle(
    {
      'embed-worker': compiled('memory', 'embed', 'embed-worker.js'),
      'prepare-worker': compiled('memory', 'sync', 'prepare-worker.js'),
      'big-session-worker': compiled('memory', 'sync', 'big-session-worker.js'),
      'cedict-build-worker': compiled('memory', 'search', 'sqlite', 'query-expansion', 'cedict-build-worker.js'),
      'doctor-worker': compiled('app', 'doctor', 'doctor-worker.js'),
    },
    'esm',
    'js',
  )),
];
// Which source modules each file holds: the lazy-loading test reads it to tell what a command loaded.
const modules = Object.fromEntries(
  chunks.map((chunk) => [
    chunk.fileName,
    chunk.moduleIds.map((id) => path.relative(out, id).replaceAll(path.sep, '/')),
  ]),
);
fs.writeFileSync(path.join(target, 'modules.json'), JSON.stringify(modules, null, 1) + '\n');
