// The app's commands, as the command palette (Ctrl/Cmd+K) lists them: each one a thing the window
// can already do by a button or a shortcut, composed here because it spans features.
import type { TFunction } from 'i18next';
import type { AppStore } from './create-app-store';
import { MAIN_VIEWS } from './main-views';

export interface AppCommand {
  id: string;
  label: string;
  /** The shortcut that also does it, shown beside the label. */
  keys?: string;
  run(): void;
}

/** The commands, named in the interface's language (`t` reads the app namespace). */
export function appCommands(store: AppStore, t: TFunction<'app'>): AppCommand[] {
  const s = () => store.getState();
  return [
    { id: 'open-file', label: t('commands.openFile'), keys: 'Ctrl+P', run: () => s().setQuickOpen(true) },
    { id: 'new-file', label: t('commands.newFile'), run: () => s().openFileDialog({ kind: 'new' }) },
    {
      id: 'search',
      label: t('commands.search'),
      keys: 'Ctrl+Shift+F',
      run: () => (s().setSearchOpen(true), s().focusSearch()),
    },
    { id: 'save', label: t('commands.save'), keys: 'Ctrl+S', run: () => void s().saveDocument() },
    ...MAIN_VIEWS.map((v) => ({
      id: `view-${v.id}`,
      label: t('commands.showView', { view: t(`views.${v.id}.label`) }),
      run: () => s().setView(v.id),
    })),
    {
      id: 'toggle-sidebar',
      label: t('commands.toggleSidebar'),
      run: () => s().setSidebarOpen(!s().layout.sidebarOpen),
    },
    {
      id: 'toggle-search',
      label: t('commands.toggleSearch'),
      run: () => s().setSearchOpen(!s().layout.searchOpen),
    },
    { id: 'reindex', label: t('commands.reindex'), run: () => void s().reindex() },
  ];
}
