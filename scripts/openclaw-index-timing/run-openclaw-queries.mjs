// Runs inside OpenClaw's Node in a sandbox HOME: OpenClaw's own memory manager answering
// <queries.json> keyword-only, one after another, each timed (the first included), top 10.
// `index` builds the index first in a process of its own (untimed), so the `query` process holds
// only what answering costs. 2026.9.x: provider "none" (memory.search). 2026.2.x indexes nothing
// without an embedding provider, so its index is built with a stand-in OpenAI endpoint on
// localhost, and its manager then answers with the provider cleared: its own FTS-only branch.
// Usage: OPENCLAW_DIR=… HOME=<sandbox> node run-openclaw-queries.mjs index|query [queries.json]
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { load } from '../openclaw-search-vectors/openclaw-dist.mjs';

const [mode, queriesFile] = process.argv.slice(2);
const classic = !fs.existsSync(`${process.env.OPENCLAW_DIR}/dist/extensions/memory-core/manager-runtime.js`);
const realWrite = process.stdout.write.bind(process.stdout);
process.stdout.write = () => true;

if (!classic) {
  // What the memory-core plugin's register() does when the CLI loads it.
  const createPluginStateKeyedStore = await load('createPluginStateKeyedStore');
  const api = await import(`${process.env.OPENCLAW_DIR}/dist/extensions/memory-core/api.js`);
  api.configureMemoryCoreDreamingState((options) => createPluginStateKeyedStore('memory-core', options));
}

async function openManager(purpose) {
  const getMemorySearchManager = await load('getMemorySearchManager');
  const cfg = classic ? (await load('loadConfig'))() : (await load('getRuntimeConfig'))({ skipPluginValidation: true });
  const { manager, error } = await getMemorySearchManager({ cfg, agentId: 'main', purpose });
  if (!manager) throw new Error(`OpenClaw has no memory manager: ${error}`);
  return manager;
}

/** An OpenAI-shaped embeddings endpoint answering every input with the same small vector. */
async function standInEmbeddings() {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const inputs = JSON.parse(body).input;
      const data = (Array.isArray(inputs) ? inputs : [inputs]).map((_, index) => ({ index, embedding: [1, 0, 0, 0] }));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const remote = { baseUrl: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'bench' };
  const config = { agents: { defaults: { memorySearch: { provider: 'openai', model: 'bench', remote } } } };
  fs.writeFileSync(path.join(os.homedir(), '.openclaw', 'openclaw.json'), JSON.stringify(config));
  return server;
}

if (mode === 'index') {
  if (classic) {
    const server = await standInEmbeddings();
    const manager = await openManager('default');
    await manager.sync({ reason: 'cli', force: true });
    await manager.close?.();
    server.close();
  } else {
    let said = '';
    process.stdout.write = (chunk) => {
      said += chunk;
      return true;
    };
    await (
      await load('runMemoryIndex')
    )({ force: true });
    if (!/indexed/i.test(said)) throw new Error(`openclaw memory index said: ${said}`);
  }
  realWrite(`${JSON.stringify({ indexed: true })}\n`);
  process.exit(0);
}

const queries = JSON.parse(fs.readFileSync(queriesFile, 'utf8'));
const openStart = performance.now();
const manager = await openManager(classic ? 'default' : 'cli');
if (classic) manager.provider = null;
const openMs = performance.now() - openStart;
const times = [];
const cpuTimes = [];
let empty = 0;
const cpuStart = process.cpuUsage();
for (const query of queries) {
  // COMPARE_YIELD=1: one turn of the event loop between two questions, as a server's.
  if (process.env.COMPARE_YIELD === '1') await new Promise(setImmediate);
  const cpu = process.cpuUsage();
  const t = performance.now();
  const results = await manager.search(query, { maxResults: 10 });
  times.push(performance.now() - t);
  const c = process.cpuUsage(cpu);
  cpuTimes.push((c.user + c.system) / 1000);
  if (results.length === 0) empty += 1;
}
const cpu = process.cpuUsage(cpuStart);
const chunks = manager.status().chunks;
realWrite(
  `${JSON.stringify({ openMs, times, cpuTimes, cpuMs: (cpu.user + cpu.system) / 1000, empty, chunks, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
);
process.exit(0);
