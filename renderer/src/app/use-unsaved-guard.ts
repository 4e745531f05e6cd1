import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { unsavedPaths } from '../features/editor/stores/editor-slice';
import { unsavedWarning } from './app-actions';
import type { AppStore } from './create-app-store';

/**
 * Before the page goes (reload, tab or window closed, quit): with unsaved text, the browser asks —
 * and in Electron the main process turns the same `beforeunload` into a dialog
 * (main/unsaved-close-guard.ts). Either way the drafts are written to the data dir first.
 */
export function useUnsavedGuard(store: AppStore): void {
  const { t } = useTranslation();
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const paths = unsavedPaths(store.getState().editor);
      if (paths.length === 0) return;
      void store.getState().flushDrafts();
      event.preventDefault();
      // Older Chromium (and Electron's will-prevent-unload) look at returnValue.
      event.returnValue = unsavedWarning(paths, t);
    };
    const onHide = () => void store.getState().flushDrafts();
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onHide);
    };
  }, [store, t]);
}
