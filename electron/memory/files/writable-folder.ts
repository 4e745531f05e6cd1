// Whether the app can write where it keeps its files (the data folder, the index folder). A
// read-only mount or a locked folder makes every open fail, and SQLite's "unable to open database
// file" or mkdir's ENOENT would otherwise read as a damaged index or file: the wrong diagnosis,
// and a move-aside of a healthy file if the move happened to work.
import fs from 'node:fs';
import path from 'node:path';
import { MemoryLensError } from '../../../shared/errors.js';

/** What lives in a folder the app must write (`errors:writable.store.*`). */
export type WritableStore = 'index' | 'history' | 'agentActivity';

/** Why nothing can be created in `dir` (or its nearest existing ancestor), by `errors:writable.*` key, or null. */
export function unwritableFolderReason(
  dir: string,
): { key: 'readOnlyFs' | 'notWritable' | 'cannotWrite'; folder: string; code: string } | null {
  let existing = path.resolve(dir);
  while (!fs.existsSync(existing)) {
    const parent = path.dirname(existing);
    if (parent === existing) return null;
    existing = parent;
  }
  try {
    fs.accessSync(existing, fs.constants.W_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'EROFS') return { key: 'readOnlyFs', folder: existing, code };
    if (code === 'EACCES' || code === 'EPERM') return { key: 'notWritable', folder: existing, code };
    return { key: 'cannotWrite', folder: existing, code };
  }
}

/** Throws UNAVAILABLE naming the folder and why, when `dir` cannot be written; `what` says what lives there. */
export function assertWritableFolder(dir: string, what: WritableStore): void {
  const reason = unwritableFolderReason(dir);
  if (reason) {
    throw new MemoryLensError(
      'UNAVAILABLE',
      { messageId: `errors:writable.${reason.key}`, params: { what, folder: reason.folder, code: reason.code } },
      { reason: 'read-only' },
    );
  }
}
