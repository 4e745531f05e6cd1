// What a user installs holds no test-only code: the production node build (tsconfig.node.json →
// dist/, run by bin/memlens.js after `npm install`) and the production renderer (renderer-dist/).
// Test helpers may import devDependencies (onnx-proto), which `npm install --omit=dev` leaves out,
// and the benchmark hooks let any page script drive the store. Each build goes to a temp folder;
// the bench builds are built too, so every check is shown to find what it looks for.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const BUILD_TIMEOUT_MS = 15 * 60_000;
const run = promisify(execFile);

let tmp: string;
const out = { node: '', nodeBench: '', renderer: '', rendererBench: '' };

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-builds-'));
  for (const key of Object.keys(out) as (keyof typeof out)[]) out[key] = path.join(tmp, key);
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = (args: string[]) => run(process.execPath, args, { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  // `npm run check` type-checks; here only what the builds emit matters (--noCheck: a fifth of the time).
  await Promise.all([
    build([tsc, '-p', 'tsconfig.node.json', '--noCheck', '--outDir', out.node]),
    build([tsc, '-p', 'tsconfig.bench.json', '--noCheck', '--outDir', out.nodeBench]),
    build([
      vite,
      'build',
      '--config',
      'vite.renderer.config.ts',
      '--outDir',
      out.renderer,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]),
    build([
      vite,
      'build',
      '--config',
      'vite.renderer.config.ts',
      '--mode',
      'bench',
      '--outDir',
      out.rendererBench,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]),
  ]);
  // bin/memlens.js runs the bundle of that build, as `npm run build:node` makes it.
  await build([path.join(root, 'scripts', 'bundle-cli.mjs'), out.node]);
}, BUILD_TIMEOUT_MS);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Every file under `dir`, relative, with forward slashes. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

function filesMentioning(dir: string, text: string): string[] {
  return filesUnder(dir).filter((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes(text));
}

const TEST_ONLY_PATH = /test-support|tiny-model|bench/;

/** Packages the compiled JavaScript imports (static, dynamic, re-exports), by package name. */
function importedPackages(dir: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  for (const file of filesUnder(dir).filter((f) => f.endsWith('.js'))) {
    for (const { fileName } of ts.preProcessFile(fs.readFileSync(path.join(dir, file), 'utf8'), true, true)
      .importedFiles) {
      if (fileName.startsWith('.') || fileName.startsWith('node:')) continue;
      const name = fileName
        .split('/')
        .slice(0, fileName.startsWith('@') ? 2 : 1)
        .join('/');
      packages.set(name, [...(packages.get(name) ?? []), file]);
    }
  }
  return packages;
}

const devDependencies = Object.keys(
  (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
    .devDependencies,
);

describe('the production node build (tsconfig.node.json → dist/)', () => {
  it('holds the CLI and the workers beside the modules that load them', () => {
    expect(filesUnder(out.node)).toEqual(
      expect.arrayContaining([
        'electron/cli/main.js',
        'electron/memory/embed/worker-thread-transport.js',
        'electron/memory/embed/embed-worker.js',
        'electron/memory/sync/prepare-pool.js',
        'electron/memory/sync/prepare-worker.js',
        'electron/memory/sync/big-session-worker.js',
        'electron/memory/search/sqlite/query-expansion/cedict-build-worker.js',
      ]),
    );
  });

  it('bundles the CLI and its workers into cli/, from no test-support, tiny-model or bench module', () => {
    expect(filesUnder(path.join(out.node, 'cli'))).toEqual(
      expect.arrayContaining([
        'memlens.cjs',
        'embed-worker.js',
        'prepare-worker.js',
        'big-session-worker.js',
        'cedict-build-worker.js',
        'doctor-worker.js',
      ]),
    );
    const bundled = Object.values(
      JSON.parse(fs.readFileSync(path.join(out.node, 'cli', 'modules.json'), 'utf8')) as Record<string, string[]>,
    ).flat();
    expect(bundled).toContain('electron/cli/main.js');
    expect(bundled.filter((id) => TEST_ONLY_PATH.test(id) || id.includes('onnx-proto'))).toEqual([]);
  });

  it('has no test-support, tiny-model or bench file', () => {
    expect(filesUnder(out.node).filter((f) => TEST_ONLY_PATH.test(f))).toEqual([]);
  });

  it('never mentions onnx-proto and imports no devDependency', () => {
    expect(filesMentioning(out.node, 'onnx-proto')).toEqual([]);
    const imported = importedPackages(out.node);
    expect(
      devDependencies.filter((dep) => imported.has(dep)).map((dep) => `${dep} ← ${imported.get(dep)!.join(', ')}`),
    ).toEqual([]);
  });
});

describe('the bench node build (tsconfig.bench.json → dist-bench/), the checks above turned round', () => {
  it('holds the benchmarks, the tiny model and its onnx-proto import', () => {
    const files = filesUnder(out.nodeBench);
    expect(files).toEqual(
      expect.arrayContaining([
        'bench/run-benchmarks.js',
        'bench/cmrc-eval.js',
        'electron/memory/embed/test-support/tiny-model.js',
      ]),
    );
    expect(files.filter((f) => TEST_ONLY_PATH.test(f)).length).toBeGreaterThan(0);
    expect(filesMentioning(out.nodeBench, 'onnx-proto')).toContain('electron/memory/embed/test-support/tiny-model.js');
    expect(importedPackages(out.nodeBench).has('onnx-proto')).toBe(true);
  });

  it('holds the workers beside the modules that load them', () => {
    expect(filesUnder(out.nodeBench)).toEqual(
      expect.arrayContaining([
        'electron/memory/embed/worker-thread-transport.js',
        'electron/memory/embed/embed-worker.js',
        'electron/memory/sync/prepare-pool.js',
        'electron/memory/sync/prepare-worker.js',
        'electron/memory/sync/big-session-worker.js',
        'electron/memory/search/sqlite/query-expansion/cedict-build-worker.js',
      ]),
    );
  });
});

describe('the renderer bundle', () => {
  it('built for production (renderer-dist/) has no benchmark hooks', () => {
    expect(filesUnder(out.renderer)).toContain('index.html');
    expect(filesMentioning(out.renderer, '__memlensBench')).toEqual([]);
    expect(filesUnder(out.renderer).filter((f) => /bench/i.test(f))).toEqual([]);
  });

  it('built with --mode bench (renderer-dist-bench/) has them', () => {
    expect(filesUnder(out.rendererBench)).toContain('index.html');
    expect(filesMentioning(out.rendererBench, '__memlensBench').length).toBeGreaterThan(0);
  });
});
