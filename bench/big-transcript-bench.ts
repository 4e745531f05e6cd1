// A big transcript, as docs/big-transcripts.md reports it: a synthetic OpenClaw session of 1M
// JSONL lines (~62 MB), indexed by the built CLI. Measures the peak RSS of `memlens index`, then,
// in `memlens serve` on a fresh data dir, how long searches take while that transcript is indexed
// (one search every 100 ms from the first progress event to the end).
// The first search is the serve process's first (no warm-up); the event loop's longest hold is
// reported in wall time and in CPU time (bench/serve-loop-stats.mjs), which load does not inflate.
//   npm run build:node && npx tsc -p tsconfig.bench.json && node dist-bench/bench/big-transcript-bench.js [--lines 1000000] [--serve-only] [--cpu-prof DIR]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { percentile, round } from './bench-stats.js';
import { connectServe } from './serve-connection.js';
import { repoRoot } from './repo-paths.js';

const argv = process.argv.slice(2);
const linesWanted = Number(argv[argv.indexOf('--lines') + 1] || 1_000_000) || 1_000_000;
const cpuProfDir = argv.includes('--cpu-prof') ? path.resolve(argv[argv.indexOf('--cpu-prof') + 1]!) : null;

const WORDS = [
  'harbour',
  'crane',
  'ticket',
  'router',
  'budget',
  'coffee',
  'deploy',
  'review',
  'weekly',
  'notes',
  'gateway',
  'python',
];

/** One short record a line, like a chatty session: user/assistant messages and some tool noise. */
function writeTranscript(file: string, lines: number): number {
  const fd = fs.openSync(file, 'w');
  let buffer = '';
  let bytes = 0;
  const start = Date.parse('2026-05-01T08:00:00Z');
  for (let i = 0; i < lines; i++) {
    let line: string;
    if (i === 0)
      line = JSON.stringify({ type: 'session', id: 'big-session', timestamp: new Date(start).toISOString() });
    else if (i % 4 === 3) line = JSON.stringify({ type: 'custom', n: i });
    else {
      const text = `${WORDS[i % 12]} ${WORDS[(i * 7) % 12]} ${i % 97}`;
      line = JSON.stringify({ type: 'message', message: { role: i % 2 ? 'user' : 'assistant', content: text } });
    }
    buffer += `${line}\n`;
    if (buffer.length > 1 << 20) {
      bytes += fs.writeSync(fd, buffer);
      buffer = '';
    }
  }
  bytes += fs.writeSync(fd, buffer);
  fs.closeSync(fd);
  return bytes;
}

const memlens = path.join(repoRoot(), 'bin', 'memlens.js');
const maxRssPreload = path.join(repoRoot(), 'e2e', 'faults', 'support', 'print-max-rss.cjs');
const loopStatsPreload = pathToFileURL(path.join(repoRoot(), 'bench', 'serve-loop-stats.mjs')).href;
const load1 = (): number => os.loadavg()[0]!;

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--require', maxRssPreload, memlens, ...args], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

async function indexPeakRss(workspace: string, home: string): Promise<{ peakRssMb: number; tookMs: number }> {
  const started = performance.now();
  const result = await run(['index', '--workspace', workspace, '--data-dir', path.join(home, 'data-index')], {
    ...process.env,
    HOME: home,
    MEMLENS_MODEL: '',
  });
  const match = /maxRSS (\d+)/.exec(result.stderr);
  if (result.code !== 0 || !match) throw new Error(`memlens index failed (${result.code}):\n${result.stderr}`);
  return { peakRssMb: Math.round(Number(match[1]) / 1024), tookMs: Math.round(performance.now() - started) };
}

async function searchWhileIndexing(workspace: string, home: string): Promise<Record<string, unknown>> {
  const child = spawn(
    process.execPath,
    [
      ...(cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : []),
      '--require',
      maxRssPreload,
      '--import',
      loopStatsPreload,
      memlens,
      'serve',
      '--port',
      '0',
      '--workspace',
      workspace,
      '--data-dir',
      path.join(home, 'data-serve'),
    ],
    {
      env: { ...process.env, HOME: home, MEMLENS_MODEL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const { call, output } = await connectServe(child);
  const latencies: number[] = [];
  const engineMs: number[] = [];
  /** Every search: when it was sent (ms after the first progress event), its round trip and the engine's tookMs. */
  const timeline: { atMs: number | null; ms: number | null; engineMs: number | null }[] = [];
  let windowStart = 0;
  const started = performance.now();
  const loadAtStart = load1();
  let sawProgress = false;
  let failures = 0;
  for (;;) {
    let status;
    try {
      status = await call('status', {});
    } catch {
      failures += 1; // a reset connection under load: counted, polled again
      continue;
    }
    // A finished sync stays in status as phase 'done' until the next one starts.
    const progress = status.result.progress as { phase?: string } | null | undefined;
    const indexing = progress != null && progress.phase !== 'done';
    if (indexing && !sawProgress) {
      child.kill('SIGUSR2'); // the loop statistics' window opens
      windowStart = performance.now();
    }
    sawProgress ||= indexing;
    // Done: progress seen and gone, or the first sync finished between two polls.
    if (!indexing && (sawProgress || (status.result.lastSyncAt ?? null) !== null)) break;
    if (performance.now() - started > 600_000) throw new Error('indexing did not finish in 10 minutes');
    if (indexing) {
      const t = performance.now();
      const answer = await call('search', { query: 'harbour crane', minScore: 0 }).catch(() => null);
      latencies.push(performance.now() - t);
      if (answer?.ok) engineMs.push(answer.result.tookMs ?? 0);
      else failures += 1;
      timeline.push({
        atMs: round(t - windowStart, 0),
        ms: round(performance.now() - t, 1),
        engineMs: answer?.ok ? round(answer.result.tookMs ?? 0, 1) : null,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const indexMs = Math.round(performance.now() - started);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
  const rss = /maxRSS (\d+)/.exec(output());
  const loop = /loopStats (\{.*\})/.exec(output());
  const rest = latencies.slice(1);
  return {
    load: [round(loadAtStart), round(load1())],
    searches: latencies.length,
    failures,
    firstMs: round(latencies[0] ?? null, 1),
    firstEngineMs: round(engineMs[0] ?? null, 1),
    maxMs: round(Math.max(0, ...latencies), 1),
    p95Ms: round(percentile(latencies, 95), 1),
    medianMs: round(percentile(latencies, 50), 1),
    maxAfterFirstMs: round(Math.max(0, ...rest), 1),
    engineMaxMs: round(Math.max(0, ...engineMs), 1),
    engineP95Ms: round(percentile(engineMs, 95), 1),
    loop: loop ? (JSON.parse(loop[1]!) as unknown) : null,
    slowest: [...timeline].sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0)).slice(0, 5),
    indexMs,
    peakRssMb: rss ? Math.round(Number(rss[1]) / 1024) : -1,
  };
}

// npm run bench imports every *-bench.js for its sections: this one runs only as a script.
export const benchSections: [] = [];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();

async function main(): Promise<void> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-bench-big-'));
  try {
    const workspace = path.join(home, 'workspace');
    fs.mkdirSync(path.join(workspace, 'sessions'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n\nThe harbour crane is inspected weekly.\n');
    const bytes = writeTranscript(path.join(workspace, 'sessions', 'big-session.jsonl'), linesWanted);
    const index = argv.includes('--serve-only') ? null : await indexPeakRss(workspace, home);
    process.stderr.write(`index: ${JSON.stringify(index)}\n`);
    const serve = await searchWhileIndexing(workspace, home);
    process.stdout.write(
      `${JSON.stringify({ lines: linesWanted, megabytes: Math.round(bytes / 1e5) / 10, index, serve })}\n`,
    );
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}
