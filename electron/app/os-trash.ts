// deleteFile in the desktop app: the file goes to the OS trash (shell.trashItem), where the user
// expects to find it — after the same checks the engine applies to its own trash: a Markdown
// memory file, resolved inside the workspace (realpath + containment). The watcher then drops it
// from the index. No electron import: the trash function is injected.
import fs from 'node:fs/promises';
import { MemoryLensError } from '../../shared/errors.js';
import { normalizeRelPath, resolveInWorkspace } from '../memory/files/safe-path.js';

export function createOsTrash(workspaceDir: () => string, trashItem: (absPath: string) => Promise<void>): (relPath: string) => Promise<void> {
  return async (relPath) => {
    const clean = normalizeRelPath(relPath);
    const first = clean.split('/')[0];
    if (!clean.toLowerCase().endsWith('.md') || first === 'sessions' || first === 'extra') {
      throw new MemoryLensError('NOT_ALLOWED', `Only Markdown memory files can be deleted: ${clean}`);
    }
    const absPath = await resolveInWorkspace(workspaceDir(), clean);
    const stat = await fs.lstat(absPath).catch(() => null);
    if (!stat?.isFile()) throw new MemoryLensError('NOT_FOUND', `No such file: ${clean}`);
    await trashItem(absPath);
  };
}
