// The engine's status as the contract states it: counts from the index, the search mode and its
// reason, the watcher, the index's lifecycle and what searches run on.
import type { IndexProgress, IndexStatus } from '../../shared/domain.js';
import { modeReasonFields } from '../../shared/mode-reasons.js';
import { CHUNKER_VERSION } from './chunk/chunker.js';
import type { EngineEmbedder } from './engine-embedder.js';
import type { EngineWatching } from './engine-watching.js';
import { SCHEMA_VERSION } from './index/schema.js';
import type { IndexLifecycle } from './index-lifecycle/index-lifecycle.js';
import { searchBackends } from './search/sqlite/accelerator-check.js';
import type { SearchBackends } from './search/sqlite/index-session.js';

export interface StatusParts {
  workspaceDir: string;
  lifecycle: IndexLifecycle;
  embedder: EngineEmbedder;
  watching: EngineWatching;
  progress: IndexProgress | null;
}

export function engineStatus({ workspaceDir, lifecycle, embedder, watching, progress }: StatusParts): IndexStatus {
  const counts = lifecycle.reads.readCounts();
  const index = lifecycle.index;
  const usable = embedder.usable;
  const provider = embedder.provider;
  const status: IndexStatus = {
    workspace: workspaceDir,
    dbPath: lifecycle.dbPath,
    files: counts?.files ?? 0,
    chunks: counts?.chunks ?? 0,
    bySource: counts?.bySource ?? { memory: { files: 0, chunks: 0 }, sessions: { files: 0, chunks: 0 } },
    mode: usable && !lifecycle.staleReason ? 'hybrid' : 'fts-only',
    provider: provider?.provider ?? 'none',
    model: provider?.model ?? 'none',
    dims: provider?.dims ?? index.embedding?.dims ?? null,
    vectorsStored: counts?.vectorsStored ?? 0,
    embeddingCacheEntries: counts?.embeddingCacheEntries ?? 0,
    embeddingCacheHitRate: counts?.embeddingCacheHitRate ?? null,
    vectorBackend: usable ? index.vectorBackend : 'none',
    ...watching.state,
    schemaVersion: SCHEMA_VERSION,
    chunkerVersion: CHUNKER_VERSION,
    lastSyncAt: counts?.lastSyncAt ?? null,
    errors: [...lifecycle.errorList(), ...lifecycle.reads.failedFiles()],
    skipped: lifecycle.reads.skippedFiles(),
    progress,
    lifecycle: lifecycle.status,
  };
  if (status.mode === 'fts-only') Object.assign(status, modeReasonFields(embedder.modeReason(lifecycle.staleReason)));
  const retry = embedder.retryState;
  if (retry) status.embedderRetry = retry;
  const backends = backendsOf(lifecycle);
  if (backends) status.searchBackends = backends;
  return status;
}

/** What searches run on; null while the index cannot say (damaged, closed). */
function backendsOf(lifecycle: IndexLifecycle): SearchBackends | null {
  const state = lifecycle.status.state;
  if (state === 'damaged' || state === 'closed') return null;
  try {
    return searchBackends(lifecycle.session);
  } catch {
    return null;
  }
}
