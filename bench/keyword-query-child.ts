// Our side of the same-run keyword-query comparison with OpenClaw (openclaw-index-bench.ts), in a
// child process like OpenClaw's: `index` builds the keyword-only index of <workspaceDir> in
// <stateDir>; `query` opens it (engine open and a no-op sync, as `memlens search` does, untimed)
// and answers <queries.json> one after another, each timed, the first included. With
// COMPARE_YIELD=1 the event loop gets one turn between two questions, as a server's does between
// requests (background work such as the keyword self-check runs there). Prints one JSON line.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { openKeywordEngine } from './open-engine.js';

const [mode, workspaceDir, stateDir, queriesFile] = process.argv.slice(2);
if ((mode !== 'index' && mode !== 'query') || !workspaceDir || !stateDir)
  throw new Error('usage: keyword-query-child.js index|query <workspaceDir> <stateDir> [queries.json]');

const openStart = performance.now();
const engine = await openKeywordEngine(workspaceDir, stateDir);
await engine.sync();
const openMs = performance.now() - openStart;
if (mode === 'index') {
  await engine.close();
  process.stdout.write(`${JSON.stringify({ indexed: true })}\n`);
} else {
  const queries = JSON.parse(fs.readFileSync(queriesFile!, 'utf8')) as string[];
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let empty = 0;
  const cpuStart = process.cpuUsage();
  const yieldBetween = process.env.COMPARE_YIELD === '1';
  for (const query of queries) {
    if (yieldBetween) await new Promise(setImmediate);
    const cpu = process.cpuUsage();
    const t = performance.now();
    const response = await engine.search({ query, maxResults: 10, sources: ['memory'] });
    times.push(performance.now() - t);
    const c = process.cpuUsage(cpu);
    cpuTimes.push((c.user + c.system) / 1000);
    if (response.results.length === 0) empty += 1;
  }
  const cpu = process.cpuUsage(cpuStart);
  const chunks = engine.status().chunks;
  await engine.close();
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(
    `${JSON.stringify({ openMs, times, cpuTimes, cpuMs: (cpu.user + cpu.system) / 1000, empty, chunks, peakRssMb })}\n`,
  );
}
