#!/usr/bin/env node
// Thin launcher: the CLI is TypeScript compiled to dist/ and bundled into dist/cli/ by `npm install`
// (the `prepare` script runs `npm run build:node`).
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import v8 from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(here, '..', 'dist', 'cli', 'memlens.cjs');
const compiled = path.join(here, '..', 'dist', 'electron', 'cli', 'main.js');
// The bundle is made from the compiled modules (`npm run build:node`); after a bare `tsc` it is
// older than they are, and they run instead, unbundled, rather than yesterday's code.
const bundleIsCurrent =
  existsSync(bundle) && !(existsSync(compiled) && statSync(compiled).mtimeMs > statSync(bundle).mtimeMs);
const entry = bundleIsCurrent ? bundle : compiled;
if (!existsSync(entry)) {
  process.stderr.write(
    'memlens: the CLI is not built yet. Run `npm install` (or `npm run build:node`) in ' + path.join(here, '..') + '\n',
  );
  process.exit(2);
}
// Serve spends most of its life idle, where a young generation grown to V8's 2 × 16 MB by startup
// and the first index run would stay committed. Growth factor 1 keeps it at its starting size; set
// before anything loads, as V8 reads it at each growth (its command line clamps the factor to 2).
if (process.argv[2] === 'serve') v8.setFlagsFromString('--semi-space-growth-factor=1');
// The bundle is CommonJS: Node 20 loads it faster than the same code as ES modules.
const { runCli } = bundleIsCurrent ? createRequire(import.meta.url)(entry) : await import(pathToFileURL(entry).href);
process.exitCode = await runCli(process.argv.slice(2));
