// vitest global setup: build the CC-CEDICT file once before any test, as an installed copy has it
// after its first expanding search, so no test's timing includes the one-time build.
import fs from 'node:fs';
import { buildCedictStore, cedictStorePath } from '../search/sqlite/query-expansion/cedict-store.js';

export default function setup(): void {
  const file = cedictStorePath();
  if (!fs.existsSync(file)) buildCedictStore(file);
}
