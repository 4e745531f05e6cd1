// A hybrid hit of the `openclaw` profile as a SearchResult: our breakdown parts (whose
// computeFinalScore is OpenClaw's score) plus OpenClaw's steps, including whose vector it was.
import { OPENCLAW_RANKING_RELEASE } from '../../../shared/search-profiles.js';
import type { ScoreBreakdown, SearchResult, VectorOrigin } from '../../../shared/domain.js';
import { computeFinalScore } from '../../../shared/score.js';
import type { IndexedOpenClawChunk } from './openclaw-chunker.js';
import type { HybridHit } from './openclaw-hybrid.js';
import { OPENCLAW_HYBRID } from './openclaw-hybrid.js';
import { OPENCLAW_DEFAULTS } from './openclaw-search.js';
import type { KeywordCandidates } from './openclaw-search.js';
import { searchTokens } from './openclaw-query-terms.js';
import { importanceLine, profileResult } from './openclaw-result-parts.js';

export function hybridResult(
  hit: HybridHit,
  keyword: KeywordCandidates,
  keptBelowMinScore: boolean,
  chunk: IndexedOpenClawChunk | undefined,
  query: string,
  vectorOf: VectorOrigin | null,
): SearchResult {
  const exact = hit.exactPathSpecificity > 0;
  const words = new Set([...searchTokens(query), ...keyword.terms]);
  const matched = [...words].filter((w) => searchTokens(hit.snippet).includes(w));
  const { vectorWeight, textWeight, mmrLambda } = OPENCLAW_HYBRID;
  // An exact-path hit scores 1 whatever its content, decay or importance (OpenClaw's tier): its parts say so.
  const parts: Omit<ScoreBreakdown, 'final' | 'hybrid'> = {
    keyword:
      hit.hasKeyword || exact
        ? {
            bm25: hit.bm25 ?? 0,
            rank: hit.keywordRank ?? 0,
            idfMass: 0,
            score: exact ? 1 : hit.keywordScore,
            matchedTerms: matched,
            query: keyword.strict ?? query,
            relaxed: keyword.usedFallback,
          }
        : null,
    vector: hit.hasVector
      ? { cosine: hit.vectorScore, score: exact ? 0 : hit.vectorScore, rank: hit.vectorRank ?? 0 }
      : null,
    weights: {
      configured: { vector: vectorWeight, text: textWeight },
      vector: exact ? 0 : vectorWeight,
      text: exact ? 1 : textWeight,
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
    mmr: hit.mmr
      ? {
          lambda: mmrLambda,
          maxSimilarity: hit.mmr.maxSimilarity,
          similarTo: hit.mmr.similarTo,
          penalty: (1 - mmrLambda) * hit.mmr.maxSimilarity,
          mmrScore: hit.mmr.mmrScore,
          rankBefore: hit.mmr.rankBefore,
          rankAfter: hit.mmr.rankAfter,
        }
      : null,
    importance: {
      importance: hit.importance,
      multiplier: exact ? 1 : hit.importanceMultiplier,
      line: importanceLine(chunk),
    },
    openclaw: {
      release: OPENCLAW_RANKING_RELEASE,
      tier: exact ? 'exact-path' : hit.hasBodyMatch ? 'body' : hit.hasKeyword ? 'path-only' : 'vector',
      exactPath: hit.exactPathSpecificity,
      bm25: hit.bm25,
      textScore: hit.textScore,
      boost: hit.boost,
      pathScore: hit.pathScore,
      relevance: hit.relevance,
      foundBy: hit.foundBy ?? 'the query vector',
      fallback: keyword.usedFallback && hit.hasKeyword,
      fallbackTerms: keyword.terms,
      decay: hit.decay,
      importance: hit.importance,
      importanceMultiplier: hit.importanceMultiplier,
      projectKey: hit.projectKey,
      keptBelowMinScore,
      hybrid: {
        vectorScore: hit.vectorScore,
        vectorWeight,
        textWeight,
        keywordScore: hit.keywordScore,
        contentScore: hit.contentScore,
        vectorOf,
      },
    },
  };
  const breakdown: ScoreBreakdown = { ...parts, hybrid: 0, final: 0 };
  breakdown.hybrid =
    parts.weights.vector * (parts.vector && 'score' in parts.vector ? parts.vector.score : 0) +
    parts.weights.text * (parts.keyword?.score ?? 0);
  breakdown.final = computeFinalScore(breakdown);
  return profileResult(hit, chunk, breakdown, words);
}
