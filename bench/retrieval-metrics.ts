// Retrieval quality for evaluations where each query has exactly one relevant file (CMRC 2018).
// Ranks count distinct files, so a paragraph split into two chunks cannot take two places.

/** 1-based rank of `relevant` among the distinct paths of a ranked result list, or null if absent. */
export function firstRelevantRank(resultPaths: readonly string[], relevant: string): number | null {
  const seen = new Set<string>();
  for (const p of resultPaths) {
    if (seen.has(p)) continue;
    seen.add(p);
    if (p === relevant) return seen.size;
  }
  return null;
}

export interface RetrievalMetrics {
  queries: number;
  hitAt1: number;
  hitAt5: number;
  /** Mean reciprocal rank, counting only ranks ≤ 10. */
  mrrAt10: number;
  /** Queries whose relevant file was not among the results at all. */
  missed: number;
}

export function summarizeRanks(ranks: readonly (number | null)[]): RetrievalMetrics {
  const n = ranks.length;
  if (n === 0) return { queries: 0, hitAt1: 0, hitAt5: 0, mrrAt10: 0, missed: 0 };
  let hit1 = 0;
  let hit5 = 0;
  let rr = 0;
  let missed = 0;
  for (const rank of ranks) {
    if (rank === null) {
      missed += 1;
      continue;
    }
    if (rank === 1) hit1 += 1;
    if (rank <= 5) hit5 += 1;
    if (rank <= 10) rr += 1 / rank;
  }
  const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
  return { queries: n, hitAt1: r4(hit1 / n), hitAt5: r4(hit5 / n), mrrAt10: r4(rr / n), missed };
}
