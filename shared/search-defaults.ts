// One documented object for every search default. OpenClaw's values, its bugs fixed.

export const SEARCH_DEFAULTS = {
  /** memory_search's defaults for an agent; the UI may ask for more. */
  maxResults: 6,
  minScore: 0.35,
  /** The seeds' hybrid split: semantic similarity carries most of the weight. */
  vectorWeight: 0.7,
  textWeight: 0.3,
  /** Candidates per side: maxResults × 4, never fewer than 50, so fusion has room to reorder. */
  candidateMultiplier: 4,
  minCandidates: 50,
  /** Off by default, as in OpenClaw; 30 days halves a memory's weight each month. */
  decayEnabled: false,
  halfLifeDays: 30,
  /** Off by default; 0.7 favours relevance over diversity. */
  mmrEnabled: false,
  mmrLambda: 0.7,
  /**
   * Off by default: an agent's habits should not silently reorder what a person sees. When on,
   * 0.1 lifts a chunk read once by ×1.07, ten times by ×1.24, a hundred times by ×1.46 (ln growth,
   * so a few hot chunks cannot swamp relevance).
   */
  accessBoostEnabled: false,
  accessBoostFactor: 0.1,
  /**
   * Dates in the query ("yesterday", "4月16号") boost memories from then: a memory of that day
   * counts double, enough to lift it over a somewhat better keyword match from another day, not
   * over one that matches twice as well. (Labeled set, MRR@10: ×1.25 0.786, ×1.5 0.791, ×2 0.797,
   * ×3 0.803; ×2 keeps keywords in charge.)
   */
  datesEnabled: true,
  dateBoost: 2,
} as const;

export const CHUNKING_DEFAULTS = {
  /** OpenClaw's 400/80: about 1,600 Latin characters, or 400 CJK characters, per chunk. */
  tokens: 400,
  overlap: 80,
  /** ≈4 Latin characters per token; a CJK character counts as one token. */
  charsPerToken: 4,
} as const;

export function candidateCount(maxResults: number): number {
  return Math.max(SEARCH_DEFAULTS.minCandidates, maxResults * SEARCH_DEFAULTS.candidateMultiplier);
}

/**
 * What a search expands with when it does not say. Measured on the labeled set and CMRC 2018
 * (docs/keyword-expansion.md): only what raised paraphrase and cross-lingual without a loss elsewhere is on.
 */
export const EXPANSION_DEFAULTS = {
  feedback: false,
  thesaurus: false,
  dictionary: true,
  pivot: false,
  weight: 0.5,
} as const;
