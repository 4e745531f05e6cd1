// How `npm run bench` finds its sections. Every compiled module beside run-benchmarks.js whose
// name ends in `-bench.js` is imported and its exported `benchSections` run in `order`, so the
// embedder benchmarks (issue 5) arrive as `bench/embedder-bench.ts` without editing any other file.
//
// Slots reserved for issue 5 (`bench/embedder-bench.ts`, order 200–299): embedding throughput
// (chunks/s) and main-thread event-loop delay p95 during a full index with the fixture model;
// vector + fusion query p50/p95 at 100k × 384 vectors (target p95 < 60 ms).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchTarget {
  /** What is measured, e.g. `no-op resync of 10k files (ms)`. */
  name: string;
  value: number | null;
  /** The issue's target, e.g. `< 200`. */
  target: string;
  met: boolean | null;
}

export interface BenchContext {
  /** Scratch folder of this run (workspaces, index files); removed afterwards unless --keep. */
  tmpDir: string;
  /** `--quick`: small sizes, for checking that the benchmarks run at all. */
  quick: boolean;
  /** Progress lines go to stderr; stdout carries only the JSON report. */
  log(message: string): void;
}

export interface BenchSection {
  /** Key of this section in the report's `sections`. */
  name: string;
  /** Lower runs first: keyword benchmarks 100–199, embedder benchmarks 200–299. */
  order: number;
  /** The issue whose Benchmark section this answers. */
  issue: number;
  /** Runs only when named with --only (it takes many minutes, e.g. the 1M-chunk scale run). */
  optIn?: boolean;
  /** Returns plain JSON; put compared-to-target numbers in `targets`. */
  run(ctx: BenchContext): Promise<Record<string, unknown> & { targets?: BenchTarget[] }>;
}

export interface BenchModule {
  benchSections: BenchSection[];
}

/** Imports every `*-bench.js` module in `dir` and returns their sections sorted by order, then name. */
export async function loadBenchSections(
  dir: string = path.dirname(fileURLToPath(import.meta.url)),
): Promise<BenchSection[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('-bench.js'))
    .sort();
  const sections: BenchSection[] = [];
  for (const file of files) {
    try {
      const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Partial<BenchModule>;
      if (!Array.isArray(mod.benchSections)) throw new Error(`${file} must export benchSections: BenchSection[]`);
      sections.push(...mod.benchSections);
    } catch (error) {
      // A module that does not load (say, half-finished) becomes a failed section of its own, so
      // the other modules' numbers are still measured and printed.
      sections.push({ name: file.replace(/\.js$/, ''), order: 1000, issue: 0, run: () => Promise.reject(error) });
    }
  }
  return sections.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

/** `value` against an upper (`<`) or lower (`≥`) bound, for the report's targets list. */
export function targetBelow(name: string, value: number | null, limit: number): BenchTarget {
  return { name, value, target: `< ${limit}`, met: value === null ? null : value < limit };
}

export function targetAtLeast(name: string, value: number | null, limit: number): BenchTarget {
  return { name, value, target: `≥ ${limit}`, met: value === null ? null : value >= limit };
}
