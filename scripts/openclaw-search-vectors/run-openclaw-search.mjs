// Runs inside OpenClaw's Node (>= 24.16), in a sandbox HOME, with fixed-clock.mjs preloaded: the
// bodies of `openclaw memory index` and `openclaw memory search --json` from OpenClaw's own CLI
// runtime, called in one process so hundreds of queries do not each pay the CLI's start-up.
// Usage: node --import=./fixed-clock.mjs run-openclaw-search.mjs <queries.json>  → JSON lines.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { load } from './openclaw-dist.mjs';

const runMemorySearch = await load('runMemorySearch');
const runMemoryIndex = await load('runMemoryIndex');
const createPluginStateKeyedStore = await load('createPluginStateKeyedStore');
// What the memory-core plugin's register() does when the CLI loads it.
const memoryCoreApi = await import(
  pathToFileURL(path.join(process.env.OPENCLAW_DIR ?? '', 'dist', 'extensions/memory-core/api.js')).href
);
memoryCoreApi.configureMemoryCoreDreamingState((options) => createPluginStateKeyedStore('memory-core', options));

const realWrite = process.stdout.write.bind(process.stdout);
async function captureStdout(fn) {
  let out = '';
  process.stdout.write = (chunk) => {
    out += chunk;
    return true;
  };
  try {
    await fn();
  } finally {
    process.stdout.write = realWrite;
  }
  return out;
}

const queries = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const indexed = await captureStdout(() => runMemoryIndex({}));
if (!/indexed/.test(indexed)) throw new Error(`openclaw memory index said: ${indexed}`);
for (const query of queries) {
  const out = await captureStdout(() => runMemorySearch(query, { json: true }));
  realWrite(`${JSON.stringify({ query, response: JSON.parse(out.slice(out.indexOf('{'))) })}\n`);
}
process.exit(0);
