// Engine events → store. Events are queued and applied together at most every EVENT_BATCH_MS:
// during an index the engine sends progress 20 times a second plus file and status events, and
// each store update re-runs every subscribed selector and re-renders what changed — applied one
// by one they kept the window's main thread busy for 0.2–1.5 s at a time. A batch keeps the latest
// status and progress and each path's latest change, then refreshes the file list and timeline
// once (coalesced again: a sync can touch hundreds of files). File changes go to the editor,
// which decides reload vs conflict.
import type { TFunction } from 'i18next';
import type { MemlensApi } from '../../../shared/contract';
import type { FileChangeEvent, IndexProgress, IndexStatus } from '../../../shared/domain';
import { applyTheme } from '../lib/apply-theme';
import { resetAgentScope } from './reset-agent-scope';
import { requestOpenWorkspace } from './app-actions';
import type { AppStore } from './create-app-store';

/** Coalesce bursts of file events into one list refresh. */
const REFRESH_DELAY_MS = 300;
/** No progress event for this long: the sync probably ended without saying so. */
const PROGRESS_QUIET_MS = 1000;
/**
 * While a long index runs, the file list catches up this often (files appear as they are
 * indexed); a longer list, whose reload costs more, less often.
 */
const LIST_DURING_INDEX_MS = 2000;
const LIST_DURING_INDEX_MS_PER_1000_FILES = 500;
/** Engine events are applied in batches at most this often: 10 updates a second reads as live. */
export const EVENT_BATCH_MS = 100;

/** What arrived since the last batch was applied. */
interface PendingEvents {
  status: IndexStatus | null;
  progress: IndexProgress[];
  /** Latest change per path, in arrival order of the paths. */
  files: Map<string, FileChangeEvent>;
}

/** `t`: the window's language, for what an event asks of the user (unsaved text before another workspace). */
export function connectApiEvents(api: MemlensApi, store: AppStore, t: TFunction): () => void {
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  const scheduleRefresh = () => {
    if (refreshTimer) clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      const s = store.getState();
      void s.loadFiles();
      void s.loadTimeline();
      void s.loadAgents();
    }, REFRESH_DELAY_MS);
  };

  // The engine does not always end a sync with a 'done' event; when progress goes quiet, ask for
  // the status, whose `progress` is the truth (null when nothing runs).
  // A sync cut short (aborted, or its last event lost with a dropped stream) ends without one, so
  // keep asking while the status still shows progress.
  let quietTimer: ReturnType<typeof setTimeout> | null = null;
  const afterQuiet = () => {
    if (quietTimer) clearTimeout(quietTimer);
    quietTimer = setTimeout(() => {
      quietTimer = null;
      void store
        .getState()
        .loadStatus()
        .then(() => {
          if (store.getState().status.progress && !quietTimer) afterQuiet();
        });
    }, PROGRESS_QUIET_MS);
  };

  let lastListRefresh = 0;
  const refreshDuringIndex = () => {
    const now = Date.now();
    const every =
      LIST_DURING_INDEX_MS + (store.getState().files.entries.length / 1000) * LIST_DURING_INDEX_MS_PER_1000_FILES;
    if (now - lastListRefresh < every) return;
    lastListRefresh = now;
    void store.getState().loadFiles();
  };

  // A search answered while an index run was going (or right after another workspace opened, before
  // its first run started) may miss what that run adds: ask again once it is done.
  let searchAgainAfterSync = false;
  const stopWatchingSearch = store.subscribe((state, prev) => {
    if (state.search.response && state.search.response !== prev.search.response && state.status.progress !== null)
      searchAgainAfterSync = true;
    // Progress that came with a status answer (the first load, whose event stream may connect only
    // after that sync said 'done') has no event to end it: ask again once it has gone quiet.
    if (state.status.progress && !prev.status.progress && !quietTimer) afterQuiet();
  });

  let pending: PendingEvents = { status: null, progress: [], files: new Map() };
  let batchTimer: ReturnType<typeof setTimeout> | null = null;
  const enqueue = (add: (events: PendingEvents) => void) => {
    add(pending);
    batchTimer ??= setTimeout(applyBatch, EVENT_BATCH_MS);
  };
  const applyBatch = () => {
    batchTimer = null;
    const { status, progress, files } = pending;
    pending = { status: null, progress: [], files: new Map() };
    const s = store.getState();
    if (status) {
      const before = s.status.index;
      s.applyStatus(status);
      s.setConnected(true);
      // The mode or model changed (a model finished loading, an index rebuilt): the Settings view says so.
      if (before && (before.mode !== status.mode || before.model !== status.model)) void s.refreshSettingsView();
    }
    const latest = progress.at(-1);
    if (latest) {
      s.applyProgress(latest);
      if (progress.some((p) => p.phase === 'done')) {
        scheduleRefresh();
        if (searchAgainAfterSync) {
          searchAgainAfterSync = false;
          if (s.search.query.trim()) void s.runSearch();
        }
      }
      if (latest.phase === 'indexing' || latest.phase === 'rebuilding') refreshDuringIndex();
      afterQuiet();
    }
    for (const event of files.values()) void s.applyDiskChange(event);
    if (files.size > 0) scheduleRefresh();
  };

  const unsubscribers = [
    api.onDidChangeFile((event) =>
      enqueue((p) => {
        p.files.delete(event.path);
        p.files.set(event.path, event);
      }),
    ),
    api.onDidChangeStatus((status) =>
      enqueue((p) => {
        p.status = status;
      }),
    ),
    api.onDidIndexProgress((progress) =>
      enqueue((p) => {
        p.progress.push(progress);
      }),
    ),
    api.onDidModelProgress((progress) => {
      store.getState().applyModelProgress(progress);
      store.getState().applyModelProgressToView(progress);
    }),
    // A doctor pass finished: the status bar's summary, and the Doctor view's list if it is shown.
    api.onDidChangeDoctor((event) => store.getState().applyDoctorChanged(event)),
    api.onDidRequestOpenWorkspace(() => {
      void requestOpenWorkspace(api, store, t);
    }),
    api.onDidChangeWorkspace((info) => {
      // Whatever the previous folder's engine still had to say is moot now.
      pending = { status: null, progress: [], files: new Map() };
      const s = store.getState();
      const previous = s.workspace.info;
      s.setWorkspaceInfo(info);
      if (!previous || previous.workspaceDir !== info.workspaceDir) {
        // Another folder: its own files, drafts and judgments. (The same folder reopened after a
        // settings change keeps the open document and its unsaved text.)
        s.resetForWorkspace();
        resetAgentScope(store);
        searchAgainAfterSync = true;
        s.setActivePath(null);
        void s.loadRecoveredDrafts();
      }
      void s.loadFiles();
      void s.loadTimeline();
      void s.loadStatus();
      void s.loadAgents();
      void s.refreshSettingsView();
    }),
  ];
  return () => {
    if (refreshTimer) clearTimeout(refreshTimer);
    if (quietTimer) clearTimeout(quietTimer);
    if (batchTimer) clearTimeout(batchTimer);
    unsubscribers.forEach((u) => u());
    stopWatchingSearch();
  };
}

/** First load: everything the window shows at start. */
export async function loadInitialData(api: MemlensApi, store: AppStore): Promise<void> {
  const s = store.getState();
  const theme = api.settingsGet().then(
    (settings) => {
      applyTheme(settings.theme);
      return s.setLanguage(settings.language, { save: false });
    },
    () => undefined, // the OS theme and language apply
  );
  const workspace = api.workspaceInfo().then(
    (info) => store.getState().setWorkspaceInfo(info),
    () => undefined, // the header then names no workspace until one opens
  );
  await Promise.all([
    s.loadFiles(),
    s.loadStatus(),
    s.loadTimeline(),
    s.loadSearchSettings(),
    s.loadRecoveredDrafts(),
    s.loadSessionSources(),
    theme,
    workspace,
  ]);
}
