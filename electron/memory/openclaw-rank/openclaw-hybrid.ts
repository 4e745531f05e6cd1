// OpenClaw 2026.9.6's hybrid memory_search over our reproduction of its chunks: keyword candidates
// (openclaw-search.ts) and vector candidates merged with weights 0.7 / 0.3, recency decay and the
// importance multiplier applied, the exact-path tiers first, MMR (λ 0.7, Jaccard over snippet
// tokens) over the rest, then minScore with its keyword fill. Each step mirrors the OpenClaw
// function named in its comment (extensions/memory-core: hybrid.ts, mmr.ts, tokenize.ts).
import { importanceMultiplier, INVALID_PROJECT_KEY } from '../../../shared/memory-annotations.js';
import type { KeywordCandidates } from './openclaw-search.js';
import { decayOf, OPENCLAW_DEFAULTS } from './openclaw-search.js';
import type { LexicalBoost } from './openclaw-query-terms.js';
import type { IndexedOpenClawChunk } from './openclaw-chunker.js';
import { SNIPPET_MAX_CHARS } from './openclaw-keyword-index.js';

/** resolveMemorySearchIndexConfig's hybrid defaults (not configurable in 2026.9.6). */
export const OPENCLAW_HYBRID = { vectorWeight: 0.7, textWeight: 0.3, mmrLambda: 0.7 } as const;

export interface VectorCandidate {
  id: string;
  /** 1 − cosine distance, as OpenClaw's vector search returns it (may be negative). */
  score: number;
}

export interface HybridHit {
  id: string;
  path: string;
  startLine: number;
  endLine: number;
  snippet: string;
  /** 0 when the chunk was not among the vector candidates. */
  vectorScore: number;
  vectorRank: number | null;
  hasVector: boolean;
  hasKeyword: boolean;
  textScore: number;
  /** The keyword side as fused: the boosted text score, or the path score of a path-only hit. */
  keywordScore: number;
  keywordRank: number | null;
  bm25: number | null;
  boost: LexicalBoost | null;
  foundBy: string | null;
  pathScore: number;
  hasBodyMatch: boolean;
  exactPathSpecificity: number;
  /** vectorWeight × vectorScore + textWeight × keywordScore. */
  contentScore: number;
  /** For exact-path hits: (1 + contentScore) / 2, the tie score decay works on. */
  relevance: number;
  decay: { date: string | null; ageDays: number | null; multiplier: number };
  importance: number | null;
  importanceMultiplier: number;
  projectKey: string | null;
  /** relevance × decay × importance: what the exact tiers and MMR order by. */
  rankingScore: number;
  /** What OpenClaw returns: rankingScore, 0 without content, 1 for an exact-path hit. */
  score: number;
  mmr: {
    relevance: number;
    maxSimilarity: number;
    similarTo: string | null;
    mmrScore: number;
    rankBefore: number;
    rankAfter: number;
  } | null;
}

export interface HybridOutcome {
  results: HybridHit[];
  keptBelowMinScore: boolean;
  candidates: number;
}

const CJK_RE = /[\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\u1100-\u11ff]/;

/** tokenize (tokenize.ts): ASCII words, CJK characters and adjacent CJK pairs. */
export function mmrTokens(text: string): Set<string> {
  const lower = text.trim().toLowerCase();
  const tokens = new Set(lower.match(/[a-z0-9_]+/g) ?? []);
  if (!CJK_RE.test(lower)) return tokens;
  const unigrams: string[] = [];
  let previous: string | undefined;
  for (const ch of lower) {
    if (CJK_RE.test(ch)) {
      if (previous !== undefined) tokens.add(previous + ch);
      unigrams.push(ch);
      previous = ch;
    } else previous = undefined;
  }
  for (const ch of unigrams) tokens.add(ch);
  return tokens;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const t of small) if (large.has(t)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** truncateUtf16Safe(text, 700): never cuts a surrogate pair in half. */
function snippetOf(text: string): string {
  if (text.length <= SNIPPET_MAX_CHARS) return text;
  const high = text.charCodeAt(SNIPPET_MAX_CHARS - 1);
  return text.slice(0, high >= 0xd800 && high <= 0xdbff ? SNIPPET_MAX_CHARS - 1 : SNIPPET_MAX_CHARS);
}

const label = (h: HybridHit) => `${h.path}:${h.startLine}-${h.endLine}`;

/** mmrRerank: λ × normalised relevance − (1 − λ) × the highest Jaccard similarity to a pick above. */
function mmrRerank(items: HybridHit[], scoreOf: (h: HybridHit) => number, lambda: number): HybridHit[] {
  if (items.length <= 1) {
    for (const h of items)
      h.mmr = { relevance: 1, maxSimilarity: 0, similarTo: null, mmrScore: lambda, rankBefore: 1, rankAfter: 1 };
    return [...items];
  }
  const prepared = items.map((item, i) => {
    const tokens = mmrTokens(item.snippet);
    return {
      item,
      score: scoreOf(item),
      tokens,
      emptyText: tokens.size === 0 ? item.snippet.trim().toLowerCase() : undefined,
      relevance: 0,
      maxSimilarity: 0,
      similarTo: null as string | null,
      rankBefore: i + 1,
    };
  });
  const max = Math.max(...prepared.map((p) => p.score));
  const min = Math.min(...prepared.map((p) => p.score));
  const range = max - min;
  for (const p of prepared) p.relevance = range === 0 ? 1 : (p.score - min) / range;
  const remaining = new Set(prepared);
  const selected: HybridHit[] = [];
  while (remaining.size > 0) {
    let best: (typeof prepared)[number] | null = null;
    let bestScore = -Infinity;
    for (const c of remaining) {
      const s = lambda * c.relevance - (1 - lambda) * c.maxSimilarity;
      if (s > bestScore || (s === bestScore && c.score > (best?.score ?? -Infinity))) {
        bestScore = s;
        best = c;
      }
    }
    if (!best) break;
    best.item.mmr = {
      relevance: best.relevance,
      maxSimilarity: best.maxSimilarity,
      similarTo: best.similarTo,
      mmrScore: bestScore,
      rankBefore: best.rankBefore,
      rankAfter: selected.length + 1,
    };
    selected.push(best.item);
    remaining.delete(best);
    for (const c of remaining) {
      const sim =
        c.tokens.size === 0 && best.tokens.size === 0
          ? Number(c.emptyText === best.emptyText)
          : jaccard(c.tokens, best.tokens);
      if (sim > c.maxSimilarity) {
        c.maxSimilarity = sim;
        c.similarTo = label(best.item);
      }
    }
  }
  return selected;
}

export interface HybridSearchInput {
  keyword: KeywordCandidates;
  vector: VectorCandidate[];
  chunks: ReadonlyMap<string, IndexedOpenClawChunk>;
  exactPathOf: (relPath: string) => number;
  nowMs: number;
  maxResults: number;
  minScore: number;
}

/** mergeHybridResults + selectHybridSearchResults, then search() cuts to maxResults. */
export function hybridLikeOpenClaw(input: HybridSearchInput): HybridOutcome {
  const { vectorWeight, textWeight, mmrLambda } = OPENCLAW_HYBRID;
  const byId = new Map<string, HybridHit>();
  const base = (id: string): HybridHit | null => {
    const chunk = input.chunks.get(id);
    if (!chunk) return null;
    return {
      id,
      path: chunk.path,
      startLine: chunk.startLine,
      endLine: chunk.endLine,
      snippet: snippetOf(chunk.text),
      vectorScore: 0,
      vectorRank: null,
      hasVector: false,
      hasKeyword: false,
      textScore: 0,
      keywordScore: 0,
      keywordRank: null,
      bm25: null,
      boost: null,
      foundBy: null,
      pathScore: 0,
      hasBodyMatch: false,
      exactPathSpecificity: input.exactPathOf(chunk.path),
      contentScore: 0,
      relevance: 0,
      decay: { date: null, ageDays: null, multiplier: 1 },
      importance: chunk.importance,
      importanceMultiplier: 1,
      projectKey: chunk.projectKey,
      rankingScore: 0,
      score: 0,
      mmr: null,
    };
  };
  input.vector.forEach((v, i) => {
    const hit = base(v.id);
    if (!hit) return;
    Object.assign(hit, { vectorScore: v.score, vectorRank: i + 1, hasVector: true });
    byId.set(v.id, hit);
  });
  input.keyword.hits.forEach((k, i) => {
    const hit = byId.get(k.id) ?? base(k.id);
    if (!hit) return;
    Object.assign(hit, {
      textScore: k.textScore,
      hasBodyMatch: k.hasBodyMatch,
      keywordScore: k.score,
      keywordRank: i + 1,
      bm25: k.bm25,
      boost: k.boost,
      foundBy: k.foundBy,
      pathScore: k.pathScore,
      exactPathSpecificity: Math.max(hit.exactPathSpecificity, k.exactPathSpecificity),
      hasKeyword: true,
    });
    if (k.snippet.length > 0) hit.snippet = k.snippet;
    byId.set(k.id, hit);
  });
  const rankable: HybridHit[] = [];
  for (const hit of byId.values()) {
    hit.keywordScore = hit.textScore > 0 ? hit.keywordScore : hit.exactPathSpecificity > 0 ? 0 : hit.pathScore;
    hit.contentScore = vectorWeight * hit.vectorScore + textWeight * hit.keywordScore;
    const lexicalRank = hit.hasBodyMatch && hit.textScore === 0 ? hit.keywordScore : 0;
    hit.relevance =
      hit.exactPathSpecificity > 0
        ? (1 + Math.max(0, Math.min(1, hit.contentScore))) / 2
        : hit.contentScore === 0
          ? lexicalRank
          : hit.contentScore;
    hit.decay = decayOf(hit.path, input.nowMs, OPENCLAW_DEFAULTS.halfLifeDays);
    hit.importanceMultiplier = importanceMultiplier(hit.importance);
    hit.rankingScore = hit.relevance * hit.decay.multiplier * hit.importanceMultiplier;
    hit.score = hit.exactPathSpecificity > 0 ? 1 : hit.contentScore === 0 ? 0 : hit.rankingScore;
    if (
      !(hit.projectKey ?? '')
        .split(';')
        .map((k) => k.trim())
        .includes(INVALID_PROJECT_KEY)
    )
      rankable.push(hit);
  }
  const byRanking = (a: HybridHit, b: HybridHit) =>
    b.rankingScore - a.rankingScore ||
    a.path.localeCompare(b.path) ||
    a.startLine - b.startLine ||
    a.endLine - b.endLine;
  const exact = [3, 2, 1].flatMap((tier) =>
    mmrRerank(
      rankable.filter((h) => h.exactPathSpecificity === tier).sort(byRanking),
      (h) => h.rankingScore,
      mmrLambda,
    ),
  );
  const nonExact = mmrRerank(
    rankable.filter((h) => h.exactPathSpecificity === 0).sort((a, b) => b.score - a.score || byRanking(a, b)),
    (h) => h.score,
    mmrLambda,
  );
  const merged = [...exact, ...nonExact];

  // selectHybridSearchResults with OpenClaw's candidate universe as its maxResults, then the cut.
  const universe = Math.max(OPENCLAW_DEFAULTS.candidateUniverse, input.maxResults);
  const strict = merged.filter((h) => h.score >= input.minScore);
  let selected = strict.slice(0, universe);
  let keptBelowMinScore = false;
  const keywordIds = new Set(merged.filter((h) => h.hasKeyword).map((h) => label(h)));
  if (keywordIds.size > 0 && selected.length < universe) {
    if (strict.length === 0) {
      selected = merged.filter((h) => h.score >= 0 && keywordIds.has(label(h))).slice(0, universe);
      keptBelowMinScore = selected.length > 0;
    } else {
      const seen = new Set(selected.map(label));
      for (const h of merged) {
        if (selected.length === universe) break;
        if (h.score < input.minScore && h.vectorScore === 0 && keywordIds.has(label(h)) && !seen.has(label(h))) {
          seen.add(label(h));
          selected.push(h);
        }
      }
    }
  }
  return { results: selected.slice(0, input.maxResults), keptBelowMinScore, candidates: merged.length };
}
