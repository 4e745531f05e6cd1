// Reads the workspace's bootstrap files as OpenClaw would: exact-case names at the workspace root,
// decoded as UTF-8 with a BOM kept as a character (Buffer#toString does not strip it), at most
// 2 MiB. Paths are resolved inside the workspace (realpath + containment): a bootstrap name that
// is a symlink out of the workspace is reported unreadable, never read.
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_BOOTSTRAP_FILE_BYTES, type BootstrapProfile } from '../../../shared/bootstrap-profiles.js';
import { MemoryLensError } from '../../../shared/errors.js';
import { resolveInWorkspace } from '../files/safe-path.js';

export type BootstrapFileState =
  | { state: 'present'; content: string; identity: string }
  | { state: 'absent' }
  | { state: 'unreadable'; reason: string };

export interface BootstrapFileRead {
  name: string;
  /** `path.join(workspace, name)`: how OpenClaw names the file in its prompt and [MISSING] marker. */
  absPath: string;
  read: BootstrapFileState;
}

/** Every name the profile loads or knows it ignores, read once each. */
export async function readBootstrapFiles(
  workspaceDir: string,
  profile: BootstrapProfile,
): Promise<Map<string, BootstrapFileRead>> {
  const root = path.resolve(workspaceDir);
  // Exact case: on a case-insensitive disk `memory.md` would otherwise also answer for MEMORY.md.
  const entries = new Set(await fs.readdir(root).catch(() => [] as string[]));
  const names = [...new Set([...profile.files.map((f) => f.name), ...profile.notLoaded.map((f) => f.name)])];
  const result = new Map<string, BootstrapFileRead>();
  for (const name of names) {
    const absPath = path.join(root, name);
    result.set(name, { name, absPath, read: entries.has(name) ? await readOne(root, name) : { state: 'absent' } });
  }
  return result;
}

async function readOne(root: string, name: string): Promise<BootstrapFileState> {
  let real: string;
  try {
    real = await resolveInWorkspace(root, name);
  } catch (error) {
    if (error instanceof MemoryLensError && error.code === 'OUT_OF_ROOT')
      return { state: 'unreadable', reason: 'it leads outside the workspace (symlink)' };
    throw error;
  }
  const stat = await fs.stat(real).catch(() => null);
  if (!stat) return { state: 'absent' };
  if (!stat.isFile()) return { state: 'unreadable', reason: 'not a regular file' };
  if (stat.size > MAX_BOOTSTRAP_FILE_BYTES)
    return {
      state: 'unreadable',
      reason: `${stat.size} bytes, over OpenClaw's ${MAX_BOOTSTRAP_FILE_BYTES}-byte read limit`,
    };
  try {
    const bytes = await fs.readFile(real);
    return { state: 'present', content: bytes.toString('utf8'), identity: `${stat.dev}:${stat.ino}` };
  } catch (error) {
    return { state: 'unreadable', reason: (error as NodeJS.ErrnoException).code ?? 'read failed' };
  }
}
