// Keyword-only queries, Memory Lens beside OpenClaw's own memory manager in the same run (opt-in:
// `--only openclawQueryCompare`; needs OPENCLAW_NODE = a Node ≥ 24.16 and OPENCLAW_DIR and/or
// OPENCLAW_CLASSIC_DIR = installed openclaw 2026.9.x / 2026.2.x packages). For every workload and
// side the index is built in one child process (untimed) and the questions answered in a fresh one:
// every query timed, the first included, top 10, memory files only (scripts/openclaw-index-timing/).
// COMPARE_YIELD=1 gives each child's event loop a turn between two questions (keyword-query-child.ts).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BenchContext, BenchSection } from './bench-registry.js';
import { loadAverage1m, percentile, round } from './bench-stats.js';
import { loadCmrcParagraphs, writeCmrcWorkspace } from './cmrc-dataset.js';
import { generateConversationWorkspace } from './conversation-workspace.js';
import { defaultCmrcPath, repoRoot } from './repo-paths.js';

const run = promisify(execFile);

interface Workload {
  name: string;
  dir: string;
  queries: string[];
}

interface QueryRun {
  openMs: number;
  times: number[];
  cpuTimes: number[];
  cpuMs: number;
  empty: number;
  chunks: number;
  peakRssMb: number;
}

interface Side {
  name: string;
  answer(ctx: BenchContext, workload: Workload, i: number): Promise<QueryRun>;
}

const lastLine = (stdout: string): unknown => JSON.parse(stdout.trim().split('\n').pop()!);

function openclawSide(name: string, ocDir: string, nodeBin: string): Side {
  const script = path.join(repoRoot(), 'scripts', 'openclaw-index-timing', 'run-openclaw-queries.mjs');
  return {
    name,
    async answer(ctx, workload, i) {
      const home = path.join(ctx.tmpDir, `${name}-home-${i}`);
      fs.mkdirSync(path.join(home, '.openclaw'), { recursive: true });
      fs.writeFileSync(
        path.join(home, '.openclaw', 'openclaw.json'),
        JSON.stringify({ memory: { search: { provider: 'none' } } }),
      );
      fs.cpSync(workload.dir, path.join(home, '.openclaw', 'workspace'), { recursive: true });
      const queriesFile = path.join(home, 'queries.json');
      fs.writeFileSync(queriesFile, JSON.stringify(workload.queries));
      const options = {
        env: {
          PATH: `${path.dirname(nodeBin)}:${process.env.PATH ?? ''}`,
          HOME: home,
          TMPDIR: os.tmpdir(),
          OPENCLAW_DIR: ocDir,
        },
        cwd: home,
        maxBuffer: 64 << 20,
      };
      await run(nodeBin, [script, 'index'], options);
      const { stdout } = await run(nodeBin, [script, 'query', queriesFile], options);
      fs.rmSync(home, { recursive: true, force: true });
      return lastLine(stdout) as QueryRun;
    },
  };
}

const memoryLensSide: Side = {
  name: 'memoryLens',
  async answer(ctx, workload, i) {
    const stateDir = path.join(ctx.tmpDir, `ml-state-${i}`);
    fs.mkdirSync(stateDir, { recursive: true });
    const queriesFile = path.join(stateDir, 'queries.json');
    fs.writeFileSync(queriesFile, JSON.stringify(workload.queries));
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'keyword-query-child.js');
    const options = { maxBuffer: 64 << 20 };
    await run(process.execPath, [script, 'index', workload.dir, stateDir], options);
    const { stdout } = await run(process.execPath, [script, 'query', workload.dir, stateDir, queriesFile], options);
    fs.rmSync(stateDir, { recursive: true, force: true });
    return lastLine(stdout) as QueryRun;
  },
};

/** One side's runs over a group of workloads: ms/query with the first query of each run included. */
function summary(runs: QueryRun[]): Record<string, unknown> {
  const times = runs.flatMap((r) => r.times);
  const cpu = runs.flatMap((r) => r.cpuTimes);
  const total = times.reduce((a, b) => a + b, 0);
  const cpuTotal = cpu.reduce((a, b) => a + b, 0);
  const rss = runs.map((r) => r.peakRssMb);
  return {
    runs: runs.length,
    queries: times.length,
    chunks: runs.map((r) => r.chunks),
    msPerQuery: round(total / times.length, 3),
    cpuMsPerQuery: round(cpuTotal / cpu.length, 3),
    p50Ms: round(percentile(times, 50), 3),
    p95Ms: round(percentile(times, 95), 3),
    cpuP50Ms: round(percentile(cpu, 50), 3),
    firstQueryMs: runs.map((r) => round(r.times[0] ?? null, 1)),
    openMs: runs.map((r) => round(r.openMs, 0)),
    peakRssMb: { min: round(Math.min(...rss), 0), max: round(Math.max(...rss), 0) },
    emptyResults: runs.reduce((a, r) => a + r.empty, 0),
  };
}

function conversationWorkloads(ctx: BenchContext, count: number): Workload[] {
  return Array.from({ length: count }, (_, i) => {
    const ws = generateConversationWorkspace({ dir: path.join(ctx.tmpDir, `conversation-${i + 1}`), seed: i + 1 });
    // Memory files only: OpenClaw's transcripts live in its state folder, not in the workspace.
    fs.rmSync(path.join(ws.dir, 'sessions'), { recursive: true, force: true });
    return { name: `conversation-${i + 1}`, dir: ws.dir, queries: ctx.quick ? ws.queries.slice(0, 20) : ws.queries };
  });
}

function cmrcWorkload(ctx: BenchContext): Workload {
  const dir = path.join(ctx.tmpDir, 'cmrc');
  const paragraphs = loadCmrcParagraphs(defaultCmrcPath());
  const queries = writeCmrcWorkspace(dir, ctx.quick ? paragraphs.slice(0, 50) : paragraphs).map((q) => q.query);
  return { name: 'cmrc', dir, queries };
}

const compareSection: BenchSection = {
  name: 'openclawQueryCompare',
  order: 126,
  issue: 33,
  optIn: true,
  async run(ctx) {
    const nodeBin = process.env.OPENCLAW_NODE;
    const current = process.env.OPENCLAW_DIR;
    const classic = process.env.OPENCLAW_CLASSIC_DIR;
    if (!nodeBin || (!current && !classic))
      return {
        skipped:
          'set OPENCLAW_NODE (a Node >= 24.16 binary) and OPENCLAW_DIR / OPENCLAW_CLASSIC_DIR (openclaw 2026.9.x / 2026.2.x package folders)',
      };
    // COMPARE_SIDES=memoryLens re-measures one side alone (e.g. after a change to Memory Lens).
    const only = process.env.COMPARE_SIDES?.split(',');
    const sides: Side[] = [memoryLensSide];
    const versions: Record<string, string> = {};
    for (const [name, dir] of [
      ['openclawClassic', classic],
      ['openclawCurrent', current],
    ] as const) {
      if (!dir || (only && !only.includes(name))) continue;
      sides.push(openclawSide(name, dir, nodeBin));
      versions[name] = (
        JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }
      ).version;
    }
    if (only && !only.includes(memoryLensSide.name)) sides.shift();
    const groups: [string, Workload[]][] = [
      ['conversation', conversationWorkloads(ctx, ctx.quick ? 2 : Number(process.env.COMPARE_WORKSPACES ?? 10))],
      ['cmrc', [cmrcWorkload(ctx)]],
    ];
    const loads: (number | null)[] = [loadAverage1m()];
    const result: Record<string, unknown> = {
      note: `keyword-only, memory files, top 10; index built untimed in a child, questions answered in a fresh child (first query included); OpenClaw ${JSON.stringify(versions)} under ${nodeBin}, Memory Lens under ${process.version}`,
      loadAverage1m: loads,
    };
    let i = 0;
    for (const [group, workloads] of groups) {
      const runs = new Map<string, QueryRun[]>(sides.map((s) => [s.name, []]));
      for (const workload of workloads) {
        // Rotate which side goes first, so no side always meets the machine in the same state.
        const order = sides.map((_, k) => sides[(k + i) % sides.length]!);
        for (const side of order) runs.get(side.name)!.push(await side.answer(ctx, workload, i));
        loads.push(loadAverage1m());
        ctx.log(
          `query compare ${workload.name}: ${sides
            .map(
              (s) =>
                `${s.name} ${String(
                  round(
                    runs
                      .get(s.name)!
                      .at(-1)!
                      .times.reduce((a, b) => a + b, 0),
                    0,
                  ),
                )} ms`,
            )
            .join(', ')}`,
        );
        i += 1;
      }
      result[group] = Object.fromEntries(sides.map((s) => [s.name, summary(runs.get(s.name)!)]));
    }
    return result;
  },
};

export const benchSections: BenchSection[] = [compareSection];
