// Which candidates a search returns, given them scored: best final first, duplicates folded,
// MMR when on, overlapping chunks of one file merged into one region, cut at maxResults — and,
// as OpenClaw does, the keyword matches kept when nothing reaches minScore. No I/O: it marks each
// candidate's fate in place and returns the results.
import type { ScoreBreakdown } from '../../../../shared/domain.js';
import { mergeLineRegions, type LineRegion } from '../../../../shared/result-groups.js';
import { tokenSet } from '../../text/segment.js';
import type { ResolvedSearchOptions } from './filters.js';
import { MMR_POOL_SIZE, mmrRerank } from './mmr.js';
import type { TracedCandidate } from './traced-candidate.js';

/** Best final first; ties broken by keyword rank, vector rank, then position in the file. */
export function compareCandidates(a: TracedCandidate, b: TracedCandidate): number {
  return (
    b.breakdown.final - a.breakdown.final ||
    rankOrInf(a.breakdown.keyword?.rank) - rankOrInf(b.breakdown.keyword?.rank) ||
    rankOrInf(vectorRank(a.breakdown)) - rankOrInf(vectorRank(b.breakdown)) ||
    a.path.localeCompare(b.path) ||
    a.startLine - b.startLine
  );
}

function rankOrInf(rank: number | null | undefined): number {
  return rank ?? Number.POSITIVE_INFINITY;
}

export function vectorRank(b: ScoreBreakdown): number | null {
  return b.vector && !('unavailable' in b.vector) ? b.vector.rank : null;
}

/**
 * Identical chunk texts in several places (a note copied into a summary, a file saved twice) take
 * one result slot: the best-scoring copy stands for the others, which it lists as "also in".
 * `candidates` are sorted best first and have passed the filters.
 */
export function foldDuplicates(candidates: readonly TracedCandidate[]): TracedCandidate[] {
  const byHash = new Map<string, TracedCandidate>();
  const kept: TracedCandidate[] = [];
  for (const c of candidates) {
    const first = byHash.get(c.chunkHash);
    if (first) {
      first.alsoIn.push(c);
      c.foldedInto = first;
      c.fate = 'folded-duplicate';
      continue;
    }
    byHash.set(c.chunkHash, c);
    kept.push(c);
  }
  return kept;
}

/**
 * The first `max` regions of `ordered` (best first): chunks of one file whose lines overlap or
 * touch are one result spanning them (shared/result-groups.ts's rule, as the result list shows
 * it), so six results are six passages and an agent never gets the same lines twice. Only
 * chunks ranked above the point where a seventh region would start take part.
 */
function cutRegions(ordered: readonly TracedCandidate[], max: number): TracedCandidate[] {
  const taken = regionsTaking(ordered, max);
  const regions: LineRegion<TracedCandidate>[] = taken > 0 ? mergeLineRegions(ordered.slice(0, taken)) : [];
  return regions.map((region) => {
    const [head, ...rest] = region.items;
    head!.region = { startLine: region.startLine, endLine: region.endLine };
    head!.merged = rest;
    for (const c of rest) {
      c.fate = 'merged-region';
      c.mergedInto = head!;
    }
    return head!;
  });
}

/**
 * How many of `ordered` are taken: the longest start of it that mergeLineRegions makes into at most
 * `max` regions, stopping at the first that makes more (a later chunk can join two regions into
 * one). The count is kept as each chunk comes, per file, rather than merging every start again.
 */
export function regionsTaking(
  ordered: readonly { path: string; startLine: number; endLine: number }[],
  max: number,
): number {
  const spans = new Map<string, { start: number; end: number }[]>();
  let count = 0;
  for (let n = 0; n < ordered.length; n += 1) {
    const { path, startLine, endLine } = ordered[n]!;
    const mine = spans.get(path) ?? [];
    // Lines that overlap or touch (end + 1 ≥ start, either way) are one region, as mergeLineRegions merges them.
    const joined = { start: startLine, end: endLine };
    const apart = mine.filter((s) => {
      if (s.start > endLine + 1 || s.end < startLine - 1) return true;
      joined.start = Math.min(joined.start, s.start);
      joined.end = Math.max(joined.end, s.end);
      return false;
    });
    count += 1 - (mine.length - apart.length);
    if (count > max) return n;
    apart.push(joined);
    spans.set(path, apart);
  }
  return ordered.length;
}

/** Pick the returned results among candidates (sorted) that passed filters and minScore. */
export function selectResults(candidates: TracedCandidate[], options: ResolvedSearchOptions): TracedCandidate[] {
  const eligible = foldDuplicates(candidates.filter((c) => c.fate === 'beyond-max-results'));
  let ordered = eligible;
  if (options.mmr.enabled && eligible.length > 1) {
    const pool = eligible.slice(0, MMR_POOL_SIZE);
    const picks = mmrRerank(
      pool.map((c) => ({
        label: `${c.path}:${c.startLine}-${c.endLine}`,
        relevance: c.breakdown.final,
        tokens: tokenSet(c.text),
      })),
      options.mmr.lambda,
    );
    ordered = picks.map(({ index, mmr }) => {
      const candidate = pool[index]!;
      candidate.breakdown = { ...candidate.breakdown, mmr };
      return candidate;
    });
    // Beyond the pool: relevance order, no MMR breakdown (bounded cost; see MMR_POOL_SIZE).
    ordered.push(...eligible.slice(MMR_POOL_SIZE));
  } else if (options.mmr.enabled && eligible.length === 1) {
    const only = eligible[0]!;
    only.breakdown = {
      ...only.breakdown,
      mmr: {
        lambda: options.mmr.lambda,
        maxSimilarity: 0,
        similarTo: null,
        penalty: 0,
        mmrScore: options.mmr.lambda * only.breakdown.final,
        rankBefore: 1,
        rankAfter: 1,
      },
    };
  }
  const results = cutRegions(ordered, options.maxResults);
  results.forEach((c, i) => {
    c.fate = 'returned';
    c.resultRank = i + 1;
  });
  if (options.mmr.enabled) {
    // Would have been returned without MMR, pushed out by it: MMR's doing, not the threshold's.
    for (const c of eligible.slice(0, options.maxResults))
      if (c.fate === 'beyond-max-results') c.fate = 'mmr-suppressed';
  }
  return results;
}

/**
 * OpenClaw 2026.9 (memory-core selectHybridSearchResults / selectScoredResults): when nothing
 * reaches minScore, the keyword matches are returned anyway rather than nothing. Marks them
 * eligible again; returns how many.
 */
export function keepKeywordMatchesBelowMinScore(candidates: TracedCandidate[]): number {
  let kept = 0;
  for (const c of candidates) {
    if (c.fate !== 'below-min-score' || c.breakdown.keyword === null || c.breakdown.keyword === undefined) continue;
    c.fate = 'beyond-max-results';
    kept += 1;
  }
  return kept;
}
