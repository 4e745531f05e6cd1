// The one place a final score is computed. The engine calls it to rank; the CLI and the UI only
// display `breakdown.final`, and tests call it to check that a breakdown accounts for its score.
import type { DatedBreakdown, ScoreBreakdown } from './domain.js';

/** FTS5's BM25 saturation constant (fts5_aux.c), needed to read its scores. */
export const FTS5_BM25_K1 = 1.2;
/** FTS5's BM25 length normalisation (fts5_aux.c): 0.75 of the way from "length ignored" to "fully normalised". */
export const FTS5_BM25_B = 0.75;

/**
 * FTS5's IDF for one term: ln((N − n + 0.5) / (n + 0.5)), floored at 1e-6 as FTS5 floors it.
 * n = 0 (the term is nowhere in the index) returns 0: such a term can match nothing, so it must
 * not count towards what a chunk could have scored.
 */
export function fts5Idf(totalRows: number, docsWithTerm: number, ln: (x: number) => number = Math.log): number {
  if (docsWithTerm <= 0 || totalRows <= 0) return 0;
  const idf = ln((totalRows - docsWithTerm + 0.5) / (docsWithTerm + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

/**
 * Order-preserving map of FTS5's bm25() (negative for matches, lower is better) into [0, 1).
 * The raw value is divided by the query's IDF mass (Σ IDF over its terms present in the index):
 * x = 1 means "every term once, in a chunk of average length". That makes the score mean the
 * same in a 3-file workspace as in a 10,000-file one — raw BM25 does not (in a tiny index FTS5
 * floors IDF and every raw score is ≈ 0, so a fixed minScore would hide every hit). Then
 * x / (1 + x), so 0.5 is that reference match. Within one query the divisor is shared, so the
 * score keeps BM25's order exactly.
 */
export function bm25ToScore(bm25: number, idfMass: number): number {
  if (!Number.isFinite(bm25) || !(idfMass > 0)) return 0;
  const x = Math.max(0, -bm25) / idfMass;
  return x / (1 + x);
}

/** The vector side's contribution: cosine clamped at 0 (opposite directions add nothing). */
export function cosineToScore(cosine: number): number {
  return Number.isFinite(cosine) ? Math.max(0, cosine) : 0;
}

export function keywordScoreOf(b: Pick<ScoreBreakdown, 'keyword'>): number {
  return b.keyword ? b.keyword.score : 0;
}

export function vectorScoreOf(b: Pick<ScoreBreakdown, 'vector'>): number {
  return b.vector && !('unavailable' in b.vector) ? b.vector.score : 0;
}

export function computeHybrid(b: Pick<ScoreBreakdown, 'keyword' | 'vector' | 'weights'>): number {
  return b.weights.vector * vectorScoreOf(b) + b.weights.text * keywordScoreOf(b);
}

/**
 * The access boost: 1 + factor × ln(1 + count). Logarithmic so the first accesses matter
 * most and a chunk read a thousand times cannot outrank a relevant one by sheer habit.
 */
export function accessMultiplier(count: number, factor: number): number {
  if (!(count > 0) || !(factor > 0)) return 1;
  return 1 + factor * Math.log1p(count);
}

/** One factor applied to the hybrid score, named as the breakdown shows it. */
export interface ScoreMultiplier {
  name: 'decay' | 'importance' | 'dates' | 'access';
  value: number;
}

/**
 * Every factor applied after fusion, in the order they are shown. A new factor is one more entry
 * here (and its part of the breakdown); computeFinalScore multiplies them all. Absent parts
 * (no date in the query, no access counts kept) count 1.
 */
export function scoreMultipliers(
  b: Pick<ScoreBreakdown, 'decay'> & Partial<Pick<ScoreBreakdown, 'importance' | 'dates' | 'access'>>,
): ScoreMultiplier[] {
  return [
    { name: 'decay', value: b.decay.multiplier },
    { name: 'importance', value: multiplierOf(b.importance) },
    { name: 'dates', value: multiplierOf(b.dates) },
    { name: 'access', value: multiplierOf(b.access) },
  ];
}

/** A boost's multiplier, 1 when absent. */
function multiplierOf(boost: { multiplier: number } | null | undefined): number {
  return boost === null || boost === undefined ? 1 : boost.multiplier;
}

/**
 * The band of scores each tier of a date-only question holds: [floor, floor + DATED_TIER_SPAN).
 * Bands never overlap, so no keyword or vector match lifts a memory into a higher tier; every
 * dated tier sits above the default minScore (0.35), so the day's memories show at the defaults,
 * and memories not dated then stay below it.
 */
export const DATED_TIERS: Record<DatedBreakdown['tier'], { floor: number; span: number }> = {
  note: { floor: 0.9, span: 0.09 },
  'dated-note': { floor: 0.8, span: 0.09 },
  'broader-note': { floor: 0.7, span: 0.09 },
  conversation: { floor: 0.6, span: 0.09 },
  mention: { floor: 0.5, span: 0.09 },
  automated: { floor: 0.4, span: 0.09 },
  undated: { floor: 0, span: 0.3 },
};

/**
 * A date-only question's score: the tier's floor, plus its span shared out over the asked days
 * (an earlier day of a period first, so a week reads in date order) and, within one day, the
 * ordinary score mapped into [0, 1) by r / (1 + r).
 */
export function datedScore(dated: Pick<DatedBreakdown, 'tier' | 'days' | 'dayIndex'>, relevance: number): number {
  const { floor, span } = DATED_TIERS[dated.tier];
  const r = Math.max(0, relevance);
  const dayIndex = Math.min(Math.max(0, dated.dayIndex), dated.days - 1);
  return floor + (span * (dated.days - 1 - dayIndex + r / (1 + r))) / dated.days;
}

/** hybrid × every multiplier: the final score of any question that is not a date alone. */
export function computeRelevance(
  b: Pick<ScoreBreakdown, 'keyword' | 'vector' | 'weights' | 'decay'> &
    Partial<Pick<ScoreBreakdown, 'importance' | 'dates' | 'access'>>,
): number {
  // scoreMultipliers' product in its order, without an array of four objects per candidate.
  let score = computeHybrid(b) * b.decay.multiplier;
  score *= multiplierOf(b.importance);
  score *= multiplierOf(b.dates);
  score *= multiplierOf(b.access);
  return score;
}

/**
 * final = (vector weight × vector score + text weight × keyword score) × decay × importance × date
 * boost × access boost; for a date-only question (`dated`), that product orders within the tier.
 */
export function computeFinalScore(
  b: Pick<ScoreBreakdown, 'keyword' | 'vector' | 'weights' | 'decay'> &
    Partial<Pick<ScoreBreakdown, 'importance' | 'dates' | 'access' | 'dated'>>,
): number {
  const relevance = computeRelevance(b);
  return b.dated ? datedScore(b.dated, relevance) : relevance;
}
