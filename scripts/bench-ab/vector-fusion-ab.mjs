// Same-process A/B of the vectorSearch section's "vector + fusion" query: one 100k × 384 index
// (built by B's bench code, one copy of the file per side so neither sees the other's connection),
// opened by each build's own openIndexDb, every query asked of A's and
// B's runSearch in turn (alternating who goes first), twice; CPU time per query, medians. A build
// before IndexSession (45cdeff) takes { db }, a later one { session }.
// Usage: node scripts/bench-ab/vector-fusion-ab.mjs <A dist-bench> <B dist-bench> [count]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [aDir, bDir, countArg] = process.argv.slice(2);
if (!aDir || !bDir) throw new Error('usage: vector-fusion-ab.mjs <A dist-bench> <B dist-bench> [count]');
const count = Number(countArg ?? 100_000);
const SEED = 20261129;
const DIMS = 384;
// AB_MIN_SCORE=0: both return their top 6 (45cdeff returned none of these random-vector queries at
// the default minScore; later builds keep keyword matches below it, issue 19).
const extra = process.env.AB_MIN_SCORE !== undefined ? { minScore: Number(process.env.AB_MIN_SCORE) } : {};
const mod = (dir, rel) => import(pathToFileURL(path.resolve(dir, rel)).href);
// search/ split into core, sqlite and run; either side of the A/B may predate the split.
const searchMod = (dir, name) =>
  mod(dir, `electron/memory/search/${name}.js`).catch(() =>
    mod(dir, `electron/memory/search/${name.replace(/^(core|sqlite|run)\//, '')}.js`),
  );
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vec-ab-'));
const dbPath = path.join(tmp, 'vectors.sqlite');
const embedding = { provider: 'bench', model: 'random-unit-vectors', providerKey: 'bench', dims: DIMS };
const text = await mod(bDir, 'bench/synthetic-text.js');
const rng = text.createRng(SEED);
const queries = text.buildQueries(SEED, 300);
const corpus = await mod(bDir, 'bench/vector-corpus.js');
const queryVectors = [];
const sides = [];
{
  const { openIndexDb } = await mod(bDir, 'electron/memory/index/index-db.js');
  const { SCHEMA_VERSION } = await mod(bDir, 'electron/memory/index/schema.js');
  const { CHUNKER_VERSION } = await mod(bDir, 'electron/memory/chunk/chunker.js');
  const index = openIndexDb(dbPath, {
    expected: { schemaVersion: SCHEMA_VERSION, chunkerVersion: CHUNKER_VERSION, embedding },
  });
  corpus.buildVectorIndex(index.db, count, rng, DIMS);
  for (const _ of queries) queryVectors.push(corpus.randomUnitVector(rng, DIMS));
  index.db.pragma('wal_checkpoint(TRUNCATE)');
  index.close();
}
for (const [name, dir] of [
  ['A', aDir],
  ['B', bDir],
]) {
  const { openIndexDb } = await mod(dir, 'electron/memory/index/index-db.js');
  const { SCHEMA_VERSION } = await mod(dir, 'electron/memory/index/schema.js');
  const { CHUNKER_VERSION } = await mod(dir, 'electron/memory/chunk/chunker.js');
  const copy = path.join(tmp, `vectors-${name}.sqlite`);
  fs.copyFileSync(dbPath, copy);
  const index = openIndexDb(copy, {
    expected: { schemaVersion: SCHEMA_VERSION, chunkerVersion: CHUNKER_VERSION, embedding },
  });
  const { runSearch } = await searchMod(dir, 'run/run-search');
  const { vectorSearch } = await searchMod(dir, 'sqlite/vector-search');
  let next = 0;
  const base = {
    fileMeta: () => ({ kind: 'evergreen', source: 'memory', date: null }),
    embedder: {
      provider: 'bench',
      model: 'random-unit-vectors',
      embedQuery: async () => queryVectors[next++ % queryVectors.length],
    },
    vectorSearch,
    vectorBackend: index.vectorBackend,
    mode: 'hybrid',
    provider: 'bench',
    model: 'random-unit-vectors',
  };
  let ctx;
  try {
    const { IndexSession } = await searchMod(dir, 'sqlite/index-session');
    ctx = { ...base, session: new IndexSession(index.db) };
  } catch {
    ctx = { ...base, db: index.db };
  }
  const { traceSearch } = await searchMod(dir, 'run/run-search');
  const side = {
    name,
    index,
    cpu: [],
    trace: (i, query) => {
      next = i;
      return traceSearch(ctx, { query });
    },
    search: (i, query) => {
      next = i;
      return runSearch(ctx, { query, ...extra });
    },
  };
  for (let i = 0; i < 20; i++) await side.search(i, queries[i]);
  sides.push(side);
}
if (process.env.AB_DEBUG)
  for (const side of sides) {
    const t = await side.trace(0, queries[0]);
    const fates = {};
    for (const c of t.candidates) fates[c.fate] = (fates[c.fate] ?? 0) + 1;
    process.stderr.write(
      `${side.name} fates ${JSON.stringify(fates)} top ${JSON.stringify(t.candidates[0], (k, v) => (k === 'text' || k === 'snippet' ? undefined : v)).slice(0, 600)}\n`,
    );
  }
let differing = 0;
let last = null;
const loads = [os.loadavg()[0]];
for (let round = 0; round < 2; round++) {
  for (const [i, query] of queries.entries()) {
    const order = (i + round) % 2 === 0 ? sides : [...sides].reverse();
    const got = [];
    for (const side of order) {
      const c = process.cpuUsage();
      const r = await side.search(i, query);
      const d = process.cpuUsage(c);
      side.cpu.push((d.user + d.system) / 1000);
      if (r.results.length === 0)
        last = { mode: r.mode, fallback: r.fallback, notices: r.notices, candidates: r.candidates };
      got.push(r.results.map((x) => `${x.path}:${x.startLine}`).join());
    }
    if (round === 0 && got[0] !== got[1]) {
      differing += 1;
      if (process.env.AB_DEBUG && differing < 3)
        process.stderr.write(`${query}\n  ${got.join('\n  ')}\n  ${JSON.stringify(last)}\n`);
    }
  }
  loads.push(os.loadavg()[0]);
}
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const out = {
  vectors: count,
  ...extra,
  queries: queries.length,
  loadAverage1m: loads.map((l) => Math.round(l * 100) / 100),
  queriesWithDifferentResults: differing,
};
for (const side of sides) {
  out[side.name] = { cpuP50Ms: +pct(side.cpu, 50).toFixed(3), cpuP95Ms: +pct(side.cpu, 95).toFixed(3) };
  side.index.close();
}
process.stdout.write(`${JSON.stringify(out)}\n`);
fs.rmSync(tmp, { recursive: true, force: true });
