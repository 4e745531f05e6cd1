import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { MemoryLensError } from '../../../../../shared/errors';
import { createI18n } from '../../../../../shared/i18n';
import { englishLeft } from '../../../../../shared/test-support/english-left';
import { shownText } from '../../../lib/error-message';
import type { IndexStatus } from '../../../../../shared/domain';
import {
  createStatusSlice,
  indexBuilding,
  progressLabel,
  reindexSummary,
  type StatusPort,
  type StatusSlice,
} from './status-slice';

function status(progress: IndexStatus['progress']): IndexStatus {
  return {
    workspace: '/w',
    dbPath: '/d',
    files: 3,
    chunks: 4,
    bySource: { memory: { files: 3, chunks: 4 }, sessions: { files: 0, chunks: 0 } },
    mode: 'fts-only',
    provider: 'none',
    model: 'none',
    dims: null,
    vectorsStored: 0,
    embeddingCacheEntries: 0,
    embeddingCacheHitRate: null,
    vectorBackend: 'none',
    watcher: 'watching',
    schemaVersion: 1,
    chunkerVersion: 1,
    lastSyncAt: 1,
    errors: [],
    progress,
    lifecycle: { state: 'serving', reason: null },
  };
}

const t = createI18n('en').getFixedT('en', 'status');

/** A store whose first status request is out: `answer` answers it, `asked` ends when the store took it. */
function statusAskedAndHeld() {
  let answer: (s: IndexStatus) => void = () => undefined;
  const port: StatusPort = {
    status: () => new Promise((resolve) => (answer = resolve)),
    reindex: async () => {
      throw new Error('unused');
    },
  };
  const store = createStore<StatusSlice>()(createStatusSlice(port));
  const asked = store.getState().loadStatus();
  return { store, answer: (s: IndexStatus) => answer(s), asked };
}

describe('status slice', () => {
  it('an answer to a status request made before a newer event does not bring back old progress', async () => {
    const { store, answer, asked } = statusAskedAndHeld();
    // While the request is out, the sync ends.
    store.getState().applyProgress({ phase: 'done', filesDone: 3, filesTotal: 3 });
    answer(status({ phase: 'scanning', filesDone: 0, filesTotal: 0 }));
    await asked;
    expect(store.getState().status.progress).toBeNull();
  });

  it('an answer that a progress event overtook still brings the index: the status bar does not stay on "Connecting…"', async () => {
    const { store, answer, asked } = statusAskedAndHeld();
    // A first index starts while the page's first status request is out.
    store.getState().applyProgress({ phase: 'indexing', filesDone: 128, filesTotal: 1500 });
    answer({ ...status(null), files: 0, lastSyncAt: null });
    await asked;
    expect(store.getState().status.index?.files).toBe(0);
    expect(store.getState().status.progress).toEqual({ phase: 'indexing', filesDone: 128, filesTotal: 1500 });
    expect(indexBuilding(store.getState().status)).toBe(true);
  });

  it('an answer that a status event overtook is dropped whole: the newer index stays', async () => {
    const { store, answer, asked } = statusAskedAndHeld();
    store.getState().applyStatus({ ...status(null), files: 1500 });
    answer({ ...status(null), files: 0 });
    await asked;
    expect(store.getState().status.index?.files).toBe(1500);
  });

  it("keeps 'done' as the last phase (progress drops it): indexing finished, until the next sync starts", async () => {
    // An index kept from an earlier run: its lastSyncAt is set before this run's sync started.
    const port: StatusPort = {
      status: async () => status(null),
      reindex: async () => {
        throw new Error('unused');
      },
    };
    const store = createStore<StatusSlice>()(createStatusSlice(port));
    await store.getState().loadStatus();
    expect(store.getState().status.indexPhase).toBeNull();
    store.getState().applyProgress({ phase: 'indexing', filesDone: 1, filesTotal: 3 });
    expect(store.getState().status.indexPhase).toBe('indexing');
    store.getState().applyProgress({ phase: 'done', filesDone: 3, filesTotal: 3 });
    expect(store.getState().status).toMatchObject({ progress: null, indexPhase: 'done' });
    // A page opened after the sync learns it from the engine's status, which keeps its last progress.
    store.getState().applyStatus(status({ phase: 'done', filesDone: 3, filesTotal: 3 }));
    expect(store.getState().status.indexPhase).toBe('done');
    store.getState().applyProgress({ phase: 'scanning', filesDone: 0, filesTotal: 0 });
    expect(store.getState().status.indexPhase).toBe('scanning');
  });

  it('keeps a failed Reindex by message id, so the errors list words it in the interface language', async () => {
    const port: StatusPort = {
      status: async () => status(null),
      reindex: async () => {
        throw new MemoryLensError('UNAVAILABLE', {
          messageId: 'errors:index.rebuilding',
          params: { reason: 'chunk size changed' },
        }).toValue();
      },
    };
    const store = createStore<StatusSlice>()(createStatusSlice(port));
    await store.getState().reindex();
    const [error] = store.getState().status.uiErrors;
    const zh = createI18n('zh-CN').t;
    expect(shownText(createI18n('en').t, error!)).toBe(
      'Reindex: The index is being rebuilt (chunk size changed); try again shortly.',
    );
    expect(shownText(zh, error!)).toBe(`重建索引：${zh('errors:index.rebuilding', { reason: 'chunk size changed' })}`);
    expect(englishLeft(shownText(zh, error!).replace('chunk size changed', ''))).toEqual([]);
  });

  it('says how far an index got, in files', () => {
    expect(progressLabel({ phase: 'indexing', filesDone: 1200, filesTotal: 6000 }, t)).toBe(
      'Indexing 1,200 of 6,000 files',
    );
    expect(progressLabel({ phase: 'scanning', filesDone: 0, filesTotal: 0 }, t)).toBe('Scanning files…');
    expect(progressLabel({ phase: 'embedding', filesDone: 1, filesTotal: 2, chunksDone: 5, chunksTotal: 10 }, t)).toBe(
      'Embedding 5 of 10 chunks',
    );
  });
});

describe('indexBuilding', () => {
  it('is true while a sync reports progress, and for an empty index whose first sync has not finished', () => {
    const indexing = { phase: 'indexing' as const, filesDone: 1, filesTotal: 9 };
    expect(indexBuilding({ index: status(indexing), progress: indexing })).toBe(true);
    expect(indexBuilding({ index: status(null), progress: { phase: 'embedding', filesDone: 9, filesTotal: 9 } })).toBe(
      false,
    );
    // The first sync has started, its first progress event not yet applied: the empty list is partial.
    expect(indexBuilding({ index: { ...status(null), files: 0, lastSyncAt: null }, progress: null })).toBe(true);
    // A workspace that is empty after a finished sync really has no files.
    expect(indexBuilding({ index: { ...status(null), files: 0, lastSyncAt: 1 }, progress: null })).toBe(false);
    expect(indexBuilding({ index: status(null), progress: null })).toBe(false);
    expect(indexBuilding({ index: null, progress: null })).toBe(false);
  });
});

describe('reindexSummary', () => {
  const report = {
    filesScanned: 65,
    filesIndexed: 0,
    filesUnchanged: 65,
    filesSkipped: 0,
    skipped: [],
    filesRemoved: 0,
    filesFailed: 0,
    chunksWritten: 0,
    chunksEmbedded: 0,
    embeddingCacheHits: 0,
    tookMs: 12,
  };
  it('says what a Reindex did, so pressing it is never met with silence', () => {
    expect(reindexSummary(report, t)).toBe('Reindex: up to date (65 files checked)');
    expect(reindexSummary({ ...report, filesIndexed: 3, filesRemoved: 1 }, t)).toBe(
      'Reindex: 3 files reindexed, 1 removed',
    );
  });
});
