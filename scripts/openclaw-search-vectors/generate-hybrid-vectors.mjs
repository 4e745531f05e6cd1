// Produces shared/fixtures/openclaw-hybrid-vectors.json and e2e/fixtures/openclaw-2026.9-vectors/:
// OpenClaw's own `memory index` + hybrid `memory search --json` over hybrid-workspace.mjs, with
// memory.search.provider "openai-compatible" pointed at our test embeddings server on 127.0.0.1
// (the tiny ONNX model's vectors, serve-tiny-embeddings.ts), clock frozen. The agent database that
// run leaves behind (every chunk's vector, model named per chunk) is the vectors fixture.
//   OPENCLAW_DIR=/path/to/node_modules/openclaw OPENCLAW_NODE=/path/to/node24 \
//     node scripts/openclaw-search-vectors/generate-hybrid-vectors.mjs
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { HYBRID_MODEL, HYBRID_WORKSPACE, MTIME, NOW } from './hybrid-workspace.mjs';

const run = promisify(execFile);
const ocDir = process.env.OPENCLAW_DIR;
const nodeBin = process.env.OPENCLAW_NODE;
if (!ocDir || !nodeBin)
  throw new Error('Set OPENCLAW_DIR (the openclaw package folder) and OPENCLAW_NODE (a Node >= 24.16 binary)');
const version = JSON.parse(fs.readFileSync(path.join(ocDir, 'package.json'), 'utf8')).version;
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const FIXTURE_DIR = path.join(repo, 'e2e/fixtures/openclaw-2026.9-vectors');
const VECTORS_JSON = path.join(repo, 'shared/fixtures/openclaw-hybrid-vectors.json');

// 1. Our embeddings server (the tiny model), built from its TypeScript and run on this Node.
execFileSync(
  process.execPath,
  [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', path.join(here, 'tsconfig.tiny-server.json')],
  { stdio: 'inherit' },
);
const server = spawn(
  process.execPath,
  [path.join(repo, 'dist-fixture-tools/electron/memory/embed/test-support/serve-tiny-embeddings.js')],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
const lines = readline.createInterface({ input: server.stdout });
const nextLine = () => new Promise((resolve) => lines.once('line', (line) => resolve(JSON.parse(line))));
const { baseUrl } = await nextLine();
console.log(`embeddings server (tiny model) at ${baseUrl}`);

// 2. A sandbox state folder whose openclaw.json names that endpoint.
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-hybrid-'));
const state = path.join(home, '.openclaw');
const config = { memory: { search: { provider: 'openai-compatible', model: HYBRID_MODEL, remote: { baseUrl } } } };
write(path.join(state, 'openclaw.json'), `${JSON.stringify(config, null, 2)}\n`);
const mtime = new Date(MTIME);
for (const [rel, text] of Object.entries(HYBRID_WORKSPACE.files)) {
  const abs = path.join(state, 'workspace', rel);
  write(abs, text);
  fs.utimesSync(abs, mtime, mtime);
}
const env = {
  PATH: `${path.dirname(nodeBin)}:${process.env.PATH}`,
  HOME: home,
  TMPDIR: os.tmpdir(),
  OPENCLAW_DIR: ocDir,
  MEMLENS_FIXED_NOW: NOW,
  NO_COLOR: '1',
};
const preload = `--import=${pathToFileURL(path.join(here, 'fixed-clock.mjs')).href}`;

// 3. Index and search with OpenClaw's own CLI runtime (run-openclaw-search.mjs), then check the
// first queries through the `openclaw` CLI itself.
const queriesFile = path.join(home, 'queries.json');
fs.writeFileSync(queriesFile, JSON.stringify(HYBRID_WORKSPACE.queries));
const { stdout } = await run(nodeBin, [preload, path.join(here, 'run-openclaw-search.mjs'), queriesFile], {
  env,
  cwd: home,
  maxBuffer: 256 << 20,
});
const resultsOf = (response) =>
  (response.results ?? []).map((r) => ({
    path: r.path,
    startLine: r.startLine,
    endLine: r.endLine,
    score: r.score,
    vectorScore: r.vectorScore ?? null,
    textScore: r.textScore ?? null,
    snippet: r.snippet,
  }));
const vectors = stdout
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line))
  .map(({ query, response }) => {
    if (response.mode && response.mode !== 'hybrid')
      throw new Error(`"${query}" ran as ${response.mode}, not hybrid: ${JSON.stringify(response).slice(0, 400)}`);
    return { query, mode: response.mode ?? null, results: resultsOf(response) };
  });
for (const vector of vectors.slice(0, 2)) {
  const out = (
    await run(nodeBin, [path.join(ocDir, 'openclaw.mjs'), 'memory', 'search', vector.query, '--json'], {
      env: { ...env, NODE_OPTIONS: preload },
      cwd: home,
      maxBuffer: 64 << 20,
    })
  ).stdout;
  if (JSON.stringify(resultsOf(JSON.parse(out.slice(out.indexOf('{'))))) !== JSON.stringify(vector.results))
    throw new Error(`CLI and runner disagree on "${vector.query}"`);
}

// 4. The agent database that run built: its WAL folded in, refused if it holds credentials.
const db = path.join(state, 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
const stats = JSON.parse(
  execFileSync(
    nodeBin,
    [
      '-e',
      `
  const { DatabaseSync } = require('node:sqlite');
  const db = new DatabaseSync(process.argv[1]);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  for (const { name } of db.prepare("SELECT name FROM sqlite_schema WHERE type='table' AND name LIKE 'auth_profile_%'").all()) {
    const n = db.prepare('SELECT count(*) AS n FROM "' + name + '"').get().n;
    if (n !== 0) { console.error(name + ' has ' + n + ' rows'); process.exit(3); }
  }
  const models = db.prepare("SELECT model, count(*) AS chunks, min(length(embedding)) AS bytes FROM memory_index_chunks GROUP BY model").all();
  db.close();
  console.log(JSON.stringify(models));`,
      db,
    ],
    { env, encoding: 'utf8' },
  ),
);
fs.rmSync(FIXTURE_DIR, { recursive: true, force: true });
write(path.join(FIXTURE_DIR, 'openclaw.json'), `${JSON.stringify(config, null, 2)}\n`);
fs.cpSync(path.join(state, 'workspace'), path.join(FIXTURE_DIR, 'workspace'), {
  recursive: true,
  preserveTimestamps: true,
});
write(path.join(FIXTURE_DIR, 'agents/main/agent/openclaw-agent.sqlite'), fs.readFileSync(db));
fs.copyFileSync(path.join(here, 'vectors-fixture-readme.md'), path.join(FIXTURE_DIR, 'README.md'));
write(
  path.join(FIXTURE_DIR, 'MANIFEST.json'),
  `${JSON.stringify({ openclaw: version, madeBy: 'scripts/openclaw-search-vectors/generate-hybrid-vectors.mjs', embedder: { provider: 'openai-compatible', model: HYBRID_MODEL, served: 'the tiny test model (electron/memory/embed/test-support/tiny-model.ts), seed 42' }, chunks: stats }, null, 2)}\n`,
);

// 5. What the endpoint was asked.
server.stdin.end();
const { requests } = await nextLine();
const embedded = requests.reduce((n, r) => n + r.inputs, 0);
fs.rmSync(home, { recursive: true, force: true });
fs.writeFileSync(
  VECTORS_JSON,
  `${JSON.stringify(
    {
      about: `What OpenClaw ${version}'s hybrid memory_search (\`openclaw memory search --json\`, memory.search.provider "openai-compatible", model "${HYBRID_MODEL}" served by the tiny test model on 127.0.0.1, default weights) returns for each query over scripts/openclaw-search-vectors/hybrid-workspace.mjs, every file's mtime at \`mtime\`, the clock frozen at \`now\`. The agent database of the same run is e2e/fixtures/openclaw-2026.9-vectors/.`,
      openclawVersion: version,
      now: NOW,
      mtime: MTIME,
      model: HYBRID_MODEL,
      chunks: stats,
      embedRequests: {
        requests: requests.length,
        texts: embedded,
        queries: requests.filter(
          (r) => r.inputType === 'query' || (r.inputs === 1 && HYBRID_WORKSPACE.queries.includes(r.first)),
        ).length,
      },
      vectors,
    },
    null,
    1,
  )}\n`,
);
console.log(
  `OpenClaw ${version}: ${vectors.length} hybrid vectors -> ${path.relative(repo, VECTORS_JSON)}; agent database -> ${path.relative(repo, FIXTURE_DIR)}`,
);
console.log(
  `chunks by model: ${JSON.stringify(stats)}; the endpoint got ${requests.length} requests (${embedded} texts)`,
);

function write(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}
