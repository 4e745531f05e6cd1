// Preloaded (`node --import`) into the `memlens serve` child of big-transcript-bench: how long the
// event loop was held while the transcript indexed, in wall time (delay histogram) and in the main
// thread's CPU between two ticks of a 5 ms timer, which the machine's load does not inflate (the
// thread's own time where Linux gives it, so worker threads are not counted; else the process's).
// SIGUSR2 starts the window (the first progress event); the figures are printed on exit.
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

process.on('SIGUSR2', () => {
  delay.reset();
  delay.enable();
  gaps = [];
  lastCpu = threadCpuMicros();
  lastWall = performance.now();
});

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
    })}\n`,
  );
});
