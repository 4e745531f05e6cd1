import { useEffect } from 'react';
import { closeTopmost } from './app-actions';
import type { AppStore } from './create-app-store';

/** Ctrl on Linux/Windows, Cmd on macOS. */
function isMod(e: KeyboardEvent): boolean {
  return navigator.platform.toLowerCase().includes('mac') ? e.metaKey : e.ctrlKey;
}

/**
 * Window-level shortcuts. They run in the capture phase so the browser's own Ctrl+P (print) and
 * Ctrl+S (save page) never fire; CodeMirror's own Mod-s binding also saves when it has focus.
 */
export function useKeyboardShortcuts(store: AppStore): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = store.getState();
      const key = e.key.toLowerCase();
      if (isMod(e) && !e.altKey && key === 'p' && !e.shiftKey) {
        e.preventDefault();
        s.setQuickOpen(true);
      } else if (isMod(e) && e.shiftKey && key === 'f') {
        e.preventDefault();
        s.setSearchOpen(true);
        s.focusSearch();
      } else if (isMod(e) && !e.shiftKey && key === 's') {
        e.preventDefault();
        e.stopPropagation(); // CodeMirror's own Mod-s would save a second time
        void s.saveDocument();
      } else if (e.key === 'Escape') {
        if (closeTopmost(store)) e.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [store]);
}
