// Small measurement helpers shared by the benchmark sections.
import os from 'node:os';
import { performance } from 'node:perf_hooks';

/** Nearest-rank percentile (p in 0–100) of unsorted samples; null for none. */
export function percentile(samples: readonly number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function round(value: number | null, digits = 2): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * Wall time and this process's CPU time (all threads) of `fn`. On a shared 2-core machine wall time
 * also counts time other processes held the CPU; CPU time does not, so reports carry both.
 */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const value = await fn();
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { value, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Peak resident set size of this process so far, in MB (maxRSS is reported in KB). */
export function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Where this process's memory is right now, in MB (RSS, JS heap, and buffers outside the heap). */
export function memorySnapshot(): { rssMb: number; heapUsedMb: number; externalMb: number; arrayBuffersMb: number } {
  const m = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 1_048_576);
  return {
    rssMb: mb(m.rss),
    heapUsedMb: mb(m.heapUsed),
    externalMb: mb(m.external),
    arrayBuffersMb: mb(m.arrayBuffers),
  };
}

/** The 1-minute load average: how many runnable processes competed for this machine's cores. */
export function loadAverage1m(): number | null {
  return round(os.loadavg()[0] ?? null);
}

/** The middle value (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * A distribution-free confidence interval for the median: the k-th smallest and k-th largest of n
 * values, k the largest rank whose binomial(n, ½) tail stays within (1 − level) / 2. Nothing is
 * assumed about how the values spread (per-round ratios on a shared machine are far from normal).
 * Null below 6 values, where no such interval reaches 95%.
 */
export function medianInterval(
  values: readonly number[],
  level = 0.95,
): { low: number; high: number; coverage: number } | null {
  const n = values.length;
  const sorted = [...values].sort((a, b) => a - b);
  // P(X <= j) for X ~ Binomial(n, 1/2), j = 0..n.
  const cdf: number[] = [];
  let term = 0.5 ** n;
  let sum = 0;
  for (let j = 0; j <= n; j++) {
    sum += term;
    cdf.push(sum);
    term = (term * (n - j)) / (j + 1);
  }
  let k = 0;
  while (k + 1 <= n / 2 && cdf[k]! <= (1 - level) / 2) k++;
  // k is now the first rank whose tail exceeds the allowance: the interval is [k-th, (n-k+1)-th].
  if (k < 1) return null;
  const coverage = 1 - 2 * cdf[k - 1]!;
  return { low: sorted[k - 1]!, high: sorted[n - k]!, coverage: round(coverage, 3)! };
}
