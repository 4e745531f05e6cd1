// Preloaded (`node --import`) into the `memlens serve` child of big-transcript-bench: how long the
// event loop was held while the transcript indexed, in wall time (delay histogram) and in the main
// thread's CPU between two ticks of a 5 ms timer, which the machine's load does not inflate (the
// thread's own time where Linux gives it, so worker threads are not counted; else the process's).
// SIGUSR2 starts the window (the first progress event); the figures are printed on exit.
// Each search inside the window is traced from its request to its response: the main thread's CPU,
// its wait for a core (schedstat's run delay), and the rest, when it was blocked (I/O, a lock).
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** CPU time of the calling thread in µs (schedstat's first field is ns on CPU), or the process's. */
const threadCpuMicros = (() => {
  try {
    fs.readFileSync('/proc/thread-self/schedstat', 'utf8');
    return () => Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1000;
  } catch {
    return () => {
      const cpu = process.cpuUsage();
      return cpu.user + cpu.system;
    };
  }
})();

/** [ns on CPU, ns waiting on a run queue] of the calling thread, or null off Linux. */
const threadSchedstat = () => {
  try {
    const [run, wait] = fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return [Number(run), Number(wait)];
  } catch {
    return null;
  }
};

const delay = monitorEventLoopDelay({ resolution: 5 });
let lastCpu = null;
let lastWall = 0;
let gaps = [];
const tick = setInterval(() => {
  if (lastCpu === null) return;
  const cpu = threadCpuMicros();
  const wall = performance.now() - lastWall;
  gaps.push([wall, (cpu - lastCpu) / 1000]);
  lastCpu = cpu;
  lastWall = performance.now();
}, 5);
tick.unref();

/** When the transcript's worker said it committed (the first searches after it meet the new index). */
let committedAt = null;
process.on('worker', (worker) => {
  worker.on('message', (message) => {
    if (message?.kind === 'committed') committedAt = performance.now();
  });
});

let windowOpen = false;
/** The whole process's CPU (every thread: the transcript's worker too) when the window opened. */
let processCpuAtOpen = null;
/** Searches in the window: [wall, CPU, run-queue wait, started after the commit] in ms. */
let searches = [];
const started = new WeakMap();
diagnostics.subscribe('http.server.request.start', ({ request }) => {
  if (windowOpen && request.url?.endsWith('/search')) started.set(request, [performance.now(), threadSchedstat()]);
});
diagnostics.subscribe('http.server.response.finish', ({ request }) => {
  const start = started.get(request);
  const end = threadSchedstat();
  if (!start || !start[1] || !end) return;
  searches.push([
    performance.now() - start[0],
    (end[0] - start[1][0]) / 1e6,
    (end[1] - start[1][1]) / 1e6,
    committedAt !== null && start[0] >= committedAt,
  ]);
});

process.on('SIGUSR2', () => {
  windowOpen = true;
  processCpuAtOpen = process.cpuUsage();
  searches = [];
  delay.reset();
  delay.enable();
  gaps = [];
  lastCpu = threadCpuMicros();
  lastWall = performance.now();
});

const round1 = (x) => Math.round(x * 10) / 10;
const aroundCommit = () => {
  const first = searches.findIndex((s) => s[3]);
  return first === -1 ? [] : searches.slice(Math.max(0, first - 2), first + 3);
};

process.on('exit', () => {
  if (lastCpu === null) return;
  const cpuGaps = gaps.map((g) => g[1]).sort((a, b) => a - b);
  const at = (p) => cpuGaps[Math.min(cpuGaps.length - 1, Math.floor((p / 100) * cpuGaps.length))] ?? 0;
  const ms = (ns) => Math.round(ns / 1e5) / 10;
  process.stderr.write(
    `loopStats ${JSON.stringify({
      delayMaxMs: ms(delay.max),
      delayP99Ms: ms(delay.percentile(99)),
      delayP50Ms: ms(delay.percentile(50)),
      tickCpuMaxMs: Math.round(at(100) * 10) / 10,
      tickCpuP99Ms: Math.round(at(99) * 10) / 10,
      ticks: cpuGaps.length,
      processCpuMs: processCpuAtOpen
        ? Math.round(Object.values(process.cpuUsage(processCpuAtOpen)).reduce((a, b) => a + b) / 1000)
        : null,
      // A search's own CPU is what the machine's load does not inflate: the largest, and how many passed 20 ms.
      searchCpuMaxMs: Math.round(Math.max(0, ...searches.map((s) => s[1])) * 10) / 10,
      searchesOver20MsCpu: searches.filter((s) => s[1] > 20).length,
      // The searches around the worker's commit message (after: started once it arrived); one
      // started just before it may already have met the new index.
      aroundCommit: aroundCommit().map(([wall, cpu, queued, after]) => ({
        after,
        ms: round1(wall),
        cpuMs: round1(cpu),
        queuedMs: round1(queued),
      })),
      // The slowest searches inside serve, request to response: wall = CPU + waiting for a core + blocked.
      slowestSearches: [...searches]
        .sort((a, b) => b[0] - a[0])
        .slice(0, 5)
        .map(([wall, cpu, queued]) => ({
          ms: Math.round(wall * 10) / 10,
          cpuMs: Math.round(cpu * 10) / 10,
          queuedMs: Math.round(queued * 10) / 10,
          blockedMs: Math.round(Math.max(0, wall - cpu - queued) * 10) / 10,
        })),
    })}\n`,
  );
});
