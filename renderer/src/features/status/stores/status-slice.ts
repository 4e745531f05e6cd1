import type { TFunction } from 'i18next';
import type { StateCreator } from 'zustand';
import type { MemlensApi } from '../../../../../shared/contract';
import type { IndexProgress, IndexStatus, ModelProgress, SyncReport } from '../../../../../shared/domain';
import { shownError, type ShownMessage } from '../../../lib/error-message';
import { Latest, slicePatch } from '../../../lib/slice-state';

export type StatusPort = Pick<MemlensApi, 'status' | 'reindex'> & Partial<Pick<MemlensApi, 'retryEmbedder'>>;

/** A failure the interface met, kept by id to be worded when shown (a language switch rewords it). */
export interface UiError extends ShownMessage {
  id: number;
  at: number;
}

export interface StatusSlice {
  status: {
    index: IndexStatus | null;
    progress: IndexProgress | null;
    /**
     * The phase the engine reported last, `done` included (which `progress` drops): `done` once a
     * sync of this server's run finished, so a page or a test can wait on a real "indexing finished".
     */
    indexPhase: IndexProgress['phase'] | null;
    /** Errors the UI met (a call failed, the event stream dropped), besides the index's own. */
    uiErrors: UiError[];
    errorsOpen: boolean;
    reindexing: boolean;
    /** What the last Reindex did, for the status bar's feedback (null before the first one). */
    lastReindex: SyncReport | null;
    connected: boolean;
    /** An embedding model being read or downloaded (null when none is, or it finished). */
    model: ModelProgress | null;
  };
  loadStatus(): Promise<void>;
  applyStatus(status: IndexStatus): void;
  applyProgress(progress: IndexProgress): void;
  reportUiError(error: ShownMessage): void;
  dismissUiErrors(): void;
  setErrorsOpen(open: boolean): void;
  reindex(full?: boolean): Promise<void>;
  /** "Retry now" for an embedding endpoint that is down; the status event brings the outcome. */
  retryEmbedder(): Promise<void>;
  setConnected(connected: boolean): void;
  applyModelProgress(progress: ModelProgress): void;
}

export const initialStatusState: StatusSlice['status'] = {
  index: null,
  progress: null,
  indexPhase: null,
  uiErrors: [],
  errorsOpen: false,
  reindexing: false,
  lastReindex: null,
  connected: true,
  model: null,
};

/** A sync that says it is done (or idle) is not running: nothing to show. */
function runningProgress(progress: IndexProgress | null): IndexProgress | null {
  return progress && progress.phase !== 'done' && progress.phase !== 'idle' ? progress : null;
}

/** Keep the list readable: the newest errors matter, and the index keeps its own. */
const MAX_UI_ERRORS = 50;

export function createStatusSlice(port: StatusPort): StateCreator<StatusSlice, [], [], StatusSlice> {
  let errorId = 0;
  /** Bumped by every event: a status answer requested before a newer event must not undo it. */
  const events = new Latest();
  /** Bumped by status events only: a progress event makes an answer's progress stale, not its index. */
  const statusEvents = new Latest();
  return (set, get) => {
    const patch = slicePatch(set, 'status');
    return {
      status: initialStatusState,
      async loadStatus() {
        try {
          const asked = events.current;
          const askedStatus = statusEvents.current;
          const index = await port.status();
          if (events.isCurrent(asked))
            patch({
              index,
              progress: runningProgress(index.progress),
              indexPhase: index.progress?.phase ?? null,
              connected: true,
            });
          // A progress event came first (a first index had begun): keep its progress, take the index.
          // Dropping the whole answer left the status bar on "Connecting…" until the index ended.
          else if (statusEvents.isCurrent(askedStatus)) patch({ index, connected: true });
          else patch({ connected: true });
        } catch (error) {
          get().reportUiError(shownError(error, 'status:uiError.status'));
        }
      },
      applyStatus: (index) => {
        events.supersede();
        statusEvents.supersede();
        patch({ index, progress: runningProgress(index.progress), indexPhase: index.progress?.phase ?? null });
      },
      applyProgress: (progress) => {
        events.supersede();
        patch({ progress: runningProgress(progress), indexPhase: progress.phase });
      },
      reportUiError: (error) =>
        set((s) => ({
          status: {
            ...s.status,
            uiErrors: [...s.status.uiErrors, { ...error, id: ++errorId, at: Date.now() }].slice(-MAX_UI_ERRORS),
          },
        })),
      dismissUiErrors: () => patch({ uiErrors: [] }),
      setErrorsOpen: (errorsOpen) => patch({ errorsOpen }),
      async retryEmbedder() {
        try {
          const outcome = await port.retryEmbedder?.({});
          // Why the endpoint still fails, by id when it has one (the endpoint's own words stay as they are), inside ours.
          if (outcome && !outcome.reachable && outcome.reason)
            get().reportUiError({
              message: outcome.reason,
              ...(outcome.reasonId ? { messageId: outcome.reasonId } : {}),
              ...(outcome.reasonParams ? { params: outcome.reasonParams } : {}),
              within: 'status:uiError.retry',
            });
        } catch (error) {
          get().reportUiError(shownError(error, 'status:uiError.retry'));
        }
        await get().loadStatus();
      },
      async reindex(full) {
        patch({ reindexing: true });
        try {
          patch({ lastReindex: await port.reindex({ full }) });
        } catch (error) {
          get().reportUiError(shownError(error, 'status:uiError.reindex'));
        } finally {
          patch({ reindexing: false });
          await get().loadStatus();
        }
      },
      // Every status event says "connected": no store update (and re-render) when nothing changed.
      setConnected: (connected) => {
        if (get().status.connected !== connected) patch({ connected });
      },
      applyModelProgress: (model) =>
        patch({ model: model.phase === 'loading' || model.phase === 'downloading' ? model : null }),
    };
  };
}

/**
 * The index is being built or brought up to date, so the file list is partial: a sync reports
 * progress (embedding aside: files are all listed by then), or an empty index has never finished
 * a sync (the first one is starting; its first progress event may still be on its way).
 */
export function indexBuilding(status: Pick<StatusSlice['status'], 'index' | 'progress'>): boolean {
  if (status.progress) return status.progress.phase !== 'embedding';
  return status.index !== null && status.index.lastSyncAt === null && status.index.files === 0;
}

/** 0..1 progress of the current phase, or null when it cannot be known. */
export function progressFraction(p: IndexProgress | null): number | null {
  if (!p) return null;
  if (p.phase === 'embedding' && p.chunksTotal) return Math.min(1, (p.chunksDone ?? 0) / p.chunksTotal);
  if (p.filesTotal > 0) return Math.min(1, p.filesDone / p.filesTotal);
  return null;
}

/** 0..1 of a model's bytes, or null when the total is not known yet. */
export function modelFraction(p: ModelProgress | null): number | null {
  if (!p || !p.total) return null;
  return Math.min(1, (p.loaded ?? 0) / p.total);
}

/** What the status bar says about indexing: "Indexing 120 of 4,000 files", "Scanning files…". */
export function progressLabel(p: IndexProgress, t: TFunction<'status'>): string {
  switch (p.phase) {
    case 'scanning':
      return t('progress.scanning');
    case 'embedding':
      return p.chunksTotal
        ? t('progress.embedding', { done: p.chunksDone ?? 0, total: p.chunksTotal })
        : t('progress.embeddingUnknown');
    case 'rebuilding':
      return t('progress.rebuilding', { done: p.filesDone, total: p.filesTotal });
    case 'removing':
      return t('progress.removing', { total: p.filesTotal });
    case 'indexing':
      return p.filesTotal ? t('progress.indexing', { done: p.filesDone, total: p.filesTotal }) : t('indexing');
    default:
      return p.phase;
  }
}

/** What a Reindex did, in a few words: "up to date (65 files checked)" or "3 files reindexed, 1 removed". */
export function reindexSummary(r: SyncReport, t: TFunction<'status'>): string {
  const changed = [
    r.filesIndexed > 0 ? t('summary.indexed', { count: r.filesIndexed }) : '',
    r.filesRemoved > 0 ? t('summary.removed', { count: r.filesRemoved }) : '',
    r.filesFailed > 0 ? t('summary.failed', { count: r.filesFailed }) : '',
  ].filter(Boolean);
  return changed.length > 0
    ? t('summary.changed', { changes: changed.join(t('summary.separator')) })
    : t('summary.upToDate', { files: r.filesScanned });
}
