// What run-search.ts needs from the engine for one query: the served index, file metadata from
// its `files` table, and the embedder — but vectors only when the index holds that model's vectors.
import type { SearchResponse } from '../../shared/domain.js';
import { modeReasonFields, type ModeReason } from '../../shared/mode-reasons.js';
import type { EmbeddingProvider } from './embed/embedding-provider.js';
import type { AccessStatsLookup } from './engine-types.js';
import type { IndexDb } from './index/index-db.js';
import { sessionSlot, type IndexSession } from './search/sqlite/index-session.js';
import type { SearchContext, SearchFileMeta } from './search/run/run-search.js';
import type { ExpansionResources } from './search/sqlite/query-expansion/lexical-expansion.js';
import { vectorSearch } from './search/sqlite/vector-search.js';

/** Cleared when full: a search needs at most a few hundred files. */
const MAX_CACHED_FILES = 50_000;
const FILE_META_SQL = 'SELECT kind, source, metadata FROM files WHERE path = ?';
type FileMetaRow = { kind: SearchFileMeta['kind']; source: SearchFileMeta['source']; metadata: string };

/** Metadata of files by path, for the index as of `key`. */
interface FileMetaCache {
  key: string;
  byPath: Map<string, SearchFileMeta | null>;
}
const FILE_META = sessionSlot<FileMetaCache>('file metadata');

/**
 * Each search asks for the metadata of every candidate's file (a row and a JSON parse each, about
 * a tenth of a small workspace's query time): kept in the session until the index changes.
 */
function fileMetaLookup(session: IndexSession): (path: string) => SearchFileMeta | null {
  const key = session.changeKey();
  const cache = session.slot(FILE_META, () => ({ key, byPath: new Map() }));
  if (cache.key !== key || cache.byPath.size > MAX_CACHED_FILES) {
    cache.key = key;
    cache.byPath.clear();
  }
  const { byPath } = cache;
  const read = session.statement<FileMetaRow | undefined>(FILE_META_SQL);
  return (p) => {
    let meta = byPath.get(p);
    if (meta === undefined) {
      const row = read.get(p as never);
      if (row) {
        const metadata = JSON.parse(row.metadata) as Pick<Partial<SearchFileMeta>, 'date' | 'sessionKind'>;
        meta = { kind: row.kind, source: row.source, date: metadata.date ?? null };
        if (metadata.sessionKind) meta.sessionKind = metadata.sessionKind;
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
  /** The served connection's session (live-index.ts). */
  session: IndexSession;
  embedder: EmbeddingProvider | null;
  /** Why the engine is keyword-only, used when vectors cannot answer. */
  modeReason: ModeReason;
  queryTimeoutMs?: number;
  accessStats?: AccessStatsLookup;
  expansion?: ExpansionResources;
}

export function createSearchContext({
  index,
  session,
  embedder,
  modeReason,
  queryTimeoutMs,
  accessStats,
  expansion,
}: SearchContextInput): SearchContext {
  // Not during a model-change rebuild: the served index still holds the previous model's vectors.
  const vectorsUsable = embedder !== null && index.staleReason === null && index.embedding !== null;
  const ctx: SearchContext = {
    session,
    fileMeta: fileMetaLookup(session),
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
  if (expansion) ctx.expansion = expansion;
  return ctx;
}

/** The answer when the index cannot answer yet (damaged, or too old to query while it is rebuilt). */
export function emptySearchResponse(embedder: EmbeddingProvider | null, modeReason: ModeReason): SearchResponse {
  return {
    results: [],
    provider: embedder?.provider ?? 'none',
    model: embedder?.model ?? 'none',
    fallback: null,
    mode: 'fts-only',
    ...modeReasonFields(modeReason),
    notices: [],
    candidates: 0,
    tookMs: 0,
  };
}
