// A window with unsaved text does not close, reload or quit silently. The page says so the web's
// way — its `beforeunload` handler (renderer/src/app/use-unsaved-guard.ts) — and Electron, which
// would otherwise just cancel the close without a word, emits `will-prevent-unload` here: we ask,
// and "Leave" lets the page go. The drafts are in the data dir either way, offered back on reopen.
// Type-only electron import, so the wiring is unit-tested without a running Electron.
import type { MessageBoxSyncOptions } from 'electron';

export const UNSAVED_CLOSE_DIALOG: MessageBoxSyncOptions = {
  type: 'warning',
  buttons: ['Stay', 'Leave without saving'],
  defaultId: 0,
  cancelId: 0,
  title: 'Unsaved changes',
  message: 'Some files have unsaved changes.',
  detail:
    'Memory Lens keeps them as drafts and offers them back when you open this workspace again. Save them first to write them to the files.',
};

/** The button that lets the page go. */
const LEAVE = 1;

/** What the guard needs of a BrowserWindow: its web contents' events. */
export interface GuardedWindow {
  webContents: { on(event: 'will-prevent-unload', listener: (event: { preventDefault(): void }) => void): unknown };
}

export function guardUnsavedClose<W extends GuardedWindow>(
  window: W,
  showMessageBoxSync: (window: W, options: MessageBoxSyncOptions) => number,
): void {
  window.webContents.on('will-prevent-unload', (event) => {
    // preventDefault() here ignores the page's beforeunload and lets it unload (Electron's meaning).
    if (showMessageBoxSync(window, UNSAVED_CLOSE_DIALOG) === LEAVE) event.preventDefault();
  });
}
