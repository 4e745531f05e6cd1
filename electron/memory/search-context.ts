// What run-search.ts needs from the engine for one query: the served index, file metadata from
// its `files` table, and the embedder — but vectors only when the index holds that model's vectors.
import type Database from 'better-sqlite3';
import type { SearchResponse } from '../../shared/domain.js';
import type { EmbeddingProvider } from './embed/embedding-provider.js';
import type { AccessStatsLookup } from './engine-types.js';
import type { IndexDb } from './index/index-db.js';
import { indexChangeKey } from './search/index-change-key.js';
import type { SearchContext, SearchFileMeta } from './search/run-search.js';
import { vectorSearch } from './search/vector-search.js';

/**
 * Each search asks for the metadata of every candidate's file (a row and a JSON parse each, about
 * a tenth of a small workspace's query time): kept per index until it changes (indexChangeKey).
 */
interface FileMetaCache {
  key: string;
  byPath: Map<string, SearchFileMeta | null>;
  read: Database.Statement<[string], { kind: SearchFileMeta['kind']; source: SearchFileMeta['source']; metadata: string } | undefined>;
}
const fileMetaCaches = new WeakMap<Database.Database, FileMetaCache>();
/** Cleared when full: a search needs at most a few hundred files. */
const MAX_CACHED_FILES = 50_000;

function fileMetaLookup(db: Database.Database): (path: string) => SearchFileMeta | null {
  const key = indexChangeKey(db);
  let cache = fileMetaCaches.get(db);
  if (!cache) {
    cache = { key, byPath: new Map(), read: db.prepare('SELECT kind, source, metadata FROM files WHERE path = ?') };
    fileMetaCaches.set(db, cache);
  }
  if (cache.key !== key || cache.byPath.size > MAX_CACHED_FILES) {
    cache.key = key;
    cache.byPath.clear();
  }
  const { byPath, read } = cache;
  return (p) => {
    let meta = byPath.get(p);
    if (meta === undefined) {
      const row = read.get(p);
      if (row) {
        const metadata = JSON.parse(row.metadata) as { date?: SearchFileMeta['date'] };
        meta = { kind: row.kind, source: row.source, date: metadata.date ?? null };
      } else {
        meta = null;
      }
      byPath.set(p, meta);
    }
    return meta === null ? null : { ...meta };
  };
}

export interface SearchContextInput {
  index: IndexDb;
  embedder: EmbeddingProvider | null;
  /** Why the engine is keyword-only, used when vectors cannot answer. */
  modeReason: string;
  queryTimeoutMs?: number;
  accessStats?: AccessStatsLookup;
}

export function createSearchContext({ index, embedder, modeReason, queryTimeoutMs, accessStats }: SearchContextInput): SearchContext {
  // Not during a model-change rebuild: the served index still holds the previous model's vectors.
  const vectorsUsable = embedder !== null && index.staleReason === null && index.embedding !== null;
  const ctx: SearchContext = {
    db: index.db,
    fileMeta: fileMetaLookup(index.db),
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
