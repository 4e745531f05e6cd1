// Issue 5's benchmarks: embedding throughput and main-thread event-loop delay during a full index
// with the fixture model (electron/memory/embed/test-support/tiny-model.ts), and vector + fusion
// query latency at 100k × 384 vectors (in-memory matrix scan over the sqlite-vec store, with
// sqlite-vec's own KNN for comparison, the matrix load time, and the query-embedding round trip).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { MemoryEngine } from '../electron/memory/engine.js';
import { CHUNKER_VERSION } from '../electron/memory/chunk/chunker.js';
import { loadEmbedder } from '../electron/memory/embed/load-embedder.js';
import { measureEventLoopDelay } from '../electron/memory/embed/test-support/event-loop-delay.js';
import type { EventLoopDelay } from '../electron/memory/embed/test-support/event-loop-delay.js';
import { TINY_MODEL_ID, writeTinyModel } from '../electron/memory/embed/test-support/tiny-model.js';
import { openIndexDb } from '../electron/memory/index/index-db.js';
import { SCHEMA_VERSION } from '../electron/memory/index/schema.js';
import { runSearch } from '../electron/memory/search/run-search.js';
import type { QueryEmbedder, SearchContext } from '../electron/memory/search/run-search.js';
import { loadVectorMatrix, releaseVectorMatrix, vectorMatrixFor } from '../electron/memory/search/vector-matrix.js';
import { vectorSearch, vectorSearchKnn } from '../electron/memory/search/vector-search.js';
import type { VectorSearchFn } from '../electron/memory/search/vector-side.js';
import { segmentForIndex } from '../electron/memory/text/segment.js';
import type { MemorySource } from '../shared/domain.js';
import { candidateCount, SEARCH_DEFAULTS } from '../shared/search-defaults.js';
import { targetBelow } from './bench-registry.js';
import type { BenchContext, BenchSection } from './bench-registry.js';
import { peakRssMb, percentile, round, timed } from './bench-stats.js';
import { buildQueries, createRng, paragraphLine } from './synthetic-text.js';
import type { Rng } from './synthetic-text.js';
import { generateSyntheticWorkspace } from './synthetic-workspace.js';

const SEED = 20261129;
const DIMS = 384;

function delayJson(delay: EventLoopDelay): Record<string, number | null> {
  return { p95Ms: round(delay.p95Ms), p99Ms: round(delay.p99Ms), maxMs: round(delay.maxMs), samples: delay.samples };
}

async function openEngine(ctx: BenchContext, workspaceDir: string, name: string, modelsDir: string | null): Promise<MemoryEngine> {
  const stateDir = path.join(ctx.tmpDir, `state-${name}`);
  fs.mkdirSync(stateDir, { recursive: true });
  return MemoryEngine.open({
    workspaceDir,
    dbPath: path.join(stateDir, 'index.sqlite'),
    dataDir: stateDir,
    openclawHome: path.join(stateDir, 'openclaw-home'),
    embedder: modelsDir ? { model: TINY_MODEL_ID, modelsDir, allowDownload: false } : null,
  });
}

const indexSection: BenchSection = {
  name: 'embedderIndex',
  order: 200,
  issue: 5,
  async run(ctx) {
    const modelsDir = path.join(ctx.tmpDir, 'models');
    await writeTinyModel({ modelsDir });
    // ≈ 1.5 chunks per file at the default 450 tokens: 1,400 files ≈ 2,000 chunks of real length.
    const files = ctx.quick ? 150 : 1_400;
    const workspace = generateSyntheticWorkspace({ dir: path.join(ctx.tmpDir, 'workspace'), files, seed: SEED });

    // Baseline: the same index keyword-only, so the embedder's share of the delay is visible.
    const keywordEngine = await openEngine(ctx, workspace.dir, 'keyword', null);
    const keyword = await measureEventLoopDelay(() => keywordEngine.sync());
    await keywordEngine.close();
    ctx.log(`keyword-only index: ${keyword.result.chunksWritten} chunks in ${keyword.result.tookMs} ms`);

    const engine = await openEngine(ctx, workspace.dir, 'hybrid', modelsDir);
    try {
      const cpuStart = process.cpuUsage();
      const { result: report, delay } = await measureEventLoopDelay(() => engine.sync());
      const cpu = process.cpuUsage(cpuStart);
      const status = engine.status();
      const chunksPerSec = round(report.chunksEmbedded / (report.tookMs / 1000), 0);
      ctx.log(`hybrid index: ${report.chunksEmbedded} chunks embedded in ${report.tookMs} ms (${chunksPerSec}/s), loop p95 ${round(delay.p95Ms)} ms`);

      // The embedder alone: every distinct chunk text in one call, nothing else on the thread.
      const texts = [...new Set(collectChunkTexts(status.dbPath))];
      const loaded = await loadEmbedder({ model: TINY_MODEL_ID, modelsDir, allowDownload: false });
      if (!loaded.ok) throw new Error(loaded.reason);
      const started = performance.now();
      const alone = await measureEventLoopDelay(() => loaded.provider.embedPassages(texts));
      const aloneMs = performance.now() - started;
      await loaded.provider.close();

      return {
        model: `${TINY_MODEL_ID} (generated fixture: tokenizer + embedding lookup, no transformer layers)`,
        workspace: { files: workspace.files, megabytes: round(workspace.bytes / 1_048_576) },
        fullIndex: {
          chunks: status.chunks,
          chunksEmbedded: report.chunksEmbedded,
          vectorsStored: status.vectorsStored,
          syncMs: report.tookMs,
          cpuMs: round((cpu.user + cpu.system) / 1000),
          chunksPerSec,
          mainThreadEventLoopDelay: delayJson(delay),
        },
        keywordOnlyBaseline: {
          syncMs: keyword.result.tookMs,
          mainThreadEventLoopDelay: delayJson(keyword.delay),
        },
        embedderAlone: {
          texts: texts.length,
          ms: round(aloneMs, 0),
          chunksPerSec: round(texts.length / (aloneMs / 1000), 0),
          mainThreadEventLoopDelay: delayJson(alone.delay),
        },
        peakRssMbAfter: peakRssMb(),
      };
    } finally {
      await engine.close();
    }
  },
};

function collectChunkTexts(dbPath: string): string[] {
  // A read-only connection of our own: the engine's handle is private.
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare('SELECT text FROM chunks ORDER BY rowid').pluck().all() as string[];
  } finally {
    db.close();
  }
}

function randomUnitVector(rng: Rng): Float32Array {
  const v = new Float32Array(DIMS);
  let norm = 0;
  for (let i = 0; i < DIMS; i++) {
    // Sum of uniforms ≈ Gaussian: directions spread over the sphere, like real embeddings.
    const x = rng() + rng() + rng() - 1.5;
    v[i] = x;
    norm += x * x;
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < DIMS; i++) v[i] = v[i]! / norm;
  return v;
}

/** chunks + chunks_fts + chunks_vec (vec0) with `count` rows of synthetic text and random vectors. */
function buildVectorIndex(db: Database.Database, count: number, rng: Rng): void {
  const insertChunk = db.prepare(
    'INSERT INTO chunks(rowid, id, path, source, start_line, end_line, hash, text, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)',
  );
  const insertFts = db.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)');
  const insertVec = db.prepare('INSERT INTO chunks_vec(rowid, embedding) VALUES (?, ?)');
  const BATCH = 5_000;
  for (let start = 0; start < count; start += BATCH) {
    db.transaction(() => {
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        const rowid = i + 1;
        const text = paragraphLine(rng);
        const file = `memory/topic-${Math.floor(i / 10)}.md`;
        insertChunk.run(rowid, `${file}#${i % 10}`, file, i % 8 === 0 ? 'sessions' : 'memory', (i % 10) + 1, (i % 10) + 1, `h${i}`, text);
        insertFts.run(rowid, segmentForIndex(text));
        insertVec.run(BigInt(rowid), Buffer.from(randomUnitVector(rng).buffer));
      }
    })();
  }
}

interface Latencies {
  wallMs: number[];
  cpuMs: number[];
}

async function measure<T>(inputs: readonly T[], run: (input: T) => Promise<unknown>): Promise<Latencies> {
  const out: Latencies = { wallMs: [], cpuMs: [] };
  for (const input of inputs) {
    const t = await timed(() => run(input));
    out.wallMs.push(t.ms);
    out.cpuMs.push(t.cpuMs);
  }
  return out;
}

function latencyJson(l: Latencies): Record<string, number | null> {
  return {
    samples: l.wallMs.length,
    p50Ms: round(percentile(l.wallMs, 50)),
    p95Ms: round(percentile(l.wallMs, 95)),
    p99Ms: round(percentile(l.wallMs, 99)),
    cpuP50Ms: round(percentile(l.cpuMs, 50)),
    cpuP95Ms: round(percentile(l.cpuMs, 95)),
  };
}

const querySection: BenchSection = {
  name: 'vectorSearch',
  order: 210,
  issue: 5,
  async run(ctx) {
    const count = ctx.quick ? 10_000 : 100_000;
    const rng = createRng(SEED);
    const index = openIndexDb(path.join(ctx.tmpDir, 'vectors.sqlite'), {
      expected: {
        schemaVersion: SCHEMA_VERSION,
        chunkerVersion: CHUNKER_VERSION,
        embedding: { provider: 'bench', model: 'random-unit-vectors', providerKey: 'bench', dims: DIMS },
      },
    });
    try {
      const build = await timed(async () => buildVectorIndex(index.db, count, rng));
      ctx.log(`vector corpus: ${count} chunks × ${DIMS} dims built in ${(build.ms / 1000).toFixed(1)} s (${index.vectorBackend})`);

      // The first vector query reads every vector into memory; later ones reuse it until a write.
      const loads: { ms: number; cpuMs: number }[] = [];
      for (let i = 0; i < (ctx.quick ? 2 : 3); i++) {
        releaseVectorMatrix(index.db);
        loads.push(await timed(async () => vectorMatrixFor(index.db)));
      }
      const matrix = vectorMatrixFor(index.db);
      // The generic path (one vec0 lookup per row), used when sqlite-vec's storage layout is not the expected one.
      const viaTable = await timed(async () => loadVectorMatrix(index.db, { throughVirtualTable: true }));
      ctx.log(`vector matrix: ${matrix.count} rows loaded in ${round(loads[0]!.ms, 0)} ms from ${matrix.loadedFrom}; ${round(viaTable.ms, 0)} ms through the virtual table`);

      const queries = buildQueries(SEED, ctx.quick ? 100 : 300);
      const queryVectors = queries.map(() => randomUnitVector(rng));
      let next = 0;
      // Query vectors are precomputed: this measures vector search + keyword + fusion, not a model.
      const embedder: QueryEmbedder = {
        provider: 'bench',
        model: 'random-unit-vectors',
        embedQuery: async () => queryVectors[next++ % queryVectors.length]!,
      };
      const searchCtx = (search: VectorSearchFn): SearchContext => ({
        db: index.db,
        fileMeta: () => ({ kind: 'evergreen', source: 'memory', date: null }),
        embedder,
        vectorSearch: search,
        vectorBackend: index.vectorBackend,
        mode: 'hybrid',
        provider: 'bench',
        model: 'random-unit-vectors',
      });
      const matrixCtx = searchCtx(vectorSearch);
      const knnCtx = searchCtx(vectorSearchKnn);
      const k = candidateCount(SEARCH_DEFAULTS.maxResults);

      // Warm-up (JIT, page cache), then the real search path with the matrix scan.
      for (const query of queries.slice(0, 20)) await runSearch(matrixCtx, { query });
      next = 0;
      const hybrid = await measure(queries, (query) => runSearch(matrixCtx, { query }));
      const sessionsOnly = await measure(queries.slice(0, 100), (query) => runSearch(matrixCtx, { query, sources: ['sessions'] }));
      const scan = await measure(queryVectors, async (vector) => vectorSearch(index.db, vector, k));

      // sqlite-vec's KNN on the same vectors, for comparison (fewer queries: it is the slow one).
      const knnQueries = queries.slice(0, ctx.quick ? 30 : 100);
      next = 0;
      for (const query of knnQueries.slice(0, 5)) await runSearch(knnCtx, { query });
      next = 0;
      const knnHybrid = await measure(knnQueries, (query) => runSearch(knnCtx, { query }));
      const knn = await measure(queryVectors.slice(0, knnQueries.length), async (vector) => vectorSearchKnn(index.db, vector, k));

      // Same answers: top-k rowids and cosines of the matrix scan against the KNN.
      let identical = 0;
      let maxCosineDiff = 0;
      const compared = queryVectors.slice(0, ctx.quick ? 20 : 50);
      for (const [i, vector] of compared.entries()) {
        const filter = i % 2 === 0 ? undefined : { sources: ['sessions' as MemorySource] };
        const a = vectorSearch(index.db, vector, k, filter);
        const b = vectorSearchKnn(index.db, vector, k, filter);
        if (a.map((h) => h.chunkRowid).join() === b.map((h) => h.chunkRowid).join()) identical++;
        for (let j = 0; j < Math.min(a.length, b.length); j++) maxCosineDiff = Math.max(maxCosineDiff, Math.abs(a[j]!.cosine - b[j]!.cosine));
      }

      // What a real query adds on top: the round trip to the embedding worker (fixture model).
      const modelsDir = path.join(ctx.tmpDir, 'models');
      await writeTinyModel({ modelsDir });
      const loaded = await loadEmbedder({ model: TINY_MODEL_ID, modelsDir, allowDownload: false });
      if (!loaded.ok) throw new Error(loaded.reason);
      const embedMs: number[] = [];
      try {
        for (const query of queries.slice(0, 20)) await loaded.provider.embedQuery(query);
        for (const query of queries) {
          const start = performance.now();
          await loaded.provider.embedQuery(query);
          embedMs.push(performance.now() - start);
        }
      } finally {
        await loaded.provider.close();
      }

      const p95 = round(percentile(hybrid.wallMs, 95));
      const cpuP95 = round(percentile(hybrid.cpuMs, 95));
      return {
        vectors: count,
        dims: DIMS,
        backend: index.vectorBackend,
        buildMs: round(build.ms, 0),
        queries: queries.length,
        candidatesPerSide: k,
        loadAverage1mAtEnd: round(os.loadavg()[0] ?? null),
        matrix: {
          rows: matrix.count,
          megabytes: round(matrix.vectors.byteLength / 1_048_576, 1),
          loadedFrom: matrix.loadedFrom,
          loadMs: loads.map((l) => round(l.ms, 0)),
          loadCpuMs: loads.map((l) => round(l.cpuMs, 0)),
          loadThroughVirtualTable: { ms: round(viaTable.ms, 0), cpuMs: round(viaTable.cpuMs, 0) },
        },
        vectorPlusFusion: {
          options: 'defaults (hybrid 0.7/0.3, maxResults 6, minScore 0.35); keyword FTS5 + matrix scan + fusion',
          ...latencyJson(hybrid),
        },
        vectorPlusFusionSessionsOnly: latencyJson(sessionsOnly),
        matrixScanOnly: latencyJson(scan),
        sqliteVecKnn: {
          vectorPlusFusion: latencyJson(knnHybrid),
          knnOnly: latencyJson(knn),
        },
        matrixVsKnn: { queries: compared.length, identicalTopK: identical, maxCosineDiff },
        queryEmbeddingRoundTrip: {
          model: TINY_MODEL_ID,
          p50Ms: round(percentile(embedMs, 50)),
          p95Ms: round(percentile(embedMs, 95)),
        },
        peakRssMbAfter: peakRssMb(),
        targets: [
          targetBelow(`vector + fusion query p95 at ${count} × ${DIMS} vectors (ms)`, p95, 60),
          // Wall time on a shared machine includes waiting for a core; CPU time is what the query costs.
          targetBelow(`vector + fusion query CPU p95 at ${count} × ${DIMS} vectors (ms)`, cpuP95, 60),
        ],
      };
    } finally {
      index.close();
    }
  },
};

export const benchSections: BenchSection[] = [indexSection, querySection];
