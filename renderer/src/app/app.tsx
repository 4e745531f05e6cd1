import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchResult } from '../../../shared/domain';
import { apiTransport } from '../api/client';
import { AgentSwitcher } from '../features/agents/components/agent-switcher';
import { StaleIndexBanner } from '../features/agents/components/stale-index-banner';
import { DraftErrorBanner, RecoveredDraftsBanner } from '../features/editor/components/recovered-drafts-banner';
import { unsavedPaths } from '../features/editor/stores/editor-slice';
import { FileSidebar } from '../features/files/components/file-sidebar';
import { indexBuilding } from '../features/status/stores/status-slice';
import { QuickOpen } from '../features/files/components/quick-open';
import { CommandPalette } from './command-palette';
import { SearchPanel } from '../features/search/components/search-panel';
import { StatusBar } from '../features/status/components/status-bar';
import { DoctorSummary } from '../features/doctor/components/doctor-summary';
import { baseName, workspaceLabel } from '../lib/path-labels';
import { confirmLeave, openFileAt, openSearchResult, openSettings, requestOpenWorkspace } from './app-actions';
import { useApi, useApp, useAppStoreApi } from './app-store-provider';
import { clampWidth, PANEL_LIMITS } from './layout-slice';
import { MAIN_VIEWS, type MainViewContext } from './main-views';
import { fitPanels, maxDockedWidth } from './panel-fit';
import { PaneBoundary } from './pane-boundary';
import { PanelResizer } from './panel-resizer';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';
import { useReopenLastFile } from './use-reopen-last-file';
import { useUnsavedGuard } from './use-unsaved-guard';
import { useViewportWidth } from './use-viewport-width';
import { automatedRuns } from '../../../shared/automated-runs';
import { layoutResults } from '../../../shared/result-list';
import { modeReasonOf } from '../../../shared/mode-reasons';

/** The window: header, file sidebar | main view | search panel (resizable, collapsible), status bar. */
export function App() {
  const { t } = useTranslation('app');
  const store = useAppStoreApi();
  const api = useApi();
  useKeyboardShortcuts(store);
  useUnsavedGuard(store);
  const viewport = useViewportWidth();
  const layout = useApp((s) => s.layout);
  const { setView, setSearchOpen, setSidebarOpen, setPanelWidth } = useApp((s) => ({
    setView: s.setView,
    setSearchOpen: s.setSearchOpen,
    setSidebarOpen: s.setSidebarOpen,
    setPanelWidth: s.setPanelWidth,
  }));
  const results = useApp((s) => s.search.response?.results);
  const entries = useApp((s) => s.files.entries);
  const currentPath = useApp((s) => s.editor.doc?.path ?? null);
  const unsaved = useApp((s) => unsavedPaths(s.editor));
  const workspace = useApp((s) => s.workspace.info);
  const index = useApp((s) => s.status.index);
  useReopenLastFile(store, workspace?.workspaceDir ?? null, entries, currentPath);
  // A yes/no, not the progress itself: progress changes ten times a second during an index, and
  // the whole window re-rendered with it.
  const indexing = useApp((s) => indexBuilding(s.status));
  // Before the first status arrives an empty list means "not known yet", not "no files".
  const statusUnknown = useApp((s) => s.status.index === null && s.status.progress === null);
  const sources = useApp((s) => s.settingsView.sources);

  const runs = useMemo(() => automatedRuns(entries), [entries]);
  // The files of the hits on screen, not of every chunk the panel asked for to fill its list.
  const shownOf = useApp((s) => ({
    placement: s.search.automatedPlacement,
    shown: s.search.settings.maxResults,
    asListed: s.search.profile === 'openclaw',
  }));
  const hitPaths = useMemo(() => {
    const layout = layoutResults(results ?? [], {
      isAutomated: (p) => runs.has(p),
      runOf: (p) => runs.get(p)?.key,
      ...shownOf,
    });
    return new Set([...layout.people, ...layout.automated].map((g) => g.path));
  }, [results, runs, shownOf]);
  const unsavedSet = useMemo(() => new Set(unsaved), [unsaved]);
  const filePaths = useMemo(() => entries.map((e) => e.path), [entries]);
  const sessionTitles = useMemo(
    () => new Map(entries.flatMap((e) => (e.source === 'sessions' && e.title ? [[e.path, e.title] as const] : []))),
    [entries],
  );
  const fileTitles = useMemo(
    () => new Map(entries.flatMap((e) => (e.title ? [[e.path, e.title] as const] : []))),
    [entries],
  );
  const fit = fitPanels(viewport, layout);
  const keywordOnly = index?.mode === 'fts-only';
  const excluded = (sources ?? []).filter((s) => !s.included && s.excludedBecause === 'settings' && s.files > 0);

  const closeOverlays = useCallback(() => {
    if (fit.sidebar === 'overlay') setSidebarOpen(false);
    if (fit.search === 'overlay') setSearchOpen(false);
  }, [fit.sidebar, fit.search, setSidebarOpen, setSearchOpen]);
  const openPath = useCallback(
    (path: string) => {
      openFileAt(store, path);
      if (fit.sidebar === 'overlay') setSidebarOpen(false);
    },
    [store, fit.sidebar, setSidebarOpen],
  );
  const openResult = useCallback(
    (result: SearchResult) => {
      openSearchResult(store, result);
      if (fit.search === 'overlay') setSearchOpen(false);
    },
    [store, fit.search, setSearchOpen],
  );
  const toSettings = useCallback(() => {
    openSettings(store);
    closeOverlays();
  }, [store, closeOverlays]);

  const excludedFiles = excluded.reduce((n, s) => n + s.files, 0);
  const excludedAgents = excluded.map((s) => t('excluded.agent', { id: s.agentId })).join(t('listSeparator'));
  // Stable unless it changes, so the memoized file list is not re-rendered for it.
  const excludedNotice = useMemo(
    () =>
      excludedFiles > 0 && (
        <div className="notice notice--info notice--row" data-testid="transcripts-excluded">
          <span>{t('excluded.transcripts', { count: excludedFiles, agents: excludedAgents })}</span>
          <button type="button" className="link-button" onClick={toSettings}>
            {t('views.settings.label')}
          </button>
        </div>
      ),
    [excludedFiles, excludedAgents, toSettings, t],
  );

  // The window's title says which file has unsaved text, as editors do.
  useEffect(() => {
    const name = workspace ? workspaceLabel(workspace.workspaceDir) : '';
    const file = currentPath ? `${unsavedSet.has(currentPath) ? '● ' : ''}${baseName(currentPath)} — ` : '';
    document.title = `${file}${name ? `${name} — ` : ''}Memory Lens`;
  }, [currentPath, unsavedSet, workspace]);

  const view = MAIN_VIEWS.find((v) => v.id === layout.view) ?? MAIN_VIEWS[0]!;
  const openAt = useCallback(
    (path: string, line?: number) => openFileAt(store, path, line ? { startLine: line, endLine: line } : undefined),
    [store],
  );
  const openRange = useCallback(
    (path: string, startLine?: number, endLine?: number) =>
      openFileAt(store, path, startLine ? { startLine, endLine: endLine ?? startLine } : undefined),
    [store],
  );
  const ctx: MainViewContext = { openPath, openAt, openRange, openResult, hitPaths, keywordOnly, sessionTitles };
  const sidebarMax = Math.min(
    PANEL_LIMITS.sidebar.max,
    maxDockedWidth(viewport, fit.search === 'docked' ? layout.searchWidth : 0),
  );
  const searchMax = Math.min(
    PANEL_LIMITS.search.max,
    maxDockedWidth(viewport, fit.sidebar === 'docked' ? layout.sidebarWidth : 0),
  );

  return (
    <div className="app" data-testid="app" data-sidebar={fit.sidebar} data-search={fit.search}>
      <header className="app__bar">
        <button
          type="button"
          className="icon-button"
          data-testid="toggle-sidebar"
          title={t('header.toggleSidebar')}
          aria-pressed={layout.sidebarOpen}
          onClick={() => setSidebarOpen(!layout.sidebarOpen)}
        >
          ☰
        </button>
        <span className="app__title">{t('name')}</span>
        {workspace && (
          <span className="app__workspace" data-testid="workspace-name" title={workspace.workspaceDir}>
            {workspaceLabel(workspace.workspaceDir)}
            {workspace.isSample && (
              <span className="badge" data-testid="workspace-sample">
                {t('header.sample')}
              </span>
            )}
          </span>
        )}
        {apiTransport() === 'electron' && (
          <button
            type="button"
            className="link-button"
            data-testid="open-workspace"
            onClick={() => void requestOpenWorkspace(api, store, t)}
          >
            {t('header.openWorkspace')}
          </button>
        )}
        <AgentSwitcher beforeSwitch={() => confirmLeave(store, t)} />
        <nav className="segmented" aria-label={t('views.label')}>
          {MAIN_VIEWS.map((v) => (
            <button
              key={v.id}
              type="button"
              className={view.id === v.id ? 'is-on' : ''}
              aria-pressed={view.id === v.id}
              data-testid={`view-${v.id}`}
              title={t(`views.${v.id}.title`)}
              onClick={() => setView(v.id)}
            >
              {t(`views.${v.id}.label`)}
            </button>
          ))}
        </nav>
        {unsaved.length > 0 && (
          <button
            type="button"
            className="unsaved-chip"
            data-testid="unsaved-count"
            data-value={unsaved.length}
            title={t('header.unsavedTitle', { paths: unsaved.join(t('listSeparator')) })}
            onClick={() => openPath(unsaved.includes(currentPath ?? '') ? currentPath! : unsaved[0]!)}
          >
            ● {t('header.unsaved', { count: unsaved.length })}
          </button>
        )}
        <span className="app__spacer" />
        <button
          type="button"
          className={`button${layout.searchOpen ? ' is-on' : ''}`}
          data-testid="toggle-search"
          aria-pressed={layout.searchOpen}
          onClick={() => setSearchOpen(!layout.searchOpen)}
          title={t('header.searchTitle')}
        >
          {t('header.search')}
        </button>
      </header>
      <RecoveredDraftsBanner />
      <DraftErrorBanner />
      <StaleIndexBanner onShow={() => setView('agent')} />
      <div className="app__body">
        {fit.sidebar !== 'closed' && (
          <div
            className={`app__side app__side--${fit.sidebar}`}
            style={{ width: layout.sidebarWidth }}
            data-testid="sidebar-panel"
          >
            <PaneBoundary pane="sidebar">
              <FileSidebar
                onOpen={openPath}
                hitPaths={hitPaths}
                unsavedPaths={unsavedSet}
                indexing={indexing}
                statusUnknown={statusUnknown}
                notices={excludedNotice}
              />
            </PaneBoundary>
          </div>
        )}
        {fit.sidebar === 'docked' && (
          <PanelResizer
            side="left"
            width={layout.sidebarWidth}
            min={PANEL_LIMITS.sidebar.min}
            max={sidebarMax}
            label={t('header.resizeSidebar')}
            testId="resize-sidebar"
            onResize={(w) => setPanelWidth('sidebar', Math.min(w, sidebarMax))}
            onReset={() => setPanelWidth('sidebar', clampWidth('sidebar', PANEL_LIMITS.sidebar.initial))}
          />
        )}
        <main className="app__main" data-testid="main-view" data-view={view.id}>
          <PaneBoundary resetKey={view.id} pane="main">
            {view.render(ctx)}
          </PaneBoundary>
        </main>
        {fit.search === 'docked' && (
          <PanelResizer
            side="right"
            width={layout.searchWidth}
            min={PANEL_LIMITS.search.min}
            max={searchMax}
            label={t('header.resizeSearch')}
            testId="resize-search"
            onResize={(w) => setPanelWidth('search', Math.min(w, searchMax))}
            onReset={() => setPanelWidth('search', clampWidth('search', PANEL_LIMITS.search.initial))}
          />
        )}
        {fit.search !== 'closed' && (
          <div
            className={`app__search app__search--${fit.search}`}
            style={{
              width: fit.search === 'overlay' ? Math.min(layout.searchWidth, viewport - 24) : layout.searchWidth,
            }}
            data-testid="search-panel-frame"
          >
            <PaneBoundary pane="search">
              <SearchPanel
                onOpenResult={openResult}
                filePaths={filePaths}
                currentPath={currentPath}
                keywordOnly={keywordOnly}
                keywordOnlyReason={index ? modeReasonOf(index) : undefined}
                onOpenSettings={toSettings}
                sessionTitles={sessionTitles}
                fileTitles={fileTitles}
                automatedRuns={runs}
              />
            </PaneBoundary>
          </div>
        )}
        {(fit.sidebar === 'overlay' || fit.search === 'overlay') && (
          <div className="app__scrim" data-testid="overlay-scrim" onClick={closeOverlays} />
        )}
      </div>
      <PaneBoundary pane="status">
        <StatusBar onOpenSettings={toSettings} doctor={<DoctorSummary onOpen={() => setView('doctor')} />} />
      </PaneBoundary>
      <QuickOpen onOpen={openPath} />
      <CommandPalette store={store} />
    </div>
  );
}
