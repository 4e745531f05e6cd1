// `memlens serve` on the sample workspace with a fresh data folder: RSS once the first index run
// has finished (and the warm-up after open had its turns) and the CPU serve had used by then, then
// the first search after open and three more over HTTP, each with its round trip and the engine's
// tookMs, and RSS after them.
//   npm run build:node && npx tsc -p tsconfig.bench.json && node dist-bench/bench/serve-idle-bench.js [--runs 3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { round } from './bench-stats.js';
import { connectServe, spawnSampleServe } from './serve-connection.js';

const argv = process.argv.slice(2);
const runs = Number(argv[argv.indexOf('--runs') + 1] || 1) || 1;
const QUERIES = ['签证', 'deploy', 'what did I do last Friday', '项目进度'];

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 102.4) / 10;
}

/** User plus system CPU seconds the process has used (fields 14 and 15 of /proc/PID/stat, in ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function once(): Promise<Record<string, unknown>> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-bench-idle-'));
  const child = spawnSampleServe(home);
  try {
    const { call } = await connectServe(child);
    const started = performance.now();
    while ((await call('status', {})).result.lastSyncAt == null) {
      if (performance.now() - started > 120_000) throw new Error('the first index run did not finish');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Idle: a second for what follows the index run (the watcher's start, the warm-up) to settle.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleRssMb = rssMb(child.pid!);
    const cpuAtIdleS = cpuSeconds(child.pid!);
    const searches = [];
    for (const query of QUERIES) {
      const t = performance.now();
      const answer = await call('search', { query });
      searches.push({ query, ms: round(performance.now() - t, 1), engineMs: round(answer.result.tookMs ?? null, 1) });
    }
    return {
      load: round(os.loadavg()[0]!),
      idleRssMb,
      cpuAtIdleS,
      firstSearchMs: searches[0]!.ms,
      searches,
      rssAfterMb: rssMb(child.pid!),
    };
  } finally {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(home, { recursive: true, force: true });
  }
}

// npm run bench imports every *-bench.js for its sections: this one runs only as a script.
export const benchSections: [] = [];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  for (let i = 0; i < runs; i++) process.stdout.write(`${JSON.stringify(await once())}\n`);
