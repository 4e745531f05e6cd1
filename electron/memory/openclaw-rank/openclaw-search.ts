// OpenClaw 2026.9.6's keyword-only memory_search over an OpenClawKeywordIndex: the strict query,
// then one query per fallback keyword when it finds too little; body and filename hits merged;
// recency decay (30-day half-life, dated files only), the importance multiplier; minScore with
// "keep the keyword matches when every result is below it". No MMR: OpenClaw runs MMR only on
// hybrid results. Each step mirrors the OpenClaw function named in its comment.
import { importanceMultiplier, INVALID_PROJECT_KEY } from '../../../shared/memory-annotations.js';
import { boostedScore, buildFtsQuery, fallbackTerms, lexicalBoostOf, queryMatchersOf } from './openclaw-query-terms.js';
import type { LexicalBoost } from './openclaw-query-terms.js';
import { exactPathMatcher } from './openclaw-keyword-index.js';
import type { KeywordHit, OpenClawKeywordIndex } from './openclaw-keyword-index.js';

/** OpenClaw's memory_search defaults (agents/memory-search.ts). */
export const OPENCLAW_DEFAULTS = {
  maxResults: 6,
  minScore: 0.35,
  halfLifeDays: 30,
  candidateUniverse: 200,
  candidateMultiplier: 4,
} as const;
const DAY_MS = 86_400_000;
const DATED_PATH_RE = /(?:^|\/)memory\/(?:[^/]+\/)*(\d{4})-(\d{2})-(\d{2})(?:-[^/]+)?\.md$/;

export interface RankedHit extends KeywordHit {
  /** Present for body hits: the parts of the boost added to textScore. */
  boost: LexicalBoost | null;
  /** The query whose search first found it: the strict query or one fallback keyword. */
  foundBy: string;
  importance: number | null;
  projectKey: string | null;
  /** Score before decay and importance (for an exact-path hit: the tie score decay works on). */
  relevance: number;
  decay: { date: string | null; ageDays: number | null; multiplier: number };
  importanceMultiplier: number;
}

export interface OpenClawSearchOutcome {
  results: RankedHit[];
  strictQuery: string | null;
  fallbackTerms: string[];
  usedFallback: boolean;
  /** True when no result reached minScore and OpenClaw kept the keyword matches anyway. */
  keptBelowMinScore: boolean;
  candidates: number;
}

function hasBody(hit: KeywordHit): boolean {
  return hit.hasBodyMatch;
}

/** compareKeywordSearchHits: exact-path tier, then score, textScore, pathScore, path, line, id. */
function compareHits(a: KeywordHit, b: KeywordHit, preferExactBody = true): number {
  const specificity = b.exactPathSpecificity - a.exactPathSpecificity;
  if (specificity !== 0) return specificity;
  if (preferExactBody && a.exactPathSpecificity > 0) {
    const body = Number(hasBody(b)) - Number(hasBody(a));
    if (body !== 0) return body;
  }
  const relevance = b.score - a.score;
  if (relevance !== 0) return relevance;
  const text = b.textScore - a.textScore;
  if (text !== 0) return text;
  if (a.exactPathSpecificity === 0) {
    const p = b.pathScore - a.pathScore;
    if (p !== 0) return p;
  }
  return a.path.localeCompare(b.path) || a.startLine - b.startLine || a.id.localeCompare(b.id);
}

type Hit = KeywordHit & { boost: LexicalBoost | null; foundBy: string };

/** mergeKeywordSearchHits: one hit per chunk; the best body score wins, else the path score. */
function mergeHits(sets: Hit[][], exactPathQuery: string): Hit[] {
  const matchExact = exactPathMatcher(exactPathQuery);
  const seen = new Map<string, Hit>();
  for (const set of sets) {
    for (const hit of set) {
      const existing = seen.get(hit.id);
      if (!existing) {
        hit.exactPathSpecificity = matchExact(hit.path);
        seen.set(hit.id, hit);
        continue;
      }
      const existingBody = hasBody(existing) ? existing.score : 0;
      const hitBody = hit.hasBodyMatch ? hit.score : 0;
      const hadBody = hasBody(existing);
      existing.textScore = Math.max(existing.textScore, hit.textScore);
      existing.pathScore = Math.max(existing.pathScore, hit.pathScore);
      existing.hasBodyMatch ||= hit.hasBodyMatch;
      const body = Math.max(existingBody, hitBody);
      existing.score = body > 0 ? body : existing.pathScore;
      if (hitBody > existingBody) {
        existing.boost = hit.boost;
        existing.bm25 = hit.bm25;
      } else if (!existing.boost && hit.boost) existing.boost = hit.boost;
      if (
        (hit.hasBodyMatch && !hadBody) ||
        (hit.hasBodyMatch === hadBody && hit.snippet.length > existing.snippet.length)
      )
        existing.snippet = hit.snippet;
    }
  }
  const merged = [...seen.values()];
  for (const hit of merged) if (!hasBody(hit)) hit.score = hit.exactPathSpecificity > 0 ? 1 : hit.pathScore;
  return merged.sort((a, b) => compareHits(a, b));
}

/** limitKeywordSearchHits: exact-path hits kept beside the `limit` best others. */
function limitHits(hits: Hit[], limit: number): Hit[] {
  const ranked = [...hits].sort((a, b) => compareHits(a, b));
  const exactBody = ranked.filter((h) => h.exactPathSpecificity > 0 && hasBody(h)).slice(0, limit);
  const exactPathOnly = ranked.filter((h) => h.exactPathSpecificity > 0 && !hasBody(h));
  const bounded = exactBody.concat(exactPathOnly).sort((a, b) => compareHits(a, b));
  const paths = new Set<string>();
  for (const h of bounded) {
    paths.add(h.path);
    if (paths.size === 200) break;
  }
  return bounded
    .filter((h) => paths.has(h.path))
    .concat(ranked.filter((h) => h.exactPathSpecificity === 0).slice(0, limit));
}

/** One keyword search (searchKeyword): body hits with the lexical boost, plus the filename tier. */
function searchOnce(
  index: OpenClawKeywordIndex,
  query: string,
  limit: number,
  exactPathQuery: string,
  rankingQuery: string,
): Hit[] {
  const matchers = queryMatchersOf(rankingQuery);
  const body: Hit[] = index.searchBody(query, limit).map(({ text, ...row }) => {
    const boost = matchers.length === 0 ? null : lexicalBoostOf(matchers, row.path, text);
    return {
      ...row,
      score: boostedScore(row.textScore, boost),
      pathScore: 0,
      exactPathSpecificity: 0,
      boost,
      foundBy: query,
    };
  });
  const paths: Hit[] = index
    .searchPaths(query, exactPathQuery, limit)
    .map((h) => ({ ...h, boost: null, foundBy: query }));
  return limitHits(mergeHits([body, paths], exactPathQuery), limit);
}

export function decayOf(relPath: string, nowMs: number, halfLifeDays: number): RankedHit['decay'] {
  const match = DATED_PATH_RE.exec(relPath.replaceAll('\\', '/').replace(/^\.\//, ''));
  if (!match) return { date: null, ageDays: null, multiplier: 1 };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day)
    return { date: null, ageDays: null, multiplier: 1 };
  const ageDays = (nowMs - at.getTime()) / DAY_MS;
  const clamped = Math.max(0, ageDays);
  return {
    date: `${match[1]}-${match[2]}-${match[3]}`,
    ageDays,
    multiplier: Math.exp(-(Math.LN2 / halfLifeDays) * clamped),
  };
}

export interface OpenClawSearchOptions {
  maxResults?: number;
  minScore?: number;
  nowMs: number;
}

export interface KeywordCandidates {
  hits: Array<KeywordHit & { boost: LexicalBoost | null; foundBy: string }>;
  strict: string | null;
  terms: string[];
  usedFallback: boolean;
}

/** searchKeywordWithFallback: the strict query, then one search per fallback keyword when it finds too little. */
export function keywordCandidatesLikeOpenClaw(
  index: OpenClawKeywordIndex,
  query: string,
  maxResults: number,
): KeywordCandidates {
  const universe = Math.max(OPENCLAW_DEFAULTS.candidateUniverse, maxResults);
  const limit = Math.min(200, Math.max(1, Math.floor(universe * OPENCLAW_DEFAULTS.candidateMultiplier)));
  const full = searchOnce(index, query, limit, query, query);
  const terms = fallbackTerms(query);
  const strict = buildFtsQuery(query)?.toLowerCase() ?? null;
  const enough = full.filter((h) => h.exactPathSpecificity === 0).length >= limit;
  if (
    !enough &&
    terms.length > 0 &&
    !(full.length > 0 && strict === (buildFtsQuery(terms.join(' '))?.toLowerCase() ?? null))
  ) {
    const sets = terms.map((term) => searchOnce(index, term, limit, query, query));
    return {
      hits: limitHits(mergeHits([full, ...sets], query), limit),
      strict: buildFtsQuery(query),
      terms,
      usedFallback: true,
    };
  }
  return { hits: full, strict: buildFtsQuery(query), terms, usedFallback: false };
}

/** MemorySearchOrchestration.search with no embedding provider, as `openclaw memory search` runs it. */
export function searchLikeOpenClaw(
  index: OpenClawKeywordIndex,
  rawQuery: string,
  options: OpenClawSearchOptions,
): OpenClawSearchOutcome {
  const query = rawQuery.trim();
  const maxResults = options.maxResults ?? OPENCLAW_DEFAULTS.maxResults;
  const minScore = options.minScore ?? OPENCLAW_DEFAULTS.minScore;
  const empty: OpenClawSearchOutcome = {
    results: [],
    strictQuery: null,
    fallbackTerms: [],
    usedFallback: false,
    keptBelowMinScore: false,
    candidates: 0,
  };
  if (!query || index.chunks.size === 0) return empty;
  const universe = Math.max(OPENCLAW_DEFAULTS.candidateUniverse, maxResults);
  const { hits, terms, usedFallback } = keywordCandidatesLikeOpenClaw(index, query, maxResults);

  // attachRecallMetadata + finalizeKeywordOnlyResults (temporal decay is on by default)
  const ranked: RankedHit[] = hits
    .map((hit) => {
      const chunk = index.chunks.get(hit.id);
      const importance = chunk?.importance ?? null;
      const relevance =
        hit.exactPathSpecificity === 0 ? hit.score : (1 + Math.max(0, Math.min(1, hasBody(hit) ? hit.score : 0))) / 2;
      const decay = decayOf(hit.path, options.nowMs, OPENCLAW_DEFAULTS.halfLifeDays);
      const multiplier = importanceMultiplier(importance);
      const decayed = decay.date === null ? relevance : relevance * decay.multiplier;
      return {
        ...hit,
        importance,
        projectKey: chunk?.projectKey ?? null,
        relevance,
        decay,
        importanceMultiplier: multiplier,
        score: decayed * multiplier,
      };
    })
    .filter(
      (hit) =>
        !(hit.projectKey ?? '')
          .split(';')
          .map((k) => k.trim())
          .includes(INVALID_PROJECT_KEY),
    )
    .sort((a, b) => compareHits(a, b, false))
    .map((hit) => (hit.exactPathSpecificity > 0 ? { ...hit, score: 1 } : hit));

  // selectScoredResults(…, minScore, 0), then search() cuts to maxResults
  const passing = ranked.filter((h) => h.score >= minScore);
  const keptBelowMinScore = passing.length === 0;
  const selected = (keptBelowMinScore ? ranked.filter((h) => h.score >= 0) : passing)
    .slice(0, universe)
    .slice(0, maxResults);
  return {
    results: selected,
    strictQuery: buildFtsQuery(query),
    fallbackTerms: terms,
    usedFallback,
    keptBelowMinScore: keptBelowMinScore && selected.length > 0,
    candidates: ranked.length,
  };
}
