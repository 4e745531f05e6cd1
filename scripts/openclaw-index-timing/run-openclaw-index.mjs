// Runs inside OpenClaw's Node (>= 24.16) in a sandbox HOME (keyword-only config): OpenClaw's own
// memory indexer on the files of <srcDir>. A first `openclaw memory index` (runMemoryIndex) of one
// small file loads its lazily imported modules untimed; then <srcDir> is copied into the workspace
// and `openclaw memory index --force` runs again: timed whole (manager open, sync, status scan) and
// its MemoryIndexManager.sync alone (wrapped). Usage: OPENCLAW_DIR=… HOME=<sandbox> node run-openclaw-index.mjs <srcDir>
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

import { load } from '../openclaw-search-vectors/openclaw-dist.mjs';

const runMemoryIndex = await load('runMemoryIndex');
const createPluginStateKeyedStore = await load('createPluginStateKeyedStore');
const memoryCoreApi = await import(
  pathToFileURL(path.join(process.env.OPENCLAW_DIR ?? '', 'dist', 'extensions/memory-core/api.js')).href
);
memoryCoreApi.configureMemoryCoreDreamingState((options) => createPluginStateKeyedStore('memory-core', options));
const { MemoryIndexManager } = await import(
  pathToFileURL(path.join(process.env.OPENCLAW_DIR ?? '', 'dist', 'extensions/memory-core/manager-runtime.js')).href
);
const syncTimes = [];
const realSync = MemoryIndexManager.prototype.sync;
MemoryIndexManager.prototype.sync = async function timedSync(...args) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  try {
    return await realSync.apply(this, args);
  } finally {
    const c = process.cpuUsage(cpu);
    syncTimes.push({ ms: performance.now() - t, cpuMs: (c.user + c.system) / 1000 });
  }
};

const realWrite = process.stdout.write.bind(process.stdout);
let said = '';
process.stdout.write = (chunk) => {
  said += chunk;
  return true;
};
const workspace = path.join(os.homedir(), '.openclaw', 'workspace');
fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
fs.writeFileSync(path.join(workspace, 'memory', 'warm-up.md'), '# warm-up\n\nrouter 路由器\n');
await runMemoryIndex({ force: true });
if (!/indexed/i.test(said)) throw new Error(`openclaw memory index said: ${said}`);
fs.rmSync(path.join(workspace, 'memory', 'warm-up.md'));
fs.cpSync(process.argv[2], workspace, { recursive: true });

said = '';
syncTimes.length = 0;
const cpuStart = process.cpuUsage();
const start = performance.now();
await runMemoryIndex({ force: process.env.OC_FORCE !== '0' });
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);
process.stdout.write = realWrite;
if (!/indexed/i.test(said) || syncTimes.length !== 1) throw new Error(`openclaw memory index said: ${said}`);
const { DatabaseSync } = await import('node:sqlite');
const db = new DatabaseSync(path.join(os.homedir(), '.openclaw', 'agents', 'main', 'agent', 'openclaw-agent.sqlite'), {
  readOnly: true,
});
const chunks = Number(db.prepare('SELECT count(*) AS n FROM memory_index_chunks').get().n);
db.close();
realWrite(
  `${JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, syncMs: syncTimes[0].ms, syncCpuMs: syncTimes[0].cpuMs, chunks, said: said.trim() })}\n`,
);
process.exit(0);
