#!/usr/bin/env node
// Thin launcher: the CLI is TypeScript compiled to dist/ by `npm install` (the `prepare` script).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const entry = path.join(here, '..', 'dist', 'electron', 'cli', 'main.js');
if (!existsSync(entry)) {
  process.stderr.write(
    'memlens: the CLI is not built yet. Run `npm install` (or `npm run build:node`) in ' + path.join(here, '..') + '\n',
  );
  process.exit(2);
}
const { runCli } = await import(pathToFileURL(entry).href);
process.exitCode = await runCli(process.argv.slice(2));
