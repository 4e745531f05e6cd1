// The `openclaw` search profile: one object per open workspace that keeps OpenClaw-style chunks
// of the memory files (rebuilt when a file's size or mtime changes) and answers a search with
// OpenClaw 2026.9.6's keyword-only memory_search, each result carrying both our breakdown parts
// (whose computeFinalScore is OpenClaw's score) and OpenClaw's own steps.
import { OPENCLAW_RANKING_RELEASE } from '../../../shared/search-profiles.js';
import type { SearchOptions, SearchResponse } from '../../../shared/domain.js';
import { messageOf } from '../../../shared/errors.js';
import { modeReasonFields, modeReasons, type ModeReason } from '../../../shared/mode-reasons.js';
import type { EmbeddingProvider } from '../embed/embedding-provider.js';
import { prepareOpenClawChunks } from './openclaw-chunker.js';
import { OpenClawKeywordIndex } from './openclaw-keyword-index.js';
import { readMemoryFileText, statMemoryFilesLikeOpenClaw } from '../workspace/openclaw-memory-files.js';
import { keywordCandidatesLikeOpenClaw, OPENCLAW_DEFAULTS, searchLikeOpenClaw } from './openclaw-search.js';
import { exactPathMatcher } from './openclaw-keyword-index.js';
import { cosine, OpenClawChunkVectors } from './openclaw-chunk-vectors.js';
import type { AgentVectorSource } from './openclaw-chunk-vectors.js';
import { hybridLikeOpenClaw } from './openclaw-hybrid.js';
import { openclawResult } from './openclaw-result-parts.js';
import { openclawNotices } from '../search/core/response-notices.js';

export interface OpenClawRankerOptions {
  /** The embedder for the hybrid half (the agent's provider, reached through our endpoint embedder); null: keyword-only. */
  embedder?: () => EmbeddingProvider | null;
  /** The agent's stored chunk vectors, used instead of embedding when their model is the embedder's. */
  agentVectors?: AgentVectorSource;
  /** Why there is no embedder (the engine's mode reason), said when the agent would rank hybrid. */
  noEmbedderReason?: () => ModeReason | null;
}

export class OpenClawRanker {
  private readonly index = new OpenClawKeywordIndex();
  /** Size and mtime of each indexed file: a file is re-read and re-chunked only when they change. */
  private readonly indexedKeys = new Map<string, string>();
  private readonly vectors: OpenClawChunkVectors;

  constructor(
    private readonly workspaceDir: string,
    private readonly options: OpenClawRankerOptions = {},
  ) {
    this.vectors = new OpenClawChunkVectors(options.agentVectors ?? null);
  }

  private async currentIndex(): Promise<OpenClawKeywordIndex> {
    const files = await statMemoryFilesLikeOpenClaw(this.workspaceDir);
    const present = new Set<string>();
    for (const file of files) {
      present.add(file.path);
      const key = `${file.size}\0${file.mtimeMs}`;
      if (this.indexedKeys.get(file.path) === key) continue;
      const text = await readMemoryFileText(file);
      if (text === null) continue;
      this.index.replaceFile(file.path, prepareOpenClawChunks(file.path, text));
      this.indexedKeys.set(file.path, key);
    }
    for (const p of [...this.indexedKeys.keys()]) {
      if (present.has(p)) continue;
      this.index.removeFile(p);
      this.indexedKeys.delete(p);
    }
    return this.index;
  }

  async search(options: SearchOptions): Promise<SearchResponse> {
    const started = performance.now();
    const index = await this.currentIndex();
    const searchOptions = {
      nowMs: options.now ?? Date.now(),
      ...(options.maxResults !== undefined ? { maxResults: options.maxResults } : {}),
      ...(options.minScore !== undefined ? { minScore: options.minScore } : {}),
    };
    let embedder = this.options.embedder?.() ?? null;
    let hybridFailure: ModeReason | null = null;
    const agentModels = this.options.agentVectors?.indexModels() ?? null;
    const agentModel = [...(agentModels?.keys() ?? [])].find((m) => m !== 'fts-only');
    if (!embedder && agentModel !== undefined) {
      const why = this.options.noEmbedderReason?.() ?? modeReasons.noModel();
      hybridFailure = modeReasons.openclawNoEmbedder(agentModel, why);
    }
    // The agent's index says how the agent searches: all chunks 'fts-only' means provider "none", keyword-only.
    if (agentModels && [...agentModels.keys()].every((m) => m === 'fts-only')) {
      hybridFailure = modeReasons.openclawAgentNoVectors(OPENCLAW_RANKING_RELEASE);
      embedder = null;
    }
    if (embedder && options.query.trim() && index.chunks.size > 0) {
      try {
        return await this.hybridSearch(index, embedder, options, searchOptions, started, agentModels);
      } catch (error) {
        hybridFailure = modeReasons.openclawEmbedderFailed(embedder.model, messageOf(error));
      }
    }
    const outcome = searchLikeOpenClaw(index, options.query, searchOptions);
    const notices = openclawNotices({
      release: OPENCLAW_RANKING_RELEASE,
      kind: 'keyword-only',
      oneByOne: outcome.usedFallback ? outcome.fallbackTerms : null,
      keptBelowMinScore: outcome.keptBelowMinScore ? (options.minScore ?? OPENCLAW_DEFAULTS.minScore) : null,
    });
    const facts = {
      query: options.query,
      strictQuery: outcome.strictQuery,
      usedFallback: outcome.usedFallback,
      fallbackTerms: outcome.fallbackTerms,
      keptBelowMinScore: outcome.keptBelowMinScore,
    };
    return {
      results: outcome.results.map((hit, i) =>
        openclawResult({ kind: 'keyword-only', hit, rank: i + 1 }, facts, index.chunks.get(hit.id)),
      ),
      provider: 'none',
      model: 'fts-only',
      fallback: null,
      mode: 'fts-only',
      ...modeReasonFields(hybridFailure ?? modeReasons.openclawKeywordOnly(OPENCLAW_RANKING_RELEASE)),
      notices,
      candidates: outcome.candidates,
      tookMs: performance.now() - started,
      profile: 'openclaw',
    };
  }

  /** OpenClaw's hybrid memory_search: the query embedded, every chunk's vector (the agent's or ours), merged. */
  private async hybridSearch(
    index: OpenClawKeywordIndex,
    embedder: EmbeddingProvider,
    options: SearchOptions,
    searchOptions: { nowMs: number; maxResults?: number; minScore?: number },
    started: number,
    agentModels: Map<string, number> | null,
  ): Promise<SearchResponse> {
    const query = options.query.trim();
    const maxResults = searchOptions.maxResults ?? OPENCLAW_DEFAULTS.maxResults;
    const minScore = searchOptions.minScore ?? OPENCLAW_DEFAULTS.minScore;
    const keyword = keywordCandidatesLikeOpenClaw(index, query, maxResults);
    const chunkVectors = await this.vectors.vectorsFor(index.chunks.values(), embedder);
    const queryVec = await embedder.embedQuery(query);
    const limit = Math.min(
      200,
      Math.max(
        1,
        Math.floor(Math.max(OPENCLAW_DEFAULTS.candidateUniverse, maxResults) * OPENCLAW_DEFAULTS.candidateMultiplier),
      ),
    );
    const vector = queryVec.some((x) => x !== 0)
      ? [...chunkVectors]
          .map(([id, v]) => ({ id, score: cosine(queryVec, v.vector) }))
          .filter((v) => Number.isFinite(v.score))
          .sort((a, b) => b.score - a.score)
          .slice(0, limit)
      : [];
    const outcome = hybridLikeOpenClaw({
      keyword,
      vector,
      chunks: index.chunks,
      exactPathOf: exactPathMatcher(query),
      nowMs: searchOptions.nowMs,
      maxResults,
      minScore,
    });
    const origins = new Set([...chunkVectors.values()].map((v) => v.origin.kind));
    const whose = origins.has('agent') && !origins.has('embedded') ? 'agent' : origins.has('agent') ? 'mixed' : 'ours';
    const notices = openclawNotices({
      release: OPENCLAW_RANKING_RELEASE,
      kind: 'hybrid',
      vectors: {
        embedderModel: embedder.model,
        agentModel: agentModels === null ? null : [...agentModels.keys()].find((m) => m !== 'fts-only'),
      },
      oneByOne: keyword.usedFallback ? keyword.terms : null,
      keptBelowMinScore: outcome.keptBelowMinScore ? minScore : null,
    });
    const facts = {
      query,
      strictQuery: keyword.strict,
      usedFallback: keyword.usedFallback,
      fallbackTerms: keyword.terms,
      keptBelowMinScore: outcome.keptBelowMinScore,
    };
    return {
      results: outcome.results.map((hit) =>
        openclawResult(
          { kind: 'hybrid', hit, vectorOf: chunkVectors.get(hit.id)?.origin ?? null },
          facts,
          index.chunks.get(hit.id),
        ),
      ),
      provider: embedder.provider,
      model: embedder.model,
      fallback: null,
      mode: 'hybrid',
      ...modeReasonFields(modeReasons.openclawHybrid(OPENCLAW_RANKING_RELEASE, whose, embedder.model)),
      notices,
      candidates: outcome.candidates,
      tookMs: performance.now() - started,
      profile: 'openclaw',
    };
  }

  close(): void {
    this.index.close();
  }
}
