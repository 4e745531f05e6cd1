// Issue 13 item 6, opt-in (`npm run bench -- --only scale`; ~10–20 min here): a synthetic
// 100k-file workspace of ~1M chunks indexed cold through the engine (keyword-only) with its memory
// sampled throughout, keyword query latency at that size, then random 384-dim vectors for every
// chunk and vector query latency with the int8 matrix — as the engine runs it (codes in memory,
// the finalists' float32 vectors read from the index, since 1M × 384 floats are over the float
// budget) and with every float32 vector in memory as well.
import fs from 'node:fs';
import path from 'node:path';
import { CHUNKER_VERSION } from '../electron/memory/chunk/chunker.js';
import { openIndexDb } from '../electron/memory/index/index-db.js';
import { SCHEMA_VERSION } from '../electron/memory/index/schema.js';
import { scanVectorMatrix } from '../electron/memory/search/core/quantized-scan.js';
import type { ScanStats } from '../electron/memory/search/core/quantized-scan.js';
import { runSearch } from '../electron/memory/search/run/run-search.js';
import type { QueryEmbedder } from '../electron/memory/search/run/run-search.js';
import { IndexSession } from '../electron/memory/search/sqlite/index-session.js';
import { loadVectorMatrix } from '../electron/memory/search/sqlite/vector-matrix-load.js';
import { vectorSearch } from '../electron/memory/search/sqlite/vector-search.js';
import { candidateCount, SEARCH_DEFAULTS } from '../shared/search-defaults.js';
import { targetBelow } from './bench-registry.js';
import type { BenchSection } from './bench-registry.js';
import { loadAverage1m, memorySnapshot, peakRssMb, percentile, round, timed } from './bench-stats.js';
import { openKeywordEngine } from './open-engine.js';
import { buildQueryMix, createRng } from './synthetic-text.js';
import type { QueryClass } from './synthetic-text.js';
import { generateSyntheticWorkspace } from './synthetic-workspace.js';
import { fillVectorsForChunks, randomUnitVector } from './vector-corpus.js';

const SEED = 20261129;
const DIMS = 384;

/** Highest RSS seen while `work` runs, sampled every 250 ms (maxRSS only knows the whole process). */
async function sampledRss<T>(work: () => Promise<T>): Promise<{ value: T; peakRssMb: number }> {
  let peak = memorySnapshot().rssMb;
  const timer = setInterval(() => {
    peak = Math.max(peak, memorySnapshot().rssMb);
  }, 250);
  try {
    const value = await work();
    return { value, peakRssMb: Math.max(peak, memorySnapshot().rssMb) };
  } finally {
    clearInterval(timer);
  }
}

function latency(samples: number[]): {
  samples: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
} {
  return {
    samples: samples.length,
    p50Ms: round(percentile(samples, 50)),
    p95Ms: round(percentile(samples, 95)),
    p99Ms: round(percentile(samples, 99)),
  };
}

function dirBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? dirBytes(p) : fs.statSync(p).size;
  }
  return total;
}

const scaleSection: BenchSection = {
  name: 'scale',
  order: 900,
  issue: 13,
  optIn: true,
  async run(ctx) {
    const files = ctx.quick ? 5_000 : 100_000;
    const workspace = path.join(ctx.tmpDir, 'workspace');
    const generated = await timed(async () =>
      generateSyntheticWorkspace({ dir: workspace, files, seed: SEED, meanTokens: 3000 }),
    );
    ctx.log(
      `scale: generated ${files} files, ${(generated.value.bytes / 1_048_576).toFixed(0)} MB in ${(generated.ms / 1000).toFixed(0)} s`,
    );

    // Cold index, keyword-only, through the engine.
    const stateDir = path.join(ctx.tmpDir, 'state');
    fs.mkdirSync(stateDir, { recursive: true });
    const loadBeforeIndex = loadAverage1m();
    const engine = await openKeywordEngine(workspace, stateDir);
    const dbPath = engine.dbPath;
    let index: Record<string, unknown>;
    let keyword: Record<string, unknown>;
    try {
      const sync = await sampledRss(() => timed(() => engine.sync()));
      const chunks = engine.status().chunks;
      index = {
        files: sync.value.value.filesIndexed,
        chunks,
        megabytesOfText: round(generated.value.bytes / 1_048_576, 0),
        ms: round(sync.value.ms, 0),
        cpuMs: round(sync.value.cpuMs, 0),
        chunksPerSec: round(chunks / (sync.value.ms / 1000), 0),
        filesPerSec: round(sync.value.value.filesIndexed / (sync.value.ms / 1000), 0),
        indexMegabytes: round(dirBytes(stateDir) / 1_048_576, 0),
        peakRssMbDuringIndex: sync.peakRssMb,
        loadAverage1m: { start: loadBeforeIndex, end: loadAverage1m() },
      };
      ctx.log(
        `scale: indexed ${chunks} chunks in ${(sync.value.ms / 1000).toFixed(0)} s, peak RSS ${sync.peakRssMb} MB`,
      );

      const queries = buildQueryMix(SEED, ctx.quick ? 100 : 500);
      for (const { query } of queries.slice(0, 30)) await engine.search({ query });
      const wall: number[] = [];
      const byClass = new Map<QueryClass, number[]>();
      for (const { query, kind } of queries) {
        const t = await timed(() => engine.search({ query }));
        wall.push(t.ms);
        byClass.set(kind, [...(byClass.get(kind) ?? []), t.ms]);
      }
      keyword = {
        ...latency(wall),
        byQueryClass: Object.fromEntries([...byClass].map(([kind, samples]) => [kind, latency(samples)])),
        rssMbAfter: memorySnapshot().rssMb,
        loadAverage1m: loadAverage1m(),
      };
      ctx.log(`scale: keyword p95 ${String(keyword.p95Ms)} ms`);
    } finally {
      await engine.close();
    }

    // Vectors: a random unit vector for every chunk, then the int8 matrix.
    const db = openIndexDb(dbPath, {
      expected: {
        schemaVersion: SCHEMA_VERSION,
        chunkerVersion: CHUNKER_VERSION,
        embedding: { provider: 'bench', model: 'random-unit-vectors', providerKey: 'bench', dims: DIMS },
      },
    });
    try {
      const rng = createRng(SEED);
      const fill = await sampledRss(() => timed(async () => fillVectorsForChunks(db.db, rng, DIMS)));
      ctx.log(`scale: ${fill.value.value} vectors written in ${(fill.value.ms / 1000).toFixed(0)} s`);
      const k = candidateCount(SEARCH_DEFAULTS.maxResults);
      const queryVectors = Array.from({ length: ctx.quick ? 50 : 200 }, () => randomUnitVector(rng, DIMS));

      // As the engine runs it: over the float budget, so codes in memory and finalists from the index.
      const session = new IndexSession(db.db);
      const load = await sampledRss(() => timed(async () => session.vectors.matrix()!));
      const matrix = load.value.value;
      const stats: ScanStats = { candidates: 0, exact: 0, floatsRead: 0 };
      for (const vector of queryVectors.slice(0, 10)) vectorSearch(session, vector, k);
      const scan: number[] = [];
      const reads: number[] = [];
      for (const vector of queryVectors) {
        const t = await timed(async () => vectorSearch(session, vector, k, undefined, stats));
        scan.push(t.ms);
        reads.push(stats.floatsRead);
      }
      const queryText = buildQueryMix(SEED, queryVectors.length).map((q) => q.query);
      let next = 0;
      const embedder: QueryEmbedder = {
        provider: 'bench',
        model: 'random-unit-vectors',
        embedQuery: async () => queryVectors[next++ % queryVectors.length]!,
      };
      const searchCtx = {
        session,
        fileMeta: () => ({ kind: 'evergreen' as const, source: 'memory' as const, date: null }),
        embedder,
        vectorBackend: db.vectorBackend,
        mode: 'hybrid' as const,
        provider: 'bench',
        model: 'random-unit-vectors',
      };
      const hybrid: number[] = [];
      for (const query of queryText) hybrid.push((await timed(() => runSearch(searchCtx, { query }))).ms);
      const bytes = matrix.memoryBytes();
      const asEngine = {
        rows: matrix.count,
        keepsFloats: matrix.keepsFloats,
        codesMegabytes: round(bytes.codes / 1_048_576, 0),
        floatMegabytes: round(bytes.floats / 1_048_576, 0),
        loadMs: round(load.value.ms, 0),
        peakRssMbDuringLoad: load.peakRssMb,
        vectorSearch: { ...latency(scan), floatsReadP50: percentile(reads, 50) },
        vectorPlusKeywordPlusFusion: latency(hybrid),
        rssMbAfter: memorySnapshot().rssMb,
      };
      ctx.log(`scale: int8 vector p95 ${String(asEngine.vectorSearch.p95Ms)} ms (finalists from the index)`);

      // Every float32 vector in memory too: the exact pass without reading the index.
      const withFloats = await sampledRss(() =>
        timed(async () => loadVectorMatrix(db.db, { floatBudgetBytes: Number.POSITIVE_INFINITY })!),
      );
      const full = withFloats.value.value;
      for (const vector of queryVectors.slice(0, 10)) scanVectorMatrix(full, vector, k);
      const fullScan: number[] = [];
      for (const vector of queryVectors)
        fullScan.push((await timed(async () => scanVectorMatrix(full, vector, k, undefined, stats))).ms);
      const fullBytes = full.memoryBytes();
      const floatsInMemory = {
        codesMegabytes: round(fullBytes.codes / 1_048_576, 0),
        floatMegabytes: round(fullBytes.floats / 1_048_576, 0),
        loadMs: round(withFloats.value.ms, 0),
        peakRssMbDuringLoad: withFloats.peakRssMb,
        vectorSearch: { ...latency(fullScan), candidatesLast: stats.candidates },
      };
      ctx.log(`scale: int8 vector p95 ${String(floatsInMemory.vectorSearch.p95Ms)} ms (floats in memory)`);
      return {
        workspace: { files, generateMs: round(generated.ms, 0) },
        coldIndex: index,
        keywordSearch: keyword,
        vectors: {
          dims: DIMS,
          writeMs: round(fill.value.ms, 0),
          asTheEngineRunsIt: asEngine,
          floatsInMemory,
          loadAverage1m: loadAverage1m(),
        },
        peakRssMb: peakRssMb(),
        targets: [
          targetBelow('keyword search p95 at ~1M chunks (ms)', keyword.p95Ms as number | null, 10),
          targetBelow(
            'int8 vector search p95 at ~1M chunks, as the engine runs it (ms)',
            asEngine.vectorSearch.p95Ms,
            60,
          ),
        ],
      };
    } finally {
      db.close();
    }
  },
};

export const benchSections: BenchSection[] = [scaleSection];
