// Produces shared/fixtures/openclaw-search-vectors.json: for three workspaces (search-workspaces.mjs)
// and every query, what OpenClaw's own keyword-only memory_search returns, by running its CLI in a
// sandbox HOME with provider "none" and a frozen clock (run-openclaw-search.mjs; a few queries are
// re-run through the CLI itself to check). Needs OpenClaw (not part of this repository) and a Node it runs on:
//   OPENCLAW_DIR=/path/to/node_modules/openclaw OPENCLAW_NODE=/path/to/node24 \
//     node scripts/openclaw-search-vectors/generate-search-vectors.mjs
// With ONLY_BOOTSTRAP=1 it writes shared/fixtures/openclaw-annotated-bootstrap-vectors.json instead
// (run-openclaw-bootstrap.mjs: the prompt budget of annotated MEMORY.md / USER.md).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { commonPrefix, commonSuffix } from '../openclaw-vectors/vector-inputs.mjs';
import { promisify } from 'node:util';
import { annotatedBootstrapFiles, BOOTSTRAP_SIZES, MTIME, NOW, WORKSPACES } from './search-workspaces.mjs';

const run = promisify(execFile);
const ocDir = process.env.OPENCLAW_DIR;
const nodeBin = process.env.OPENCLAW_NODE;
if (!ocDir || !nodeBin)
  throw new Error('Set OPENCLAW_DIR (the openclaw package folder) and OPENCLAW_NODE (a Node >= 24.16 binary)');
const version = JSON.parse(fs.readFileSync(path.join(ocDir, 'package.json'), 'utf8')).version;
const here = path.dirname(new URL(import.meta.url).pathname);
const only = process.env.ONLY_WORKSPACE;
const cliChecks = Number(process.env.CLI_CHECKS ?? 3);

function openclawEnv(home) {
  return {
    PATH: `${path.dirname(nodeBin)}:${process.env.PATH}`,
    HOME: home,
    TMPDIR: os.tmpdir(),
    OPENCLAW_DIR: ocDir,
    MEMLENS_FIXED_NOW: NOW,
  };
}

function writeWorkspace(root, files) {
  const mtime = new Date(MTIME);
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
    fs.utimesSync(abs, mtime, mtime);
  }
}

function resultsOf(response) {
  return (response.results ?? []).map((r) => ({
    path: r.path,
    startLine: r.startLine,
    endLine: r.endLine,
    score: r.score,
    textScore: r.textScore,
    snippet: r.snippet,
    ...(r.importance !== undefined ? { importance: r.importance } : {}),
  }));
}

async function runWorkspace(ws) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), `oc-search-${ws.name}-`));
  fs.mkdirSync(path.join(home, '.openclaw'), { recursive: true });
  fs.writeFileSync(
    path.join(home, '.openclaw', 'openclaw.json'),
    JSON.stringify({ memory: { search: { provider: 'none' } } }),
  );
  writeWorkspace(path.join(home, '.openclaw', 'workspace'), ws.files);
  const queriesFile = path.join(home, 'queries.json');
  fs.writeFileSync(queriesFile, JSON.stringify(ws.queries));
  const preload = `--import=${pathToFileURL(path.join(here, 'fixed-clock.mjs')).href}`;
  const { stdout } = await run(nodeBin, [preload, path.join(here, 'run-openclaw-search.mjs'), queriesFile], {
    env: openclawEnv(home),
    cwd: home,
    maxBuffer: 256 << 20,
  });
  const vectors = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .map(({ query, response }) => ({ workspace: ws.name, query, results: resultsOf(response) }));
  // The in-process runner must answer as the CLI does: check the first queries through `openclaw memory search`.
  for (const vector of vectors.slice(0, cliChecks)) {
    const env = { ...openclawEnv(home), NODE_OPTIONS: preload };
    const out = (
      await run(nodeBin, [path.join(ocDir, 'openclaw.mjs'), 'memory', 'search', vector.query, '--json'], {
        env,
        cwd: home,
        maxBuffer: 64 << 20,
      })
    ).stdout;
    const viaCli = resultsOf(JSON.parse(out.slice(out.indexOf('{'))));
    if (JSON.stringify(viaCli) !== JSON.stringify(vector.results))
      throw new Error(`CLI and runner disagree on ${ws.name} "${vector.query}"`);
  }
  fs.rmSync(home, { recursive: true, force: true });
  console.log(`${ws.name}: ${vectors.length} queries (${Math.min(cliChecks, vectors.length)} checked through the CLI)`);
  return vectors;
}

/** What OpenClaw injects for annotated MEMORY.md / USER.md (do annotations count in the budget?). */
async function runBootstrap(size) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-bootstrap-'));
  const dir = path.join(home, 'workspace');
  writeWorkspace(dir, annotatedBootstrapFiles(size));
  const { stdout } = await run(nodeBin, [path.join(here, 'run-openclaw-bootstrap.mjs'), dir], {
    env: openclawEnv(home),
    cwd: home,
    maxBuffer: 64 << 20,
  });
  fs.rmSync(home, { recursive: true, force: true });
  const { injected, warnings } = JSON.parse(stdout);
  const files = annotatedBootstrapFiles(size);
  return {
    size,
    outputs: injected.map(({ name, content }) => {
      const base = files[name].trimEnd();
      const head = commonPrefix(base, content);
      const tail = Math.min(commonSuffix(base, content), content.length - head, base.length - head);
      return { name, length: content.length, head, tail, mid: content.slice(head, content.length - tail) };
    }),
    warnings,
  };
}

if (process.env.ONLY_BOOTSTRAP) {
  const bootstrap = [];
  for (const size of BOOTSTRAP_SIZES) bootstrap.push(await runBootstrap(size));
  const target = path.resolve(here, '../../shared/fixtures/openclaw-annotated-bootstrap-vectors.json');
  fs.writeFileSync(
    target,
    `${JSON.stringify(
      {
        about: `What OpenClaw ${version} injects into the prompt for annotated MEMORY.md / USER.md (search-workspaces.mjs annotatedBootstrapFiles), by its own loadWorkspaceBootstrapFiles + buildBootstrapContextFiles with the default limits; each output is file.trimEnd().slice(0, head) + mid + file.trimEnd().slice(-tail).`,
        openclawVersion: version,
        vectors: bootstrap,
      },
      null,
      1,
    )}\n`,
  );
  console.log(`${bootstrap.length} bootstrap vectors -> ${target}`);
  process.exit(0);
}

const workspaces = WORKSPACES.filter((w) => !only || w.name === only);
const perWorkspace = [];
for (const ws of workspaces) perWorkspace.push(await runWorkspace(ws));
const out = path.resolve(here, '../../shared/fixtures/openclaw-search-vectors.json');
fs.writeFileSync(
  out,
  `${JSON.stringify(
    {
      about: `What OpenClaw ${version}'s keyword-only memory_search (CLI \`openclaw memory search --json\`, memory.search.provider "none", default maxResults/minScore) returns for each query over the workspaces of scripts/openclaw-search-vectors/search-workspaces.mjs, with every file's mtime at \`mtime\` and the clock frozen at \`now\`.`,
      openclawVersion: version,
      now: NOW,
      mtime: MTIME,
      vectors: perWorkspace.flat(),
    },
    null,
    1,
  )}\n`,
);
console.log(`\n${perWorkspace.flat().length} vectors -> ${out}`);
