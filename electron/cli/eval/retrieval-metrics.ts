// Retrieval quality, two ways:
// - file level (CMRC 2018: one relevant file per query), where ranks count distinct files so a
//   paragraph split into two chunks cannot take two places;
// - line level (labeled sets): a result counts when it overlaps a labeled line range of the same
//   file (labels are tight, chunks are wide), and every labeled range is one piece of evidence.

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

const r4 = (x: number): number => Math.round(x * 10_000) / 10_000;

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
  return { queries: n, hitAt1: r4(hit1 / n), hitAt5: r4(hit5 / n), mrrAt10: r4(rr / n), missed };
}

// ---------------------------------------------------------------------------------------------
// Line level

/** A labeled place, or a place a result covers: 1-based inclusive lines of one file. */
export interface LineRange {
  path: string;
  startLine: number;
  endLine: number;
}

export function rangesOverlap(a: LineRange, b: LineRange): boolean {
  return a.path === b.path && a.startLine <= b.endLine && b.startLine <= a.endLine;
}

/** Metrics are computed over the first 10 results. */
export const EVAL_DEPTH = 10;

export interface QueryJudgement {
  /** 1-based rank of the first result that overlaps any relevant range; null when none of the results does. */
  firstHit: number | null;
  /** Per relevant range: the rank of the first result overlapping it, or null. */
  rangeRanks: (number | null)[];
  hitAt1: boolean;
  hitAt5: boolean;
  hitAt10: boolean;
  /** 1/firstHit when firstHit ≤ 10, else 0. */
  rrAt10: number;
  ndcgAt10: number;
  /** Share of the relevant ranges overlapped by a top-10 result. */
  recallAt10: number;
}

/**
 * Judges one ranked list. `results[i]` is every place result i+1 stands for (a folded duplicate
 * stands for several files). Gain for nDCG is binary and counted once per piece of evidence: a
 * result earns 1 when it covers a relevant range no earlier result covered, so ten copies of one
 * fact do not score like ten facts. The ideal list covers min(ranges, 10) new ranges in a row.
 */
export function judgeRanking(
  results: readonly (readonly LineRange[])[],
  relevant: readonly LineRange[],
): QueryJudgement {
  const rangeRanks: (number | null)[] = relevant.map(() => null);
  let firstHit: number | null = null;
  let dcg = 0;
  results.forEach((places, i) => {
    const rank = i + 1;
    let newEvidence = false;
    relevant.forEach((range, j) => {
      if (!places.some((p) => rangesOverlap(p, range))) return;
      if (firstHit === null) firstHit = rank;
      if (rangeRanks[j] === null) {
        rangeRanks[j] = rank;
        if (rank <= EVAL_DEPTH) newEvidence = true;
      }
    });
    if (newEvidence) dcg += 1 / Math.log2(rank + 1);
  });
  let idcg = 0;
  for (let i = 1; i <= Math.min(relevant.length, EVAL_DEPTH); i++) idcg += 1 / Math.log2(i + 1);
  const hit = (k: number): boolean => firstHit !== null && firstHit <= k;
  const covered = rangeRanks.filter((r) => r !== null && r <= EVAL_DEPTH).length;
  return {
    firstHit,
    rangeRanks,
    hitAt1: hit(1),
    hitAt5: hit(5),
    hitAt10: hit(EVAL_DEPTH),
    rrAt10: firstHit !== null && firstHit <= EVAL_DEPTH ? 1 / firstHit : 0,
    ndcgAt10: idcg > 0 ? dcg / idcg : 0,
    recallAt10: relevant.length > 0 ? covered / relevant.length : 0,
  };
}

export interface RangeMetrics {
  queries: number;
  hitAt1: number;
  hitAt5: number;
  hitAt10: number;
  mrrAt10: number;
  ndcgAt10: number;
  /** Evidence recall@10, averaged over queries. */
  recallAt10: number;
}

export function summarizeJudgements(judgements: readonly QueryJudgement[]): RangeMetrics {
  const n = judgements.length;
  const mean = (f: (j: QueryJudgement) => number): number =>
    n === 0 ? 0 : r4(judgements.reduce((s, j) => s + f(j), 0) / n);
  return {
    queries: n,
    hitAt1: mean((j) => (j.hitAt1 ? 1 : 0)),
    hitAt5: mean((j) => (j.hitAt5 ? 1 : 0)),
    hitAt10: mean((j) => (j.hitAt10 ? 1 : 0)),
    mrrAt10: mean((j) => j.rrAt10),
    ndcgAt10: mean((j) => j.ndcgAt10),
    recallAt10: mean((j) => j.recallAt10),
  };
}
