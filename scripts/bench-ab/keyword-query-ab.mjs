// Same-process A/B of the keyword query: two builds of the bench (`npx tsc -p tsconfig.bench.json`
// in two checkouts) each index the keywordSearch section's workspace (10k files, ~111k chunks), then
// every query of its mix is asked of A and of B in turn (alternating who goes first), twice; CPU
// time per query, medians. Usage: node scripts/bench-ab/keyword-query-ab.mjs <A/dist-bench> <B/dist-bench> [files]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [aDir, bDir, filesArg] = process.argv.slice(2);
if (!aDir || !bDir) throw new Error('usage: keyword-query-ab.mjs <A dist-bench> <B dist-bench> [files]');
const files = Number(filesArg ?? 10_000);
const SEED = 20261129;
const mod = (dir, rel) => import(pathToFileURL(path.resolve(dir, rel)).href);
const { generateSyntheticWorkspace } = await mod(bDir, 'bench/synthetic-workspace.js');
const { buildQueryMix } = await mod(bDir, 'bench/synthetic-text.js');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-ab-'));
const ws = generateSyntheticWorkspace({ dir: path.join(tmp, 'ws'), files, seed: SEED, meanTokens: 3300 });
const sides = [];
for (const [name, dir] of [
  ['A', aDir],
  ['B', bDir],
]) {
  const { openKeywordEngine } = await mod(dir, 'bench/open-engine.js');
  const stateDir = path.join(tmp, `state-${name}`);
  fs.mkdirSync(stateDir);
  const engine = await openKeywordEngine(ws.dir, stateDir);
  await engine.sync();
  sides.push({ name, engine, cpu: [] });
  process.stderr.write(`${name}: ${engine.status().chunks} chunks\n`);
}
const queries = buildQueryMix(SEED, 500).map((q) => q.query);
for (const side of sides) for (const query of queries.slice(0, 50)) await side.engine.search({ query });
async function cpuOf(engine, query) {
  const c = process.cpuUsage();
  const r = await engine.search({ query });
  const d = process.cpuUsage(c);
  return { ms: (d.user + d.system) / 1000, top: r.results.map((x) => `${x.path}:${x.startLine}`).join() };
}
let differing = 0;
const loads = [os.loadavg()[0]];
for (let round = 0; round < 2; round++) {
  for (const [i, query] of queries.entries()) {
    const order = (i + round) % 2 === 0 ? sides : [...sides].reverse();
    const got = [];
    for (const side of order) {
      const r = await cpuOf(side.engine, query);
      side.cpu.push(r.ms);
      got.push(r.top);
    }
    if (round === 0 && got[0] !== got[1]) differing += 1;
  }
  loads.push(os.loadavg()[0]);
}
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
const out = {
  chunks: sides[0].engine.status().chunks,
  queries: queries.length,
  loadAverage1m: loads.map((l) => Math.round(l * 100) / 100),
  queriesWithDifferentResults: differing,
};
for (const side of sides) {
  out[side.name] = {
    cpuP50Ms: +pct(side.cpu, 50).toFixed(3),
    cpuP95Ms: +pct(side.cpu, 95).toFixed(3),
    cpuMeanMs: +mean(side.cpu).toFixed(3),
  };
  await side.engine.close();
}
process.stdout.write(`${JSON.stringify(out)}\n`);
fs.rmSync(tmp, { recursive: true, force: true });
