// Engine events → store. File changes refresh the file list and timeline (coalesced: a sync can
// touch hundreds of files) and go straight to the editor, which decides reload vs conflict.
import type { MemlensApi } from '../../../shared/contract';
import { applyTheme } from '../lib/apply-theme';
import { requestOpenWorkspace } from './app-actions';
import type { AppStore } from './create-app-store';

/** Coalesce bursts of file events into one list refresh. */
const REFRESH_DELAY_MS = 300;
/** No progress event for this long: the sync probably ended without saying so. */
const PROGRESS_QUIET_MS = 1000;
/** While a long index runs, the file list catches up this often (files appear as they are indexed). */
const LIST_DURING_INDEX_MS = 2000;

export function connectApiEvents(api: MemlensApi, store: AppStore): () => void {
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  const scheduleRefresh = () => {
    if (refreshTimer) clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      const s = store.getState();
      void s.loadFiles();
      void s.loadTimeline();
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
      void store.getState().loadStatus().then(() => {
        if (store.getState().status.progress && !quietTimer) afterQuiet();
      });
    }, PROGRESS_QUIET_MS);
  };

  let lastListRefresh = 0;
  const refreshDuringIndex = () => {
    const now = Date.now();
    if (now - lastListRefresh < LIST_DURING_INDEX_MS) return;
    lastListRefresh = now;
    void store.getState().loadFiles();
  };

  const unsubscribers = [
    api.onDidChangeFile((event) => {
      void store.getState().applyDiskChange(event);
      scheduleRefresh();
    }),
    api.onDidChangeStatus((status) => {
      const before = store.getState().status.index;
      store.getState().applyStatus(status);
      store.getState().setConnected(true);
      // The mode or model changed (a model finished loading, an index rebuilt): the Settings view says so.
      if (before && (before.mode !== status.mode || before.model !== status.model)) void store.getState().refreshSettingsView();
    }),
    api.onDidIndexProgress((progress) => {
      store.getState().applyProgress(progress);
      if (progress.phase === 'done') scheduleRefresh();
      else if (progress.phase === 'indexing' || progress.phase === 'rebuilding') refreshDuringIndex();
      afterQuiet();
    }),
    api.onDidModelProgress((progress) => {
      store.getState().applyModelProgress(progress);
      store.getState().applyModelProgressToView(progress);
    }),
    api.onDidRequestOpenWorkspace(() => {
      void requestOpenWorkspace(api, store);
    }),
    api.onDidChangeWorkspace((info) => {
      const s = store.getState();
      const previous = s.workspace.info;
      s.setWorkspaceInfo(info);
      if (!previous || previous.workspaceDir !== info.workspaceDir) {
        // Another folder: its own files, drafts and judgments. (The same folder reopened after a
        // settings change keeps the open document and its unsaved text.)
        s.resetForWorkspace();
        s.setActivePath(null);
        void s.loadRecoveredDrafts();
      }
      void s.loadFiles();
      void s.loadTimeline();
      void s.loadStatus();
      void s.refreshSettingsView();
    }),
  ];
  return () => {
    if (refreshTimer) clearTimeout(refreshTimer);
    if (quietTimer) clearTimeout(quietTimer);
    unsubscribers.forEach((u) => u());
  };
}

/** First load: everything the window shows at start. */
export async function loadInitialData(api: MemlensApi, store: AppStore): Promise<void> {
  const s = store.getState();
  const theme = api.settingsGet().then(
    (settings) => applyTheme(settings.theme),
    () => undefined, // the OS theme applies
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
