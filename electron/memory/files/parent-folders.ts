// `mkdir -p` for a file about to be written, that can be taken back: a save or create that fails
// afterwards (disk full, a name the file system refuses) must not leave empty folders behind.
import fs from 'node:fs/promises';
import path from 'node:path';

export interface CreatedFolders {
  /** Removes the folders this call created, deepest first, as long as they are still empty. */
  undo(): Promise<void>;
}

export async function createParentFolders(absFile: string): Promise<CreatedFolders> {
  const dir = path.dirname(absFile);
  // The outermost folder that does not exist yet: everything from `dir` up to it is ours.
  let firstMissing: string | null = null;
  for (let current = dir; ; current = path.dirname(current)) {
    const exists = await fs.lstat(current).then(
      () => true,
      () => false,
    );
    if (exists) break;
    firstMissing = current;
    if (path.dirname(current) === current) break;
  }
  const created: CreatedFolders = {
    undo: async () => {
      if (firstMissing === null) return;
      for (let current = dir; ; current = path.dirname(current)) {
        // rmdir refuses a folder that is not empty (someone else wrote there meanwhile): stop there.
        // A folder that is missing (mkdir failed half-way) is simply skipped.
        const code = await fs.rmdir(current).then(
          () => null,
          (error: NodeJS.ErrnoException) => error.code ?? 'EUNKNOWN',
        );
        if (code !== null && code !== 'ENOENT') return;
        if (current === firstMissing || path.dirname(current) === current) return;
      }
    },
  };
  if (firstMissing === null) return created;
  try {
    await fs.mkdir(dir, { recursive: true });
  } catch (error) {
    await created.undo();
    throw error;
  }
  return created;
}
