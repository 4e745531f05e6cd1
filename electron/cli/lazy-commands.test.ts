// `memlens --help` and `memlens get` answer without loading the engine: the real launcher runs
// under a module loader hook that logs every ES module it loads, and CommonJS packages are read
// from the require cache, so a command table that imports an implementation eagerly fails here.
// The launcher runs the bundle (dist/cli/): each file of it loaded stands for the modules it holds.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
let tmp: string;
// The real launcher, compiled once for every test file by vitest's global setup (e2e/faults/support/build-cli.ts).
let launcher: string;

// Engine code: search layers, the engine, SQLite and its vector extension, models, dictionaries.
const ENGINE = [
  /\/dist\/electron\/memory\/search\//,
  /\/dist\/electron\/memory\/engine\.js$/,
  /\/dist\/electron\/memory\/embed\//,
  /\/dist\/electron\/memory\/index\//,
  /\/node_modules\/(better-sqlite3|sqlite-vec[^/]*|onnxruntime[^/]*|@huggingface)\//,
  /cedict|wordnet/i,
];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-lazy-cli-'));
  fs.mkdirSync(path.join(tmp, 'workspace', 'memory'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'workspace', 'MEMORY.md'), '# Notes\n\nThe deploy uses blue-green rollout.\n');
  const hooks = path.join(tmp, 'hooks.mjs');
  fs.writeFileSync(
    hooks,
    `import fs from 'node:fs';
export async function load(url, context, next) {
  fs.appendFileSync(process.env.ML_MODULE_LOG, url + '\\n');
  return next(url, context);
}
`,
  );
  fs.writeFileSync(
    path.join(tmp, 'register.mjs'),
    `import { register, createRequire } from 'node:module';
import fs from 'node:fs';
register(${JSON.stringify(pathToFileURL(hooks).href)});
const require = createRequire(import.meta.url);
process.on('exit', () => {
  for (const file of Object.keys(require.cache)) fs.appendFileSync(process.env.ML_MODULE_LOG, file + '\\n');
});
`,
  );
  launcher = inject('memlensBin');
}, 180_000);

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function modulesLoadedBy(args: string[]): Promise<{ stdout: string; files: string[]; modules: string[] }> {
  const log = path.join(tmp, `modules-${args[0]}.log`);
  const { stdout } = await run(process.execPath, ['--import', path.join(tmp, 'register.mjs'), launcher, ...args], {
    env: { ...process.env, ML_MODULE_LOG: log, MEMLENS_DATA_DIR: path.join(tmp, 'data') },
  });
  const files = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
  return { stdout, files, modules: files.flatMap(sourceModules) };
}

/** A loaded file of the bundle as the compiled modules it holds (scripts/bundle-cli.mjs lists them). */
function sourceModules(loaded: string): string[] {
  const dist = path.join(path.dirname(launcher), '..', 'dist');
  const file = loaded.startsWith('file:') ? fileURLToPath(loaded) : loaded;
  if (path.dirname(file) !== path.join(dist, 'cli')) return [loaded];
  const held = (
    JSON.parse(fs.readFileSync(path.join(dist, 'cli', 'modules.json'), 'utf8')) as Record<string, string[]>
  )[path.basename(file)];
  if (!held) throw new Error(`${path.basename(file)} is not in the bundle's modules.json`);
  return held.map((id) => pathToFileURL(path.resolve(dist, id)).href);
}

const engineModules = (modules: string[]): string[] => modules.filter((m) => ENGINE.some((re) => re.test(m)));

describe('commands load their code only when they run', () => {
  it('--help lists every command and loads no engine module', async () => {
    const { stdout, files, modules } = await modulesLoadedBy(['--help']);
    expect(files.some((f) => f.endsWith('/dist/cli/memlens.cjs'))).toBe(true);
    expect(stdout).toContain('search');
    expect(stdout).toContain('memlens help search');
    // Each command once (`secrets` was listed twice).
    const listed = stdout.split('\n').flatMap((line) => /^ {2}([a-z][a-z-]+) {2,}/.exec(line)?.[1] ?? []);
    expect(listed.length).toBeGreaterThan(10);
    expect(new Set(listed).size).toBe(listed.length);
    expect(modules.some((m) => m.endsWith('/cli/main.js'))).toBe(true);
    expect(engineModules(modules)).toEqual([]);
    // Nor the translations: i18next and the locale files load once a command runs or an error is told.
    expect(modules.filter((m) => /\/node_modules\/i18next\/|\/dist\/shared\/locales\/(?!names\.js)/.test(m))).toEqual(
      [],
    );
  }, 60_000);

  it('--help --lang zh-CN loads its Chinese help alone: no i18next, no other locale file', async () => {
    const { stdout, modules } = await modulesLoadedBy(['--help', '--lang', 'zh-CN']);
    expect(stdout).toContain('用法：memlens COMMAND [选项]');
    expect(modules.filter((m) => /\/node_modules\/i18next\/|\/dist\/shared\/locales\/(?!names\.js)/.test(m))).toEqual([
      expect.stringMatching(/\/dist\/shared\/locales\/zh-CN\/cli-help\.js$/),
    ]);
  }, 60_000);

  it('get prints the file and loads no engine module', async () => {
    const { stdout, modules } = await modulesLoadedBy(['get', 'MEMORY.md', '--workspace', path.join(tmp, 'workspace')]);
    expect(stdout).toContain('blue-green rollout');
    expect(engineModules(modules)).toEqual([]);
  }, 60_000);

  it('search loads the search code but not zod: it validates nothing a schema checks', async () => {
    const { stdout, modules } = await modulesLoadedBy(['search', 'deploy', '--workspace', path.join(tmp, 'workspace')]);
    expect(stdout).toContain('MEMORY.md');
    expect(engineModules(modules).some((m) => m.includes('/memory/search/'))).toBe(true);
    // zod's ~100 modules and every schema built at their load were ~50 ms of each search.
    expect(modules.filter((m) => /\/node_modules\/zod\//.test(m))).toEqual([]);
  }, 60_000);
});
