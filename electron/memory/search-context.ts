// What run-search.ts needs from the engine for one query: the served index, file metadata from
// its `files` table, and the embedder — but vectors only when the index holds that model's vectors.
import type { SearchResponse } from '../../shared/domain.js';
import type { EmbeddingProvider } from './embed/embedding-provider.js';
import type { AccessStatsLookup } from './engine-types.js';
import type { IndexDb } from './index/index-db.js';
import type { SearchContext, SearchFileMeta } from './search/run-search.js';
import { vectorSearch } from './search/vector-search.js';

export interface SearchContextInput {
  index: IndexDb;
  embedder: EmbeddingProvider | null;
  /** Why the engine is keyword-only, used when vectors cannot answer. */
  modeReason: string;
  queryTimeoutMs?: number;
  accessStats?: AccessStatsLookup;
}

export function createSearchContext({ index, embedder, modeReason, queryTimeoutMs, accessStats }: SearchContextInput): SearchContext {
  const fileMeta = index.db.prepare('SELECT kind, source, metadata FROM files WHERE path = ?');
  // Not during a model-change rebuild: the served index still holds the previous model's vectors.
  const vectorsUsable = embedder !== null && index.staleReason === null && index.embedding !== null;
  const ctx: SearchContext = {
    db: index.db,
    fileMeta: (p: string): SearchFileMeta | null => {
      const row = fileMeta.get(p) as { kind: SearchFileMeta['kind']; source: SearchFileMeta['source']; metadata: string } | undefined;
      if (!row) return null;
      const metadata = JSON.parse(row.metadata) as { date?: SearchFileMeta['date'] };
      return { kind: row.kind, source: row.source, date: metadata.date ?? null };
    },
    embedder: vectorsUsable ? embedder : null,
    vectorSearch,
    vectorBackend: vectorsUsable ? index.vectorBackend : 'none',
    mode: vectorsUsable ? 'hybrid' : 'fts-only',
    provider: embedder?.provider ?? 'none',
    model: embedder?.model ?? 'none',
  };
  if (!vectorsUsable) ctx.modeReason = modeReason;
  if (queryTimeoutMs !== undefined) ctx.queryTimeoutMs = queryTimeoutMs;
  if (accessStats) ctx.accessStats = accessStats;
  return ctx;
}

/** The answer when the index cannot answer yet (damaged, or too old to query while it is rebuilt). */
export function emptySearchResponse(embedder: EmbeddingProvider | null, modeReason: string): SearchResponse {
  return {
    results: [], provider: embedder?.provider ?? 'none', model: embedder?.model ?? 'none', fallback: null,
    mode: 'fts-only', modeReason, notices: [], candidates: 0, tookMs: 0,
  };
}
