// The one breakdown of an `openclaw` profile result, keyword-only or hybrid: our parts (whose
// computeFinalScore is OpenClaw's score) and OpenClaw's own steps. Pure: a ranked hit in, a breakdown out.
import { OPENCLAW_RANKING_RELEASE } from '../../../shared/search-profiles.js';
import type { ScoreBreakdown, VectorOrigin } from '../../../shared/domain.js';
import { computeFinalScore } from '../../../shared/score.js';
import { modeReasons, vectorUnavailable } from '../../../shared/mode-reasons.js';
import type { HybridHit } from './openclaw-hybrid.js';
import { OPENCLAW_HYBRID } from './openclaw-hybrid.js';
import { OPENCLAW_DEFAULTS } from './openclaw-search.js';
import type { RankedHit } from './openclaw-search.js';

/** A hit as one of the two pipelines ranked it. */
export type OpenClawRankedHit =
  | { kind: 'keyword-only'; hit: RankedHit; rank: number }
  | { kind: 'hybrid'; hit: HybridHit; vectorOf: VectorOrigin | null };

/** What the whole search did, the same for each of its hits. */
export interface OpenClawSearchFacts {
  /** The query as searched (keyword-only: as typed; hybrid: trimmed). */
  query: string;
  /** The strict FTS5 query, when the query had a word. */
  strictQuery: string | null;
  /** True when the keyword side searched the fallback keywords one by one. */
  usedFallback: boolean;
  fallbackTerms: string[];
  keptBelowMinScore: boolean;
}

const KEYWORD_ONLY_WEIGHTS = { vector: 0, text: 1 } as const;

export function openclawBreakdown(
  ranked: OpenClawRankedHit,
  search: OpenClawSearchFacts,
  matchedTerms: string[],
  importanceLine: number | null,
): ScoreBreakdown {
  const { hit } = ranked;
  const hybrid = ranked.kind === 'hybrid' ? ranked.hit : null;
  const exact = hit.exactPathSpecificity > 0;
  // Every keyword-only hit was found by the keyword side; a hybrid one may come from the vector side alone.
  const byKeyword = hybrid ? hybrid.hasKeyword : true;
  const keywordRank = ranked.kind === 'hybrid' ? (ranked.hit.keywordRank ?? 0) : ranked.rank;
  const keywordScore = ranked.kind === 'hybrid' ? ranked.hit.keywordScore : ranked.hit.relevance;
  const configured = hybrid
    ? { vector: OPENCLAW_HYBRID.vectorWeight, text: OPENCLAW_HYBRID.textWeight }
    : KEYWORD_ONLY_WEIGHTS;
  const { mmrLambda } = OPENCLAW_HYBRID;
  // An exact-path hit scores 1 whatever its content, decay or importance (OpenClaw's tier): its parts say so.
  const parts: Omit<ScoreBreakdown, 'final' | 'hybrid'> = {
    keyword:
      byKeyword || exact
        ? {
            bm25: hit.bm25 ?? 0,
            rank: keywordRank,
            idfMass: 0,
            score: exact ? 1 : keywordScore,
            matchedTerms,
            query: search.strictQuery ?? search.query,
            relaxed: search.usedFallback,
          }
        : null,
    vector: !hybrid
      ? vectorUnavailable(modeReasons.openclawProviderNone())
      : hybrid.hasVector
        ? { cosine: hybrid.vectorScore, score: exact ? 0 : hybrid.vectorScore, rank: hybrid.vectorRank ?? 0 }
        : null,
    weights: {
      configured: { vector: configured.vector, text: configured.text },
      vector: exact ? 0 : configured.vector,
      text: exact ? 1 : configured.text,
    },
    decay: {
      enabled: !exact,
      date: hit.decay.date,
      dateSource: hit.decay.date ? 'path' : null,
      ageDays: hit.decay.ageDays,
      halfLifeDays: OPENCLAW_DEFAULTS.halfLifeDays,
      multiplier: exact ? 1 : hit.decay.multiplier,
      evergreen: hit.decay.date === null,
    },
    mmr: hybrid?.mmr
      ? {
          lambda: mmrLambda,
          maxSimilarity: hybrid.mmr.maxSimilarity,
          similarTo: hybrid.mmr.similarTo,
          penalty: (1 - mmrLambda) * hybrid.mmr.maxSimilarity,
          mmrScore: hybrid.mmr.mmrScore,
          rankBefore: hybrid.mmr.rankBefore,
          rankAfter: hybrid.mmr.rankAfter,
        }
      : null,
    importance: {
      importance: hit.importance,
      multiplier: exact ? 1 : hit.importanceMultiplier,
      line: importanceLine,
    },
    openclaw: {
      release: OPENCLAW_RANKING_RELEASE,
      tier: exact ? 'exact-path' : hit.hasBodyMatch ? 'body' : byKeyword ? 'path-only' : 'vector',
      exactPath: hit.exactPathSpecificity,
      bm25: hit.bm25,
      textScore: hit.textScore,
      boost: hit.boost,
      pathScore: hit.pathScore,
      relevance: hit.relevance,
      foundBy: hit.foundBy ?? 'the query vector',
      fallback: search.usedFallback && byKeyword,
      fallbackTerms: search.fallbackTerms,
      decay: hit.decay,
      importance: hit.importance,
      importanceMultiplier: hit.importanceMultiplier,
      projectKey: hit.projectKey,
      keptBelowMinScore: search.keptBelowMinScore,
      ...(ranked.kind === 'hybrid'
        ? {
            hybrid: {
              vectorScore: ranked.hit.vectorScore,
              vectorWeight: configured.vector,
              textWeight: configured.text,
              keywordScore: ranked.hit.keywordScore,
              contentScore: ranked.hit.contentScore,
              vectorOf: ranked.vectorOf,
            },
          }
        : {}),
    },
  };
  const vectorScore = parts.vector && 'score' in parts.vector ? parts.vector.score : 0;
  const breakdown: ScoreBreakdown = { ...parts, hybrid: 0, final: 0 };
  breakdown.hybrid = parts.weights.vector * vectorScore + parts.weights.text * (parts.keyword?.score ?? 0);
  breakdown.final = computeFinalScore(breakdown);
  return breakdown;
}
