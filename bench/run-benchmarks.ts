// `npm run bench`: runs every benchmark section (see bench-registry.ts) and prints ONE JSON object
// on stdout; progress goes to stderr. Options: --quick (small sizes), --only a,b (section names;
// opt-in sections such as `scale` run only when named), --keep (leave the scratch folder), --tmp DIR
// (where scratch folders go; default the OS temp dir), --in-process (all sections in this process).
//
// Each section runs in a child process of its own (`--section NAME --dir DIR`): its memory numbers
// are its own (one process's heap, SQLite caches and ONNX sessions otherwise inflate the next
// section's RSS by hundreds of MB), and no section inherits another's JIT or GC state.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadBenchSections } from './bench-registry.js';
import type { BenchContext, BenchSection, BenchTarget } from './bench-registry.js';
import { loadAverage1m, peakRssMb, round } from './bench-stats.js';

interface RunOptions {
  quick: boolean;
  keep: boolean;
  only: string[] | null;
  tmpRoot: string;
  inProcess: boolean;
  /** Internal: run this one section here, into `dir`, and print its result. */
  section: string | null;
  dir: string | null;
}

function parseArgs(argv: string[]): RunOptions {
  const options: RunOptions = {
    quick: false,
    keep: false,
    only: null,
    tmpRoot: os.tmpdir(),
    inProcess: false,
    section: null,
    dir: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') options.quick = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--only') options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--tmp') options.tmpRoot = path.resolve(argv[++i] ?? os.tmpdir());
    else if (arg === '--in-process') options.inProcess = true;
    else if (arg === '--section') options.section = argv[++i] ?? null;
    else if (arg === '--dir') options.dir = argv[++i] ?? null;
    else throw new Error(`unknown option ${arg} (use --quick, --only a,b, --keep, --tmp DIR, --in-process)`);
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

type SectionOutcome = { result: Record<string, unknown> & { targets?: BenchTarget[] } } | { error: string };

async function runHere(section: BenchSection, ctx: BenchContext): Promise<SectionOutcome> {
  try {
    return { result: await section.run(ctx) };
  } catch (error) {
    return { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/** One section in a child process; its stdout is the outcome, its stderr goes to ours. */
function runInChild(
  section: BenchSection,
  dir: string,
  quick: boolean,
): Promise<SectionOutcome & { peakRssMb?: number }> {
  const script = fileURLToPath(import.meta.url);
  const args = [script, '--section', section.name, '--dir', dir, ...(quick ? ['--quick'] : [])];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.on('error', (error) => resolve({ error: error.message }));
    child.on('close', (code, signal) => {
      try {
        resolve(JSON.parse(out) as SectionOutcome & { peakRssMb: number });
      } catch {
        resolve({ error: `section process exited with ${signal ?? code} and no result` });
      }
    });
  });
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const log = (message: string) =>
    process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}\n`);
  const all = await loadBenchSections();

  if (options.section) {
    const section = all.find((s) => s.name === options.section);
    if (!section || !options.dir) throw new Error(`no section ${options.section ?? ''} (or no --dir)`);
    const outcome = await runHere(section, {
      tmpDir: options.dir,
      quick: options.quick,
      log: (m) => log(`${section.name}: ${m}`),
    });
    process.stdout.write(`${JSON.stringify({ ...outcome, peakRssMb: peakRssMb() })}\n`);
    return;
  }

  const tmpDir = fs.mkdtempSync(path.join(options.tmpRoot, 'memlens-bench-'));
  const sections: Record<string, unknown> = {};
  const targets: (BenchTarget & { section: string })[] = [];
  let peak = 0;
  try {
    const selected = options.only ? all.filter((s) => options.only!.includes(s.name)) : all.filter((s) => !s.optIn);
    for (const section of selected) {
      const sectionDir = path.join(tmpDir, section.name);
      fs.mkdirSync(sectionDir, { recursive: true });
      log(`section ${section.name} (issue ${section.issue})`);
      const sectionStart = performance.now();
      // Other engineers' work on the same cores inflates wall times: every section says how busy it was.
      const loadAtStart = loadAverage1m();
      const outcome = options.inProcess
        ? { ...(await runHere(section, { tmpDir: sectionDir, quick: options.quick, log })), peakRssMb: peakRssMb() }
        : await runInChild(section, sectionDir, options.quick);
      const load = { start: loadAtStart, end: loadAverage1m() };
      if (outcome.peakRssMb !== undefined) peak = Math.max(peak, outcome.peakRssMb);
      if ('result' in outcome) {
        for (const target of outcome.result.targets ?? []) targets.push({ section: section.name, ...target });
        sections[section.name] = {
          issue: section.issue,
          loadAverage1m: load,
          ...outcome.result,
          sectionPeakRssMb: outcome.peakRssMb ?? null,
          sectionMs: round(performance.now() - sectionStart, 0),
        };
      } else {
        // One failing section must not hide the others' numbers.
        sections[section.name] = { issue: section.issue, loadAverage1m: load, error: outcome.error };
        log(`section ${section.name} failed: ${outcome.error.split('\n')[0] ?? ''}`);
      }
    }
  } finally {
    if (!options.keep) fs.rmSync(tmpDir, { recursive: true, force: true });
    else log(`kept ${tmpDir}`);
  }
  const report = {
    benchmark: 'memory-lens',
    startedAt: new Date(Date.now() - (performance.now() - started)).toISOString(),
    quick: options.quick,
    machine: machineInfo(),
    sections,
    targets,
    // The highest of the sections' peaks (each section is a process of its own unless --in-process).
    peakRssMb: options.inProcess ? peakRssMb() : peak,
    totalMs: round(performance.now() - started, 0),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
