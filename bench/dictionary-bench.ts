// Issue 33: what query expansion's CC-CEDICT file costs to hold and to read. A fresh Node process
// opens the package's file (dictionaries/, made by `npm run build:node`) and looks up every word of
// the sample eval's questions, as lexical-expansion.ts does (Chinese → glosses, English → headwords):
// the resident memory it adds (SQLite itself already loaded, as the engine has it), the first
// lookup, and the mean and p99 per word after it.
//   npm run bench -- --only dictionary
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasCjk, queryTerms } from '../electron/memory/text/segment.js';
import { bundledCedictFile } from '../electron/memory/search/sqlite/query-expansion/cedict-files.js';
import type { BenchContext, BenchSection } from './bench-registry.js';
import { targetBelow } from './bench-registry.js';
import { round } from './bench-stats.js';
import { repoRoot } from './repo-paths.js';

const ROUNDS = 20;

/** Each question's words as the search expands them (the first written form of each term). */
function sampleWords(): string[] {
  const file = path.join(repoRoot(), 'bench', 'eval', 'sample-queries.jsonl');
  const words: string[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const parsed = queryTerms((JSON.parse(line) as { query: string }).query);
    for (const term of parsed.terms) words.push((parsed.written.get(term) ?? [term])[0]!);
  }
  return words.filter((w) => hasCjk(w) || /^[a-z][a-z'-]+$/.test(w));
}

interface ChildReport {
  rssBeforeMb: number;
  rssAfterMb: number;
  openMs: number;
  firstLookupMs: number;
  perWordMs: number;
  /** CPU time (user + system) per word: what a loaded machine inflates least. */
  cpuPerWordMs: number;
  p99WordMs: number;
}

function measure(ctx: BenchContext, file: string, words: string[]): ChildReport | { error: string } {
  const storeUrl = pathToFileURL(
    path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      '..',
      'electron',
      'memory',
      'search',
      'sqlite',
      'query-expansion',
      'cedict-store.js',
    ),
  ).href;
  const wordsFile = path.join(ctx.tmpDir, 'dictionary-words.json');
  fs.writeFileSync(wordsFile, JSON.stringify(words));
  const script = `
    import fs from 'node:fs';
    const words = JSON.parse(fs.readFileSync(${JSON.stringify(wordsFile)}, 'utf8'));
    const { CedictStore } = await import(${JSON.stringify(storeUrl)});
    // After a collection: what the dictionary holds, not the lookups' garbage.
    const mb = () => (globalThis.gc(), process.memoryUsage().rss / 1048576);
    const cjk = /[\\u3400-\\u9fff]/;
    const look = (store, w) => (cjk.test(w) ? store.english(w, 3) : store.chinese(w, 3));
    // The engine has SQLite loaded already (its index): count only what the dictionary adds.
    const { default: Database } = await import('better-sqlite3');
    new Database(':memory:').close();
    const samples = new Float64Array(${ROUNDS} * words.length);
    const rssBeforeMb = mb();
    let t = performance.now();
    const store = new CedictStore(${JSON.stringify(file)});
    const openMs = performance.now() - t;
    t = performance.now();
    look(store, words[0]);
    const firstLookupMs = performance.now() - t;
    let i = 0;
    const cpu = process.cpuUsage();
    t = performance.now();
    for (let round = 0; round < ${ROUNDS}; round++)
      for (const w of words) { const s = performance.now(); look(store, w); samples[i++] = performance.now() - s; }
    const perWordMs = (performance.now() - t) / (${ROUNDS} * words.length);
    const used = process.cpuUsage(cpu);
    const cpuPerWordMs = (used.user + used.system) / 1000 / (${ROUNDS} * words.length);
    const rssAfterMb = mb();
    samples.sort();
    const p99WordMs = samples[Math.floor(samples.length * 0.99)];
    process.stdout.write(JSON.stringify({ rssBeforeMb, rssAfterMb, openMs, firstLookupMs, perWordMs, cpuPerWordMs, p99WordMs }));`;
  const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
  if (child.status !== 0) return { error: child.stderr.slice(0, 500) };
  return JSON.parse(child.stdout) as ChildReport;
}

const dictionarySection: BenchSection = {
  name: 'dictionary',
  order: 160,
  issue: 33,
  async run(ctx) {
    const file = bundledCedictFile();
    if (!file || !fs.existsSync(file)) return { skipped: 'no dictionaries/ file: run npm run build:bench first' };
    const words = sampleWords();
    ctx.log(`dictionary: ${words.length} words × ${ROUNDS}`);
    const report = measure(ctx, file, words);
    if ('error' in report) return report;
    const addedMb = round(report.rssAfterMb - report.rssBeforeMb);
    return {
      fileMb: round(fs.statSync(file).size / 1048576),
      words: words.length,
      rounds: ROUNDS,
      openMs: round(report.openMs, 3),
      firstLookupMs: round(report.firstLookupMs, 3),
      perWordMs: round(report.perWordMs, 4),
      cpuPerWordMs: round(report.cpuPerWordMs, 4),
      p99WordMs: round(report.p99WordMs, 4),
      rssAddedMb: addedMb,
      targets: [
        targetBelow('lookup ms per word', round(report.perWordMs, 4), 0.2),
        targetBelow('RSS added (MB)', addedMb, 10),
      ],
    };
  },
};

export const benchSections: BenchSection[] = [dictionarySection];
