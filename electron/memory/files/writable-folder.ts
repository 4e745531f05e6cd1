// Whether the app can write where it keeps its files (the data folder, the index folder). A
// read-only mount or a locked folder makes every open fail, and SQLite's "unable to open database
// file" or mkdir's ENOENT would otherwise read as a damaged index or file: the wrong diagnosis,
// and a move-aside of a healthy file if the move happened to work.
import fs from 'node:fs';
import path from 'node:path';
import { MemoryLensError } from '../../../shared/errors.js';

/** Why nothing can be created in `dir` (or in its nearest existing ancestor, if it does not exist yet), or null. */
export function unwritableFolderReason(dir: string): string | null {
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
    if (code === 'EROFS') return `${existing} is on a read-only file system (EROFS)`;
    if (code === 'EACCES' || code === 'EPERM') return `${existing} is not writable by this user (${code})`;
    return `${existing} cannot be written (${code})`;
  }
}

/** Throws UNAVAILABLE naming the folder and why, when `dir` cannot be written; `what` says what lives there. */
export function assertWritableFolder(dir: string, what: string): void {
  const reason = unwritableFolderReason(dir);
  if (reason) {
    throw new MemoryLensError(
      'UNAVAILABLE',
      `${what} cannot be kept: ${reason}. Point --data-dir (or MEMLENS_DATA_DIR) at a writable folder.`,
      { reason: 'read-only' },
    );
  }
}
