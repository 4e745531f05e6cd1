// The file list and the sidebar's own UI state. File operations go through FilesPort, which
// app/ connects to the API client.
import type { StateCreator } from 'zustand';
import type { FileListEntry } from '../../../../../shared/domain';
import type { MemlensApi } from '../../../../../shared/contract';
import type { ErrorValue } from '../../../../../shared/errors';
import { errorInfo, shownError, type ShownMessage } from '../../../lib/error-message';
import { Latest, slicePatch } from '../../../lib/slice-state';

export type FilesPort = Pick<MemlensApi, 'listFiles' | 'createFile' | 'renameFile' | 'deleteFile' | 'readFile'>;

export type FileDialog = { kind: 'new' } | { kind: 'rename'; path: string } | { kind: 'delete'; path: string } | null;

export interface FilesSlice {
  files: {
    entries: FileListEntry[];
    loaded: boolean;
    loading: boolean;
    error: ShownMessage | null;
    filter: string;
    /** Groups the user collapsed (everything starts open except dated months and session days). */
    toggled: Record<string, boolean>;
    /** Groups whose every file is shown, past the first MAX_ROWS_PER_GROUP. */
    showAll: Record<string, boolean>;
    activePath: string | null;
    dialog: FileDialog;
    /** Why the dialog's last action failed, worded in the interface's language by the dialog. */
    dialogError: ErrorValue | null;
    quickOpen: boolean;
  };
  loadFiles(): Promise<void>;
  setFileFilter(filter: string): void;
  toggleGroup(id: string): void;
  showAllInGroup(id: string): void;
  setActivePath(path: string | null): void;
  openFileDialog(dialog: FileDialog): void;
  /** Creates a file; resolves to its path, or null when it failed (dialogError says why). */
  createMemoryFile(path: string, text: string): Promise<string | null>;
  renameMemoryFile(from: string, to: string): Promise<string | null>;
  deleteMemoryFile(path: string): Promise<boolean>;
  setQuickOpen(open: boolean): void;
}

export const initialFilesState: FilesSlice['files'] = {
  entries: [],
  loaded: false,
  loading: false,
  error: null,
  filter: '',
  toggled: {},
  showAll: {},
  activePath: null,
  dialog: null,
  dialogError: null,
  quickOpen: false,
};

export function createFilesSlice(port: FilesPort): StateCreator<FilesSlice, [], [], FilesSlice> {
  const loads = new Latest();
  return (set, get) => {
    const patch = slicePatch(set, 'files');

    async function runDialogAction<T>(action: () => Promise<T>): Promise<T | null> {
      patch({ dialogError: null });
      try {
        const value = await action();
        patch({ dialog: null });
        await get().loadFiles();
        return value;
      } catch (error) {
        patch({ dialogError: errorInfo(error) });
        return null;
      }
    }

    return {
      files: initialFilesState,
      async loadFiles() {
        const seq = loads.next();
        patch({ loading: true });
        try {
          const entries = await port.listFiles();
          if (loads.isCurrent(seq)) patch({ entries, loaded: true, loading: false, error: null });
        } catch (error) {
          if (loads.isCurrent(seq)) patch({ loading: false, error: shownError(error) });
        }
      },
      setFileFilter: (filter) => patch({ filter }),
      toggleGroup: (id) =>
        set((s) => ({ files: { ...s.files, toggled: { ...s.files.toggled, [id]: !s.files.toggled[id] } } })),
      showAllInGroup: (id) => set((s) => ({ files: { ...s.files, showAll: { ...s.files.showAll, [id]: true } } })),
      setActivePath: (activePath) => patch({ activePath }),
      openFileDialog: (dialog) => patch({ dialog, dialogError: null }),
      createMemoryFile: (path, text) =>
        runDialogAction(async () => {
          await port.createFile({ path, text });
          return path;
        }),
      renameMemoryFile: (from, to) =>
        runDialogAction(async () => {
          // The hash of what the sidebar names now: across processes only one writer of that version wins.
          const { hash } = await port.readFile({ path: from });
          await port.renameFile({ from, to, expectedHash: hash });
          return to;
        }),
      async deleteMemoryFile(path) {
        const done = await runDialogAction(async () => {
          const { hash } = await port.readFile({ path });
          await port.deleteFile({ path, expectedHash: hash });
          return true;
        });
        return done === true;
      },
      setQuickOpen: (quickOpen) => patch({ quickOpen }),
    };
  };
}

/** Rows drawn per group before a "show all" button: a broad filter over 10k files stays fast. */
export const MAX_ROWS_PER_GROUP = 200;

/** A filter opens every group only while it matches this few files; broader ones keep the usual folding. */
export const FILTER_OPENS_ALL_UP_TO = 300;

/** A top-level group this large starts with its months and session days collapsed. */
export const COLLAPSE_ABOVE = 60;

/**
 * Small workspaces start fully open; in large ones months and session days start collapsed so a
 * year of notes does not bury the rest. A filter opens everything it matched.
 */
export function isGroupOpen(
  id: string,
  toggled: Record<string, boolean>,
  filtering: boolean,
  topLevelCount = 0,
): boolean {
  if (filtering) return true;
  const isLeafBucket =
    /^(dated|conversations|facts|tasks)\/\d{4}-\d{2}$/.test(id) || /^sessions\/[^/]+\/\d{4}-\d{2}-\d{2}$/.test(id);
  // Automated runs (cron, heartbeat) are many and alike: listed, but closed until asked for.
  const startsOpen = !(isLeafBucket && topLevelCount > COLLAPSE_ABOVE) && id !== 'automated';
  return toggled[id] ? !startsOpen : startsOpen;
}
