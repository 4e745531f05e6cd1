// Actions that span features. Features never call each other; these compose them.
import type { AppStore } from './create-app-store';

export function openFileAt(store: AppStore, path: string, range?: { startLine: number; endLine: number; terms?: string[] }): void {
  const s = store.getState();
  s.setActivePath(path);
  s.setView('editor');
  void s.openDocument(path, range);
}

/** Esc: close the topmost overlay, in the order the user would expect. */
export function closeTopmost(store: AppStore): boolean {
  const s = store.getState();
  if (s.files.quickOpen) return (s.setQuickOpen(false), true);
  if (s.files.dialog) return (s.openFileDialog(null), true);
  if (s.editor.compareOpen) return (s.setCompareOpen(false), true);
  if (s.status.errorsOpen) return (s.setErrorsOpen(false), true);
  if (s.search.settingsOpen) return (s.setSettingsOpen(false), true);
  return false;
}
