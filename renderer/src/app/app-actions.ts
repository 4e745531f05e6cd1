// Actions that span features. Features never call each other; these compose them.
import type { TFunction } from 'i18next';
import type { MemlensApi } from '../../../shared/contract';
import type { SearchResult } from '../../../shared/domain';
import { highlightWords } from '../../../shared/highlight-words';
import { unsavedPaths } from '../features/editor/stores/editor-slice';
import { shownError } from '../lib/error-message';
import type { AppStore } from './create-app-store';

export function openFileAt(
  store: AppStore,
  path: string,
  range?: { startLine: number; endLine: number; terms?: string[] },
): void {
  const s = store.getState();
  s.setActivePath(path);
  s.setView('editor');
  void s.openDocument(path, range);
}

/** A search hit: its file at its lines, with the words the engine matched marked. */
export function openSearchResult(store: AppStore, result: SearchResult): void {
  openFileAt(store, result.path, {
    startLine: result.startLine,
    endLine: result.endLine,
    terms: highlightWords(result.breakdown.keyword, result.breakdown.dates),
  });
}

export function openSettings(store: AppStore): void {
  store.getState().setView('settings');
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

/** The message a window shows before it lets unsaved text go out of sight, in `t`'s language. */
export function unsavedWarning(paths: readonly string[], t: TFunction): string {
  const listed = paths.slice(0, 3).join(t('app:listSeparator'));
  const names = paths.length <= 3 ? listed : t('app:unsaved.names', { names: listed, count: paths.length - 3 });
  return t('app:unsaved.warning', { count: paths.length, names });
}

/** Before switching to another agent's workspace: ask when text is unsaved, then keep the drafts. */
export async function confirmLeave(
  store: AppStore,
  t: TFunction,
  confirm: (message: string) => boolean = (m) => window.confirm(m),
): Promise<boolean> {
  const s = store.getState();
  const unsaved = unsavedPaths(s.editor);
  if (unsaved.length > 0 && !confirm(`${unsavedWarning(unsaved, t)}\n\n${t('app:unsaved.switchAgent')}`)) return false;
  await s.flushDrafts();
  return true;
}

/**
 * "Open Workspace…" (header button or the desktop menu): with unsaved text, ask first; write the
 * drafts to the data dir while this workspace is still the open one; then let the shell switch.
 */
export async function requestOpenWorkspace(
  api: MemlensApi,
  store: AppStore,
  t: TFunction,
  confirm: (message: string) => boolean = (m) => window.confirm(m),
): Promise<void> {
  const s = store.getState();
  const unsaved = unsavedPaths(s.editor);
  if (unsaved.length > 0 && !confirm(`${unsavedWarning(unsaved, t)}\n\n${t('app:unsaved.openAnother')}`)) return;
  await s.flushDrafts();
  try {
    await api.openWorkspace({ path: null });
  } catch (error) {
    s.reportUiError(shownError(error, 'status:uiError.openWorkspace'));
  }
}
