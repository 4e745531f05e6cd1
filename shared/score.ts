// The one place a final score is computed. The engine calls it to rank; the CLI and the UI only
// display `breakdown.final`, and tests call it to check that a breakdown accounts for its score.
import type { ScoreBreakdown } from './domain.js';

/** Order-preserving map of FTS5's bm25() (lower is better, negative for matches) into [0, 1). */
export function bm25ToScore(bm25: number): number {
  if (!Number.isFinite(bm25)) return 0;
  const relevance = Math.max(0, -bm25);
  return relevance / (1 + relevance);
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

/** final = (vector weight × vector score + text weight × keyword score) × decay multiplier. */
export function computeFinalScore(b: Pick<ScoreBreakdown, 'keyword' | 'vector' | 'weights' | 'decay'>): number {
  return computeHybrid(b) * b.decay.multiplier;
}
