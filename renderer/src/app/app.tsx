import { useCallback, useMemo } from 'react';
import { ContextView } from '../features/context/components/context-view';
import { EditorPane } from '../features/editor/components/editor-pane';
import { FileSidebar } from '../features/files/components/file-sidebar';
import { QuickOpen } from '../features/files/components/quick-open';
import { SearchPanel } from '../features/search/components/search-panel';
import { StatusBar } from '../features/status/components/status-bar';
import { TimelineView } from '../features/timeline/components/timeline-view';
import { openFileAt } from './app-actions';
import { useApp, useAppStoreApi } from './app-store-provider';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';

/** The window: file sidebar | editor or timeline | search panel, status bar below. */
export function App() {
  const store = useAppStoreApi();
  useKeyboardShortcuts(store);
  const { view, searchOpen, sidebarOpen } = useApp((s) => s.layout);
  const { setView, setSearchOpen, setSidebarOpen } = useApp((s) => ({ setView: s.setView, setSearchOpen: s.setSearchOpen, setSidebarOpen: s.setSidebarOpen }));
  const results = useApp((s) => s.search.response?.results);
  const entries = useApp((s) => s.files.entries);
  const currentPath = useApp((s) => s.editor.doc?.path ?? null);
  const dirty = useApp((s) => s.editor.doc?.phase === 'dirty' || s.editor.doc?.phase === 'conflict');

  const hitPaths = useMemo(() => new Set((results ?? []).map((r) => r.path)), [results]);
  const filePaths = useMemo(() => entries.map((e) => e.path), [entries]);
  const open = useCallback((path: string, range?: { startLine: number; endLine: number; terms?: string[] }) => openFileAt(store, path, range), [store]);
  const openPath = useCallback((path: string) => openFileAt(store, path), [store]);

  return (
    <div className={`app${sidebarOpen ? '' : ' app--no-sidebar'}${searchOpen ? '' : ' app--no-search'}`} data-testid="app">
      <header className="app__bar">
        <button type="button" className="icon-button" title="Toggle file list" aria-pressed={sidebarOpen} onClick={() => setSidebarOpen(!sidebarOpen)}>☰</button>
        <span className="app__title">Memory Lens</span>
        <nav className="segmented" aria-label="View">
          <button type="button" className={view === 'editor' ? 'is-on' : ''} aria-pressed={view === 'editor'} data-testid="view-editor" onClick={() => setView('editor')}>
            Editor{dirty ? ' •' : ''}
          </button>
          <button type="button" className={view === 'timeline' ? 'is-on' : ''} aria-pressed={view === 'timeline'} data-testid="view-timeline" onClick={() => setView('timeline')}>
            Timeline
          </button>
          <button type="button" className={view === 'context' ? 'is-on' : ''} aria-pressed={view === 'context'} data-testid="view-context" onClick={() => setView('context')} title="What the agent sees at session start">
            Context
          </button>
        </nav>
        <span className="app__spacer" />
        <button type="button" className={`button${searchOpen ? ' is-on' : ''}`} data-testid="toggle-search" aria-pressed={searchOpen} onClick={() => setSearchOpen(!searchOpen)} title="Search (Ctrl/Cmd+Shift+F)">
          Search
        </button>
      </header>
      {sidebarOpen && <FileSidebar onOpen={openPath} hitPaths={hitPaths} />}
      <main className="app__main">
        {view === 'editor' ? <EditorPane onOpenPath={openPath} /> : view === 'context' ? <ContextView onOpen={(p, line) => openFileAt(store, p, line ? { startLine: line, endLine: line } : undefined)} /> : <TimelineView onOpen={openPath} hitPaths={hitPaths} />}
      </main>
      {searchOpen && <SearchPanel onOpenResult={(p, startLine, endLine, terms) => open(p, { startLine, endLine, terms })} filePaths={filePaths} currentPath={currentPath} />}
      <StatusBar />
      <QuickOpen onOpen={openPath} />
    </div>
  );
}
