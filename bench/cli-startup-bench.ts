// `memlens` as a script or an agent calls it: one whole process per command, on a one-file
// workspace whose index is built first. Each command runs `runs` times in a row, the first one
// reported apart (nothing warmed up before it), with wall time, the child's own CPU and its peak RSS.
//   npm run build:node && npx tsc -p tsconfig.bench.json && node dist-bench/bench/run-benchmarks.js --only cliStartup
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchSection, BenchTarget } from './bench-registry.js';
import { median, round } from './bench-stats.js';
import { repoRoot } from './repo-paths.js';

// Loaded into each child with --import: its own CPU and peak RSS, written as it exits.
const REPORTER = `import fs from 'node:fs';
process.on('exit', () => {
  const u = process.resourceUsage();
  fs.writeFileSync(process.env.ML_BENCH_USAGE, JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRssKb: u.maxRSS }));
});
`;

interface Run {
  ms: number;
  cpuMs: number;
  peakMb: number;
}

/** One `node` process (`args` after Node's own flags): its wall time, CPU and peak RSS. */
function runOnce(args: string[], env: NodeJS.ProcessEnv, reporter: string, usageFile: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', reporter, ...args], {
      env: { ...env, ML_BENCH_USAGE: usageFile },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`));
      const usage = JSON.parse(fs.readFileSync(usageFile, 'utf8')) as { cpuMs: number; maxRssKb: number };
      resolve({ ms, cpuMs: usage.cpuMs, peakMb: usage.maxRssKb / 1024 });
    });
  });
}

function summary(runs: Run[]): Record<string, number | null> {
  const [first, ...rest] = runs;
  return {
    firstMs: round(first!.ms, 1),
    medianMs: round(median(rest.map((r) => r.ms)), 1),
    medianCpuMs: round(median(rest.map((r) => r.cpuMs)), 1),
    peakMb: round(Math.max(...runs.map((r) => r.peakMb)), 1),
  };
}

const atMost = (name: string, value: number | null, limit: number): BenchTarget => ({
  name,
  value,
  target: `≤ ${limit}`,
  met: value === null ? null : value <= limit,
});

const cliStartup: BenchSection = {
  name: 'cliStartup',
  order: 150,
  issue: 33,
  async run(ctx) {
    const runs = ctx.quick ? 3 : 11;
    const workspace = path.join(ctx.tmpDir, 'cli-workspace');
    fs.mkdirSync(workspace, { recursive: true });
    fs.writeFileSync(
      path.join(workspace, 'MEMORY.md'),
      '# Memory\n\nDeploy the gateway on Friday. 签证 visa for the Singapore trip.\n',
    );
    const reporter = path.join(ctx.tmpDir, 'cli-usage-reporter.mjs');
    fs.writeFileSync(reporter, REPORTER);
    const usageFile = path.join(ctx.tmpDir, 'cli-usage.json');
    const env = {
      ...process.env,
      HOME: ctx.tmpDir,
      MEMLENS_DATA_DIR: path.join(ctx.tmpDir, 'cli-data'),
      MEMLENS_MODEL: '',
    };
    const bin = path.join(repoRoot(), 'bin', 'memlens.js');
    await runOnce([bin, 'index', '--workspace', workspace], env, reporter, usageFile);
    // A bare Node start on this machine, for scale: what every command pays before any of ours.
    const bare: Run[] = [];
    for (let i = 0; i < runs; i++) bare.push(await runOnce(['-e', '0'], env, reporter, usageFile));
    const commands: Record<string, string[]> = {
      help: ['--help'],
      get: ['get', 'MEMORY.md', '--workspace', workspace],
      searchEnglish: ['search', 'deploy', '--workspace', workspace],
      searchChinese: ['search', '签证', '--workspace', workspace],
    };
    const results: Record<string, Record<string, number | null>> = {};
    for (const [name, args] of Object.entries(commands)) {
      const measured: Run[] = [];
      for (let i = 0; i < runs; i++) measured.push(await runOnce([bin, ...args], env, reporter, usageFile));
      results[name] = summary(measured);
      ctx.log(`cliStartup ${name}: ${JSON.stringify(results[name])}`);
    }
    return {
      runs,
      bareNode: summary(bare),
      ...results,
      targets: [
        atMost('memlens --help, median wall (ms)', results.help!.medianMs!, 150),
        atMost('memlens search, median wall (ms)', results.searchEnglish!.medianMs!, 300),
        atMost('memlens search, peak RSS (MB)', results.searchEnglish!.peakMb!, 120),
      ],
    };
  },
};

export const benchSections: BenchSection[] = [cliStartup];
