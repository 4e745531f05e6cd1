// Cold keyword-only index of CMRC 2018 by two bench builds, alternating, a child process per run
// (bench/cold-index-child.js of each: warm-up index untimed), then every CMRC question asked of
// both indexes: CPU medians and whether the top results (path, lines, score) are identical.
// Usage: node scripts/bench-ab/cold-index-ab.mjs <A dist-bench> <B dist-bench> [runs]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [aDir, bDir, runsArg] = process.argv.slice(2);
if (!aDir || !bDir) throw new Error('usage: cold-index-ab.mjs <A dist-bench> <B dist-bench> [runs]');
const runs = Number(runsArg ?? 6);
const mod = (dir, rel) => import(pathToFileURL(path.resolve(dir, rel)).href);
const { loadCmrcParagraphs, writeCmrcWorkspace } = await mod(bDir, 'bench/cmrc-dataset.js');
const { defaultCmrcPath } = await mod(bDir, 'bench/repo-paths.js');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cold-ab-'));
const ws = path.join(tmp, 'cmrc');
const queries = writeCmrcWorkspace(ws, loadCmrcParagraphs(defaultCmrcPath())).map((q) => q.query);
const samples = { A: [], B: [] };
const loads = [os.loadavg()[0]];
for (let i = 0; i < runs; i++) {
  for (const name of i % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
    const state = path.join(tmp, `${name}-${i}`);
    fs.mkdirSync(state);
    const out = execFileSync(
      process.execPath,
      [path.resolve(name === 'A' ? aDir : bDir, 'bench/cold-index-child.js'), ws, state],
      { encoding: 'utf8' },
    );
    samples[name].push(JSON.parse(out.trim().split('\n').pop()));
  }
  loads.push(os.loadavg()[0]);
}
const med = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];
const result = { runs, loadAverage1m: loads.map((l) => Math.round(l * 100) / 100) };
for (const name of ['A', 'B'])
  result[name] = {
    medianMs: Math.round(med(samples[name].map((s) => s.ms))),
    medianCpuMs: Math.round(med(samples[name].map((s) => s.cpuMs))),
    chunks: samples[name][0].chunks,
  };
// Top results of every question, from each side's last index (reopened by its own engine).
const engines = [];
for (const [name, dir] of [
  ['A', aDir],
  ['B', bDir],
]) {
  const { openKeywordEngine } = await mod(dir, 'bench/open-engine.js');
  engines.push(await openKeywordEngine(ws, path.join(tmp, `${name}-${runs - 1}`, 'cold')));
}
let differing = 0;
for (const query of queries) {
  const [a, b] = await Promise.all(
    engines.map(async (e) =>
      JSON.stringify((await e.search({ query })).results.map((r) => [r.path, r.startLine, r.endLine, r.score])),
    ),
  );
  if (a !== b) differing += 1;
}
for (const e of engines) await e.close();
result.queries = queries.length;
result.queriesWithDifferentTopResults = differing;
process.stdout.write(`${JSON.stringify(result)}\n`);
fs.rmSync(tmp, { recursive: true, force: true });
