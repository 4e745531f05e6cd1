// vitest global setup: build the package's CC-CEDICT file once before any test, as `npm run
// build:node` does, so engines opened by tests read it instead of building their own.
import fs from 'node:fs';
import { bundledCedictFile } from '../search/sqlite/query-expansion/cedict-files.js';
import { buildCedictStore } from '../search/sqlite/query-expansion/cedict-store.js';

export default function setup(): void {
  const file = bundledCedictFile();
  if (file && !fs.existsSync(file)) buildCedictStore(file);
}
