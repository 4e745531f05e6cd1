// Issue 5's benchmarks: embedding throughput and main-thread event-loop delay during a full index
// with the fixture model (electron/memory/embed/test-support/tiny-model.ts). Vector query latency
// at 100k × 384 is in vector-bench.ts.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { MemoryEngine } from '../electron/memory/engine.js';
import { loadEmbedder } from '../electron/memory/embed/load-embedder.js';
import { measureEventLoopDelay } from '../electron/memory/embed/test-support/event-loop-delay.js';
import type { EventLoopDelay } from '../electron/memory/embed/test-support/event-loop-delay.js';
import { TINY_MODEL_ID, writeTinyModel } from '../electron/memory/embed/test-support/tiny-model.js';
import type { BenchContext, BenchSection } from './bench-registry.js';
import { peakRssMb, round } from './bench-stats.js';
import { generateSyntheticWorkspace } from './synthetic-workspace.js';

const SEED = 20261129;

function delayJson(delay: EventLoopDelay): Record<string, number | null> {
  return { p95Ms: round(delay.p95Ms), p99Ms: round(delay.p99Ms), maxMs: round(delay.maxMs), samples: delay.samples };
}

async function openEngine(
  ctx: BenchContext,
  workspaceDir: string,
  name: string,
  modelsDir: string | null,
): Promise<MemoryEngine> {
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
      ctx.log(
        `hybrid index: ${report.chunksEmbedded} chunks embedded in ${report.tookMs} ms (${chunksPerSec}/s), loop p95 ${round(delay.p95Ms)} ms`,
      );

      // The embedder alone: every distinct chunk text in one call, nothing else on the thread.
      const texts = [...new Set(collectChunkTexts(status.dbPath))];
      const loaded = await loadEmbedder({ model: TINY_MODEL_ID, modelsDir, allowDownload: false });
      if (!loaded.ok) throw new Error(loaded.reason.message);
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

export const benchSections: BenchSection[] = [indexSection];
