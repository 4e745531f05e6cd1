// The app's commands, as the command palette (Ctrl/Cmd+K) lists them: each one a thing the window
// can already do by a button or a shortcut, composed here because it spans features.
import type { AppStore } from './create-app-store';
import { MAIN_VIEWS } from './main-views';

export interface AppCommand {
  id: string;
  label: string;
  /** The shortcut that also does it, shown beside the label. */
  keys?: string;
  run(): void;
}

export function appCommands(store: AppStore): AppCommand[] {
  const s = () => store.getState();
  return [
    { id: 'open-file', label: 'Open file…', keys: 'Ctrl+P', run: () => s().setQuickOpen(true) },
    { id: 'new-file', label: 'New memory file…', run: () => s().openFileDialog({ kind: 'new' }) },
    {
      id: 'search',
      label: 'Search memory',
      keys: 'Ctrl+Shift+F',
      run: () => (s().setSearchOpen(true), s().focusSearch()),
    },
    { id: 'save', label: 'Save the open file', keys: 'Ctrl+S', run: () => void s().saveDocument() },
    ...MAIN_VIEWS.map((v) => ({ id: `view-${v.id}`, label: `Show ${v.label}`, run: () => s().setView(v.id) })),
    {
      id: 'toggle-sidebar',
      label: 'Show or hide the file sidebar',
      run: () => s().setSidebarOpen(!s().layout.sidebarOpen),
    },
    {
      id: 'toggle-search',
      label: 'Show or hide the search panel',
      run: () => s().setSearchOpen(!s().layout.searchOpen),
    },
    { id: 'reindex', label: 'Reindex the workspace', run: () => void s().reindex() },
  ];
}
