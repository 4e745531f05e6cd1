// Vector + fusion query latency at 100k × 384 (issue 5's section, issue 13 item 4): the int8
// prefilter + exact rescoring over the in-memory matrix, against sqlite-vec's own KNN; recall
// against the exact answer on every bench query; the matrix's load time and memory; what a write
// costs the next query now that writes patch the matrix instead of reloading it; and the same
// scan with the finalists' vectors read from the index (what a matrix over its float budget does).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CHUNKER_VERSION } from '../electron/memory/chunk/chunker.js';
import { loadEmbedder } from '../electron/memory/embed/load-embedder.js';
import { TINY_MODEL_ID, writeTinyModel } from '../electron/memory/embed/test-support/tiny-model.js';
import { FileWriter } from '../electron/memory/index/file-writer.js';
import { openIndexDb } from '../electron/memory/index/index-db.js';
import { SCHEMA_VERSION } from '../electron/memory/index/schema.js';
import { scanVectorMatrix } from '../electron/memory/search/core/quantized-scan.js';
import type { ScanStats } from '../electron/memory/search/core/quantized-scan.js';
import { runSearch } from '../electron/memory/search/run/run-search.js';
import type { QueryEmbedder, SearchContext } from '../electron/memory/search/run/run-search.js';
import { IndexSession } from '../electron/memory/search/sqlite/index-session.js';
import { loadVectorMatrix } from '../electron/memory/search/sqlite/vector-matrix-load.js';
import { vectorSearch, vectorSearchKnn } from '../electron/memory/search/sqlite/vector-search.js';
import type { VectorSearchFn } from '../electron/memory/search/run/vector-side.js';
import type { MemorySource } from '../shared/domain.js';
import { candidateCount, SEARCH_DEFAULTS } from '../shared/search-defaults.js';
import { targetAtLeast, targetBelow } from './bench-registry.js';
import type { BenchSection } from './bench-registry.js';
import { memorySnapshot, peakRssMb, percentile, round, timed } from './bench-stats.js';
import { buildQueries, createRng } from './synthetic-text.js';
import { buildVectorIndex, randomUnitVector } from './vector-corpus.js';

const SEED = 20261129;
const DIMS = 384;

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

export function latencyJson(l: Latencies): Record<string, number | null> {
  return {
    samples: l.wallMs.length,
    p50Ms: round(percentile(l.wallMs, 50)),
    p95Ms: round(percentile(l.wallMs, 95)),
    p99Ms: round(percentile(l.wallMs, 99)),
    cpuP50Ms: round(percentile(l.cpuMs, 50)),
    cpuP95Ms: round(percentile(l.cpuMs, 95)),
  };
}

function mb(bytes: number): number | null {
  return round(bytes / 1_048_576, 1);
}

const querySection: BenchSection = {
  name: 'vectorSearch',
  order: 210,
  issue: 5,
  async run(ctx) {
    const count = ctx.quick ? 10_000 : 100_000;
    const rng = createRng(SEED);
    const memory: Record<string, ReturnType<typeof memorySnapshot>> = { start: memorySnapshot() };
    const index = openIndexDb(path.join(ctx.tmpDir, 'vectors.sqlite'), {
      expected: {
        schemaVersion: SCHEMA_VERSION,
        chunkerVersion: CHUNKER_VERSION,
        embedding: { provider: 'bench', model: 'random-unit-vectors', providerKey: 'bench', dims: DIMS },
      },
    });
    try {
      const build = await timed(async () => buildVectorIndex(index.db, count, rng, DIMS));
      memory.afterBuild = memorySnapshot();
      ctx.log(
        `vector corpus: ${count} chunks × ${DIMS} dims built in ${(build.ms / 1000).toFixed(1)} s (${index.vectorBackend})`,
      );

      // The first vector query reads every vector into memory; later ones reuse it (writes patch
      // it). Reads after that (another connection committed) go into the same memory.
      const session = new IndexSession(index.db);
      const loads: { ms: number; cpuMs: number }[] = [];
      for (let i = 0; i < (ctx.quick ? 2 : 3); i++) {
        session.vectors.invalidate();
        loads.push(await timed(async () => session.vectors.matrix()));
      }
      const matrix = session.vectors.matrix()!;
      // The generic path (one vec0 lookup per row), used when sqlite-vec's storage layout is not the expected one.
      const viaTable = await timed(async () =>
        loadVectorMatrix(index.db, { throughVirtualTable: true, reuse: matrix }),
      );
      session.vectors.invalidate();
      if (session.vectors.matrix() !== matrix) throw new Error('the matrix was not read into the same memory');
      memory.afterLoad = memorySnapshot();
      const bytes = matrix.memoryBytes();
      ctx.log(
        `vector matrix: ${matrix.count} rows loaded in ${round(loads[0]!.ms, 0)} ms from ${matrix.loadedFrom}; ${round(viaTable.ms, 0)} ms through the virtual table`,
      );

      const queries = buildQueries(SEED, ctx.quick ? 100 : 300);
      const queryVectors = queries.map(() => randomUnitVector(rng, DIMS));
      let next = 0;
      // Query vectors are precomputed: this measures vector search + keyword + fusion, not a model.
      const embedder: QueryEmbedder = {
        provider: 'bench',
        model: 'random-unit-vectors',
        embedQuery: async () => queryVectors[next++ % queryVectors.length]!,
      };
      const searchCtx = (search: VectorSearchFn): SearchContext => ({
        session,
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
      const sessionsOnly = await measure(queries.slice(0, 100), (query) =>
        runSearch(matrixCtx, { query, sources: ['sessions'] }),
      );
      const stats: ScanStats = { candidates: 0, exact: 0, floatsRead: 0 };
      const candidates: number[] = [];
      const scan = await measure(queryVectors, async (vector) => {
        vectorSearch(session, vector, k, undefined, stats);
        candidates.push(stats.candidates);
      });
      memory.afterQueries = memorySnapshot();

      // Exactness on every bench query: sqlite-vec's KNN is the reference (top k, with and without a filter).
      let identical = 0;
      let recallHits = 0;
      let maxCosineDiff = 0;
      for (const [i, vector] of queryVectors.entries()) {
        const filter = i % 2 === 0 ? undefined : { sources: ['sessions' as MemorySource] };
        const a = vectorSearch(session, vector, k, filter);
        const b = vectorSearchKnn(session, vector, k, filter);
        if (a.map((h) => h.chunkRowid).join() === b.map((h) => h.chunkRowid).join()) identical++;
        const top10 = new Set(b.slice(0, 10).map((h) => h.chunkRowid));
        recallHits += a.slice(0, 10).filter((h) => top10.has(h.chunkRowid)).length / Math.max(1, top10.size);
        for (let j = 0; j < Math.min(a.length, b.length); j++)
          maxCosineDiff = Math.max(maxCosineDiff, Math.abs(a[j]!.cosine - b[j]!.cosine));
      }

      // sqlite-vec's KNN on the same vectors, for comparison (fewer queries: it is the slow one).
      const knnQueries = queries.slice(0, ctx.quick ? 30 : 100);
      next = 0;
      for (const query of knnQueries.slice(0, 5)) await runSearch(knnCtx, { query });
      next = 0;
      const knnHybrid = await measure(knnQueries, (query) => runSearch(knnCtx, { query }));
      const knn = await measure(queryVectors.slice(0, knnQueries.length), async (vector) =>
        vectorSearchKnn(session, vector, k),
      );

      // A write, then a query: the write patches the matrix (before: the next query re-read every vector).
      const writer = new FileWriter(index.db);
      writer.onDidCommit(session);
      const writeThenQuery: number[] = [];
      const writeMs: number[] = [];
      for (let trial = 0; trial < 20; trial++) {
        const vectors = Array.from({ length: 10 }, () => randomUnitVector(rng, DIMS));
        const rel = `memory/bench-edit-${trial % 5}.md`;
        const write = await timed(async () =>
          writer.writeFile(
            {
              file: {
                path: rel,
                source: 'memory',
                kind: 'evergreen',
                archived: false,
                size: 1,
                mtimeMs: trial,
                date: null,
                tags: [],
              },
              absPath: `/bench/${rel}`,
              hash: `h${trial}`,
              indexState: 'indexed',
            },
            vectors.map((_, i) => ({
              startLine: i + 1,
              endLine: i + 1,
              text: `bench edit ${trial} ${i}`,
              hash: `e${trial}-${i}`,
            })),
            vectors,
          ),
        );
        const query = await timed(async () => vectorSearch(session, vectors[3]!, k));
        if (query.value[0]?.cosine === undefined || query.value[0].cosine < 0.999)
          throw new Error('a written vector was not found by the next query');
        writeMs.push(write.ms);
        writeThenQuery.push(query.ms);
      }
      const stillLoaded = session.vectors.matrix() === matrix;
      session.vectors.invalidate();
      const reload = await timed(async () => vectorSearch(session, queryVectors[0]!, k));

      // The same scan with the finalists' vectors read from the index: a matrix over its float budget.
      session.vectors.release();
      const codesOnlyLoad = await timed(async () => loadVectorMatrix(index.db, { floatBudgetBytes: 0 })!);
      const codesOnly = codesOnlyLoad.value;
      const fromIndexStats: number[] = [];
      const fromIndex = await measure(queryVectors.slice(0, ctx.quick ? 30 : 100), async (vector) => {
        scanVectorMatrix(codesOnly, vector, k, undefined, stats);
        fromIndexStats.push(stats.floatsRead);
      });
      const codesOnlyBytes = codesOnly.memoryBytes();
      codesOnlyLoad.value = null as never;
      memory.end = memorySnapshot();

      // What a real query adds on top: the round trip to the embedding worker (fixture model).
      const modelsDir = path.join(ctx.tmpDir, 'models');
      await writeTinyModel({ modelsDir });
      const loaded = await loadEmbedder({ model: TINY_MODEL_ID, modelsDir, allowDownload: false });
      if (!loaded.ok) throw new Error(loaded.reason.message);
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
      const recallAt10 = round(recallHits / queryVectors.length, 4);
      return {
        vectors: count,
        dims: DIMS,
        backend: index.vectorBackend,
        buildMs: round(build.ms, 0),
        queries: queries.length,
        candidatesPerSide: k,
        matrix: {
          rows: matrix.count,
          kind: `int8 codes (${matrix.codes.simd ? 'SIMD' : 'JS'} scan) + float32 rows for the exact pass`,
          codesMegabytes: mb(bytes.codes),
          floatMegabytes: mb(bytes.floats),
          perRowMegabytes: mb(bytes.rows),
          loadedFrom: matrix.loadedFrom,
          loadMs: loads.map((l) => round(l.ms, 0)),
          loadCpuMs: loads.map((l) => round(l.cpuMs, 0)),
          loadThroughVirtualTable: { ms: round(viaTable.ms, 0), cpuMs: round(viaTable.cpuMs, 0) },
        },
        vectorPlusFusion: {
          options:
            'defaults (hybrid 0.7/0.3, maxResults 6, minScore 0.35); keyword FTS5 + int8 prefilter + exact rescoring + fusion',
          ...latencyJson(hybrid),
        },
        vectorPlusFusionSessionsOnly: latencyJson(sessionsOnly),
        matrixScanOnly: {
          ...latencyJson(scan),
          candidatesP50: percentile(candidates, 50),
          candidatesP95: percentile(candidates, 95),
          candidatesMax: Math.max(...candidates),
        },
        sqliteVecKnn: {
          vectorPlusFusion: latencyJson(knnHybrid),
          knnOnly: latencyJson(knn),
        },
        matrixVsKnn: { queries: queryVectors.length, identicalTopK: identical, recallAt10, maxCosineDiff },
        writeThenQuery: {
          trials: writeThenQuery.length,
          writeP50Ms: round(percentile(writeMs, 50)),
          queryAfterWriteP50Ms: round(percentile(writeThenQuery, 50)),
          queryAfterWriteP95Ms: round(percentile(writeThenQuery, 95)),
          matrixPatchedNotReloaded: stillLoaded,
          queryAfterFullReloadMs: round(reload.ms, 0),
        },
        finalistsReadFromIndex: {
          note: "matrix over its float budget: int8 codes in memory, the candidates' float32 vectors read from chunks_vec per query",
          loadMs: round(codesOnlyLoad.ms, 0),
          codesMegabytes: mb(codesOnlyBytes.codes),
          floatMegabytes: mb(codesOnlyBytes.floats),
          ...latencyJson(fromIndex),
          vectorsReadP50: percentile(fromIndexStats, 50),
        },
        queryEmbeddingRoundTrip: {
          model: TINY_MODEL_ID,
          p50Ms: round(percentile(embedMs, 50)),
          p95Ms: round(percentile(embedMs, 95)),
        },
        memory,
        peakRssMbAfter: peakRssMb(),
        targets: [
          targetBelow(`vector + fusion query p95 at ${count} × ${DIMS} vectors (ms)`, p95, 8),
          // Wall time on a shared machine includes waiting for a core; CPU time is what the query costs.
          targetBelow(`vector + fusion query CPU p95 at ${count} × ${DIMS} vectors (ms)`, cpuP95, 8),
          targetAtLeast(`vector recall@10 against exact on ${queryVectors.length} queries`, recallAt10, 1),
          targetBelow('peak RSS of the vector section (MB)', peakRssMb(), 500),
        ],
      };
    } finally {
      index.close();
    }
  },
};

export const benchSections: BenchSection[] = [querySection];
