// Our side of the same-run comparison with OpenClaw's indexer (openclaw-index-bench.ts), in a child
// process like OpenClaw's: one small index first (JIT, lazy imports), then only the cold keyword-only
// index of <workspaceDir> into a fresh <stateDir> is timed. Prints one JSON line.
import fs from 'node:fs';
import path from 'node:path';
import { timed } from './bench-stats.js';
import { openKeywordEngine } from './open-engine.js';

const [workspaceDir, stateDir] = process.argv.slice(2);
if (!workspaceDir || !stateDir) throw new Error('usage: cold-index-child.js <workspaceDir> <stateDir>');
const warmDir = path.join(stateDir, 'warm-up');
fs.mkdirSync(path.join(warmDir, 'workspace', 'memory'), { recursive: true });
fs.writeFileSync(path.join(warmDir, 'workspace', 'memory', 'warm-up.md'), '# warm-up\n\nrouter 路由器\n');
const warm = await openKeywordEngine(path.join(warmDir, 'workspace'), warmDir);
await warm.sync();
await warm.close();
const coldDir = path.join(stateDir, 'cold');
fs.mkdirSync(coldDir, { recursive: true });
const t = await timed(async () => {
  const engine = await openKeywordEngine(workspaceDir, coldDir);
  await engine.sync();
  return engine;
});
const chunks = t.value.status().chunks;
await t.value.close();
process.stdout.write(`${JSON.stringify({ ms: t.ms, cpuMs: t.cpuMs, chunks })}\n`);
