// deleteFile in the desktop app: the file goes to the OS trash (shell.trashItem), where the user
// expects to find it — after the same rule the engine applies to its own trash
// (memory/workspace/memory-path.ts): a Markdown memory file by its name and by where it really
// leads. The watcher then drops it from the index. No electron import: the trash function is injected.
import fs from 'node:fs/promises';
import { MemoryLensError } from '../../shared/errors.js';
import { sha256 } from '../memory/text/hash.js';
import { PathLocks } from '../memory/files/path-lock.js';
import { resolveMemoryPath } from '../memory/workspace/memory-path.js';
import type { WorkspaceScope } from '../memory/workspace/workspace-scope.js';

export function createOsTrash(
  scope: () => WorkspaceScope,
  trashItem: (absPath: string) => Promise<void>,
): (relPath: string, expectedHash: string) => Promise<void> {
  // The same locks as the engine's writes (in-process and across processes): a delete is compare-and-swap too.
  const locks = new PathLocks();
  return async (relPath, expectedHash) => {
    const { path: clean, abs, entry, isLink } = await resolveMemoryPath(scope(), relPath, 'edit');
    await locks.runForFiles([entry, abs], async () => {
      const stat = await fs.lstat(abs).catch(() => null);
      if (!stat?.isFile())
        throw new MemoryLensError('NOT_FOUND', { messageId: 'errors:noSuchFile', params: { path: clean } });
      if ((await fs.lstat(entry).catch(() => null))?.isSymbolicLink() !== isLink)
        throw new MemoryLensError(
          'CONFLICT',
          { messageId: 'errors:changedOnDisk', params: { path: clean } },
          { currentHash: null },
        );
      const currentHash = sha256(await fs.readFile(abs));
      if (currentHash !== expectedHash)
        throw new MemoryLensError(
          'CONFLICT',
          { messageId: 'errors:changedOnDisk', params: { path: clean } },
          { currentHash },
        );
      // A symlink goes to the trash as a link; the file it leads to stays.
      await trashItem(entry);
    });
  };
}
