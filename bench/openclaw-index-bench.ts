// Cold keyword-only indexing, Memory Lens beside OpenClaw's own indexer in the same run (opt-in:
// `--only openclawIndexCompare`; needs OPENCLAW_DIR = an installed openclaw package and
// OPENCLAW_NODE = a Node it runs on). Each run is a fresh child process per side, the two sides
// alternating which goes first; only the index call is timed (scripts/openclaw-index-timing/).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BenchContext, BenchSection } from './bench-registry.js';
import { loadAverage1m, percentile, round } from './bench-stats.js';
import { loadCmrcParagraphs, writeCmrcWorkspace } from './cmrc-dataset.js';
import { defaultCmrcPath, repoRoot } from './repo-paths.js';

const run = promisify(execFile);

interface Sample {
  ms: number;
  cpuMs: number;
  chunks: number;
  /** OpenClaw: its MemoryIndexManager.sync alone (the rest of `ms` opens the manager and scans for status). */
  syncMs?: number;
}

async function openclawRun(
  ctx: BenchContext,
  workspaceDir: string,
  i: number,
  ocDir: string,
  nodeBin: string,
): Promise<Sample> {
  const home = path.join(ctx.tmpDir, `oc-home-${i}`);
  fs.mkdirSync(path.join(home, '.openclaw'), { recursive: true });
  fs.writeFileSync(
    path.join(home, '.openclaw', 'openclaw.json'),
    JSON.stringify({ memory: { search: { provider: 'none' } } }),
  );
  const script = path.join(repoRoot(), 'scripts', 'openclaw-index-timing', 'run-openclaw-index.mjs');
  const env = {
    PATH: `${path.dirname(nodeBin)}:${process.env.PATH ?? ''}`,
    HOME: home,
    TMPDIR: os.tmpdir(),
    OPENCLAW_DIR: ocDir,
  };
  const { stdout } = await run(nodeBin, [script, workspaceDir], { env, cwd: home, maxBuffer: 16 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Sample;
}

async function oursRun(ctx: BenchContext, workspaceDir: string, i: number): Promise<Sample> {
  const stateDir = path.join(ctx.tmpDir, `ml-state-${i}`);
  fs.mkdirSync(stateDir, { recursive: true });
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cold-index-child.js');
  const { stdout } = await run(process.execPath, [script, workspaceDir, stateDir], { maxBuffer: 16 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Sample;
}

function summary(samples: Sample[]): Record<string, unknown> {
  return {
    chunks: samples[0]?.chunks ?? null,
    msPerRun: samples.map((s) => round(s.ms, 0)),
    medianMs: round(
      percentile(
        samples.map((s) => s.ms),
        50,
      ),
      0,
    ),
    medianCpuMs: round(
      percentile(
        samples.map((s) => s.cpuMs),
        50,
      ),
      0,
    ),
    ...(samples[0]?.syncMs !== undefined
      ? {
          medianSyncMs: round(
            percentile(
              samples.map((s) => s.syncMs ?? 0),
              50,
            ),
            0,
          ),
        }
      : {}),
  };
}

const compareSection: BenchSection = {
  name: 'openclawIndexCompare',
  order: 125,
  issue: 22,
  optIn: true,
  async run(ctx) {
    const ocDir = process.env.OPENCLAW_DIR;
    const nodeBin = process.env.OPENCLAW_NODE;
    if (!ocDir || !nodeBin)
      return { skipped: 'set OPENCLAW_DIR (the openclaw package folder) and OPENCLAW_NODE (a Node >= 24.16 binary)' };
    const version = (JSON.parse(fs.readFileSync(path.join(ocDir, 'package.json'), 'utf8')) as { version: string })
      .version;
    const runs = ctx.quick ? 2 : Number(process.env.COMPARE_RUNS ?? 7);
    // OpenClaw's workspace folder gets this tree copied in: memory/cmrc/NNNN.md, one paragraph each.
    const dir = path.join(ctx.tmpDir, 'cmrc');
    const paragraphs = loadCmrcParagraphs(defaultCmrcPath());
    writeCmrcWorkspace(dir, ctx.quick ? paragraphs.slice(0, 100) : paragraphs);
    const openclaw: Sample[] = [];
    const ours: Sample[] = [];
    const loads: (number | null)[] = [loadAverage1m()];
    for (let i = 0; i < runs; i++) {
      if (i % 2 === 0) {
        openclaw.push(await openclawRun(ctx, dir, i, ocDir, nodeBin));
        ours.push(await oursRun(ctx, dir, i));
      } else {
        ours.push(await oursRun(ctx, dir, i));
        openclaw.push(await openclawRun(ctx, dir, i, ocDir, nodeBin));
      }
      loads.push(loadAverage1m());
      ctx.log(
        `index compare run ${i + 1}/${runs}: OpenClaw ${round(openclaw[i]!.ms, 0)} ms, Memory Lens ${round(ours[i]!.ms, 0)} ms`,
      );
    }
    const oc = summary(openclaw);
    const ml = summary(ours);
    return {
      note: `CMRC 2018 (${paragraphs.length} files) cold keyword-only index; OpenClaw ${version} under ${nodeBin}, Memory Lens under ${process.version}; child per run, module loading and a warm-up index untimed`,
      loadAverage1m: loads,
      openclaw: oc,
      memoryLens: ml,
      ratioWallMedian: round((ml.medianMs as number) / (oc.medianMs as number), 2),
      ratioCpuMedian: round((ml.medianCpuMs as number) / (oc.medianCpuMs as number), 2),
    };
  },
};

export const benchSections: BenchSection[] = [compareSection];
