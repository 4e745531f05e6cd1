// Hybrid fusion: one entry per chunk, carrying each side's contribution and the weights actually
// applied. The hybrid value comes from shared/score.ts so fusion and display cannot disagree.
import type {
  KeywordBreakdown,
  VectorBreakdown,
  VectorUnavailable,
  WeightsBreakdown,
} from '../../../../shared/domain.js';
import { vectorUnavailable, type ModeReason } from '../../../../shared/mode-reasons.js';
import { computeHybrid, cosineToScore } from '../../../../shared/score.js';
import { SEARCH_DEFAULTS } from '../../../../shared/search-defaults.js';

/** A keyword hit as keyword-search.ts reports it. */
export interface KeywordCandidate {
  chunkRowid: number;
  keyword: KeywordBreakdown;
}

/** A vector hit: raw cosine plus its 1-based position in the vector candidate list. */
export interface VectorCandidate {
  chunkRowid: number;
  cosine: number;
  rank: number;
}

/** The vector side either ran (possibly with no hits) or was unavailable for this query. */
export type VectorSide = { available: true; candidates: VectorCandidate[] } | { available: false; reason: ModeReason };

export interface FusedCandidate {
  chunkRowid: number;
  keyword: KeywordBreakdown | null;
  vector: VectorBreakdown | VectorUnavailable | null;
  weights: WeightsBreakdown;
  hybrid: number;
}

export interface ConfiguredWeights {
  vector: number;
  text: number;
}

/**
 * Weights as applied: scaled to sum to 1, and a side that is unavailable gets 0 so the other
 * carries the whole score (vector down → text weight 1.0). Negative or non-finite configured
 * weights count as 0; if nothing is left, the defaults apply.
 */
export function resolveWeights(
  configured: ConfiguredWeights,
  available: { vector: boolean; text: boolean },
): WeightsBreakdown {
  const clean = (w: number): number => (Number.isFinite(w) && w > 0 ? w : 0);
  let vector = available.vector ? clean(configured.vector) : 0;
  let text = available.text ? clean(configured.text) : 0;
  if (vector + text === 0) {
    // Both configured weights were zero for the sides we have: fall back to the defaults' split.
    vector = available.vector ? SEARCH_DEFAULTS.vectorWeight : 0;
    text = available.text ? SEARCH_DEFAULTS.textWeight : 0;
  }
  const sum = vector + text;
  return {
    configured: { vector: configured.vector, text: configured.text },
    vector: sum > 0 ? vector / sum : 0,
    text: sum > 0 ? text / sum : 0,
  };
}

/**
 * Merge both candidate lists by chunk. A chunk missing from one list scores 0 on that side
 * (its breakdown side is null); when vectors are unavailable every chunk carries the reason.
 * Output order: keyword candidates first in keyword order, then vector-only ones in vector order,
 * then the `dated` chunks found by their date alone (callers sort by final score afterwards).
 */
export function fuseCandidates(
  keyword: KeywordCandidate[],
  vector: VectorSide,
  configured: ConfiguredWeights,
  keywordAvailable = true,
  dated: readonly number[] = [],
): FusedCandidate[] {
  const weights = resolveWeights(configured, { vector: vector.available, text: keywordAvailable });
  const unavailable: VectorUnavailable | null = vector.available ? null : vectorUnavailable(vector.reason);
  const byRowid = new Map<number, FusedCandidate>();

  for (const hit of keyword) {
    byRowid.set(hit.chunkRowid, {
      chunkRowid: hit.chunkRowid,
      keyword: hit.keyword,
      vector: unavailable,
      weights,
      hybrid: 0,
    });
  }
  if (vector.available) {
    for (const hit of vector.candidates) {
      const vectorPart: VectorBreakdown = { cosine: hit.cosine, score: cosineToScore(hit.cosine), rank: hit.rank };
      const existing = byRowid.get(hit.chunkRowid);
      if (existing) {
        // A chunk appears once per list; keep the better (earlier) vector hit if a backend repeats it.
        if (!existing.vector) existing.vector = vectorPart;
      } else {
        byRowid.set(hit.chunkRowid, {
          chunkRowid: hit.chunkRowid,
          keyword: null,
          vector: vectorPart,
          weights,
          hybrid: 0,
        });
      }
    }
  }
  // Chunks dated on the asked days (sqlite/dated-candidates.ts) join without a match on either side.
  for (const chunkRowid of dated) {
    if (!byRowid.has(chunkRowid))
      byRowid.set(chunkRowid, { chunkRowid, keyword: null, vector: unavailable, weights, hybrid: 0 });
  }
  const fused = [...byRowid.values()];
  for (const candidate of fused) candidate.hybrid = computeHybrid(candidate);
  return fused;
}
