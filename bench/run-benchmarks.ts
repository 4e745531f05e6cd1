// `npm run bench`: runs every benchmark section (see bench-registry.ts) and prints ONE JSON object
// on stdout; progress goes to stderr. Options: --quick (small sizes), --only a,b (section names;
// opt-in sections such as `scale` run only when named), --keep (leave the scratch folder), --tmp DIR
// (where scratch folders go; default the OS temp dir).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadBenchSections } from './bench-registry.js';
import type { BenchContext, BenchTarget } from './bench-registry.js';
import { loadAverage1m, peakRssMb, round } from './bench-stats.js';

interface RunOptions {
  quick: boolean;
  keep: boolean;
  only: string[] | null;
  tmpRoot: string;
}

function parseArgs(argv: string[]): RunOptions {
  const options: RunOptions = { quick: false, keep: false, only: null, tmpRoot: os.tmpdir() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') options.quick = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--only') options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--tmp') options.tmpRoot = path.resolve(argv[++i] ?? os.tmpdir());
    else throw new Error(`unknown option ${arg} (use --quick, --only a,b, --keep, --tmp DIR)`);
  }
  return options;
}

function machineInfo(): Record<string, unknown> {
  const cpus = os.cpus();
  return {
    platform: `${os.platform()} ${os.release()}`,
    arch: os.arch(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? null,
    totalMemoryMb: Math.round(os.totalmem() / 1_048_576),
    node: process.version,
    // Other work on the machine inflates wall times; the load average says how busy it was.
    loadAverage1m: round(os.loadavg()[0] ?? null),
    v8: process.versions.v8,
  };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const tmpDir = fs.mkdtempSync(path.join(options.tmpRoot, 'memlens-bench-'));
  const ctx: BenchContext = {
    tmpDir,
    quick: options.quick,
    log: (message) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}\n`),
  };
  const sections: Record<string, unknown> = {};
  const targets: (BenchTarget & { section: string })[] = [];
  try {
    const all = await loadBenchSections();
    const selected = options.only ? all.filter((s) => options.only!.includes(s.name)) : all.filter((s) => !s.optIn);
    for (const section of selected) {
      const sectionDir = path.join(tmpDir, section.name);
      fs.mkdirSync(sectionDir, { recursive: true });
      ctx.log(`section ${section.name} (issue ${section.issue})`);
      const sectionStart = performance.now();
      // Other engineers' work on the same cores inflates wall times: every section says how busy it was.
      const loadAtStart = loadAverage1m();
      try {
        const result = await section.run({ ...ctx, tmpDir: sectionDir });
        for (const target of result.targets ?? []) targets.push({ section: section.name, ...target });
        sections[section.name] = {
          issue: section.issue,
          loadAverage1m: { start: loadAtStart, end: loadAverage1m() },
          ...result,
          sectionMs: round(performance.now() - sectionStart, 0),
        };
      } catch (error) {
        // One failing section must not hide the others' numbers.
        sections[section.name] = {
          issue: section.issue,
          loadAverage1m: { start: loadAtStart, end: loadAverage1m() },
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        };
        ctx.log(`section ${section.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    if (!options.keep) fs.rmSync(tmpDir, { recursive: true, force: true });
    else ctx.log(`kept ${tmpDir}`);
  }
  const report = {
    benchmark: 'memory-lens',
    startedAt: new Date(Date.now() - (performance.now() - started)).toISOString(),
    quick: options.quick,
    machine: machineInfo(),
    sections,
    targets,
    peakRssMb: peakRssMb(),
    totalMs: round(performance.now() - started, 0),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
