// The file that was open is open again after a reload (or the next start), like any editor:
// its path is kept per workspace in this browser's localStorage, and reopened once the file list
// shows it still exists. A file deleted meanwhile is simply not reopened.
import { useEffect, useRef } from 'react';
import { openFileAt } from './app-actions';
import type { AppStore } from './create-app-store';

const KEY = 'memlens.lastFile.v1';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readAll(): Record<string, string> {
  try {
    const parsed = JSON.parse(storage()?.getItem(KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function useReopenLastFile(
  store: AppStore,
  workspace: string | null,
  entries: readonly { path: string }[],
  currentPath: string | null,
): void {
  const tried = useRef<string | null>(null);
  // Reopen once per workspace, when its file list has arrived and nothing else was opened first.
  useEffect(() => {
    if (!workspace || entries.length === 0 || tried.current === workspace) return;
    tried.current = workspace;
    const last = readAll()[workspace];
    if (last && currentPath === null && entries.some((e) => e.path === last)) openFileAt(store, last);
  }, [store, workspace, entries, currentPath]);
  // Remember what is open now.
  useEffect(() => {
    if (!workspace || !currentPath || tried.current !== workspace) return;
    try {
      storage()?.setItem(KEY, JSON.stringify({ ...readAll(), [workspace]: currentPath }));
    } catch {
      // Quota or privacy mode: not remembered.
    }
  }, [workspace, currentPath]);
}
