// The vector half of a query: embed the query (bounded by a timeout), then KNN. Any failure makes
// this one query keyword-only and says why; it never fails the search.
import type { MemorySource } from '../../../../shared/domain.js';
import { modeReasons, type ModeReason } from '../../../../shared/mode-reasons.js';
import { DEFAULT_QUERY_TIMEOUT_MS, EmbeddingTimeoutError } from '../../embed/embedding-provider.js';
import { EndpointDownError } from '../../embed/endpoint/outage-aware-provider.js';
import type { VectorSide } from '../core/fuse.js';
import type { IndexSession } from '../sqlite/index-session.js';
import { vectorSearch as defaultVectorSearch } from '../sqlite/vector-search.js';
import type { VectorLoss } from '../core/response-notices.js';

export { DEFAULT_QUERY_TIMEOUT_MS };

/** The part of EmbeddingProvider (embed/embedding-provider.ts) a search needs. */
export interface QueryEmbedder {
  provider: string;
  model: string;
  embedQuery(text: string, timeoutMs?: number): Promise<Float32Array>;
}

export interface VectorHit {
  chunkRowid: number;
  cosine: number;
}

/** Shape of vector-search.ts's `vectorSearch`; sqlite-vec KNN or a JS scan. */
export type VectorSearchFn = (
  session: IndexSession,
  queryVec: Float32Array,
  limit: number,
  filter?: { sources?: MemorySource[] },
) => VectorHit[] | Promise<VectorHit[]>;

/**
 * The provider contract already rejects a late query with EmbeddingTimeoutError; this bound is for
 * embedders that do not honour `timeoutMs` (a hung worker must never hang a search).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EmbeddingTimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface VectorSideInput {
  session: IndexSession;
  embedder: QueryEmbedder | null | undefined;
  /** Default: vector-search.ts's vectorSearch (sqlite-vec KNN or JS scan). */
  vectorSearch?: VectorSearchFn;
  /** Why vectors are off for the whole engine, if they are (mode fts-only). */
  unavailableReason: ModeReason | null;
  query: string;
  limit: number;
  sources: MemorySource[] | null;
  timeoutMs: number;
}

export interface VectorSideResult {
  side: VectorSide;
  /** Why this query has no vector half, when it has none. */
  loss: VectorLoss | null;
  /** True when vectors were expected but this query had to run without them. */
  fellBack: boolean;
}

export async function runVectorSide(input: VectorSideInput): Promise<VectorSideResult> {
  if (input.unavailableReason !== null || !input.embedder) {
    const reason = input.unavailableReason ?? modeReasons.noModelLoaded();
    return {
      side: { available: false, reason },
      loss: { reason, scope: 'search' },
      fellBack: false,
    };
  }
  try {
    const queryVec = await withTimeout(input.embedder.embedQuery(input.query, input.timeoutMs), input.timeoutMs);
    const filter = input.sources ? { sources: input.sources } : undefined;
    const search = input.vectorSearch ?? defaultVectorSearch;
    const hits = await search(input.session, queryVec, input.limit, filter);
    return {
      side: {
        available: true,
        candidates: hits.map((hit, i) => ({ chunkRowid: hit.chunkRowid, cosine: hit.cosine, rank: i + 1 })),
      },
      loss: null,
      fellBack: false,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof EmbeddingTimeoutError) {
      const reason = modeReasons.queryTimeout(input.timeoutMs);
      return {
        side: { available: false, reason },
        loss: { timeoutMs: input.timeoutMs },
        fellBack: true,
      };
    }
    const reason = modeReasons.vectorFailed(error instanceof EndpointDownError ? error.reason : message);
    return {
      side: { available: false, reason },
      loss: { reason, scope: 'query' },
      fellBack: true,
    };
  }
}
