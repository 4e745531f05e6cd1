// Write a file so a crash or a full disk never leaves it half-written: write a temp file in the
// same folder (same file system, so rename is atomic), fsync it, rename it over the target, then
// fsync the folder so the rename itself is durable.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where a write of `absPath` stages its bytes: the same folder, hidden and `.tmp`, so discovery,
 * the watcher and readFile ignore it (workspace/ignore-rules.ts). A process killed between the
 * write and the rename leaves one behind; sync removes those once they are old (LEFTOVER_TEMP_AGE_MS).
 */
export function tempPathFor(absPath: string): string {
  return path.join(path.dirname(absPath), `.${path.basename(absPath)}.${randomBytes(6).toString('hex')}.tmp`);
}

const TEMP_NAME = /^\..+\.[0-9a-f]{12}\.tmp$/;

/** A name tempPathFor makes: `.<name>.<12 hex>.tmp`. */
export function isTempFileName(name: string): boolean {
  return TEMP_NAME.test(name);
}

/**
 * Older than this, a temp file belongs to no write in progress: a save takes milliseconds (10 MB at
 * most), so two minutes cannot catch another process's live write, yet a crash's leftover goes soon.
 */
export const LEFTOVER_TEMP_AGE_MS = 2 * 60_000;

/** Removes the temp files among `absPaths` that are older than LEFTOVER_TEMP_AGE_MS; returns how many. */
export async function removeLeftoverTempFiles(absPaths: readonly string[], now = Date.now()): Promise<number> {
  let removed = 0;
  for (const absPath of absPaths) {
    if (!isTempFileName(path.basename(absPath))) continue;
    const stat = await fs.lstat(absPath).catch(() => null);
    if (!stat?.isFile() || now - stat.mtimeMs < LEFTOVER_TEMP_AGE_MS) continue;
    if (await fs.unlink(absPath).then(() => true, () => false)) removed += 1;
  }
  return removed;
}

export async function atomicWrite(absPath: string, data: Buffer | string): Promise<void> {
  const dir = path.dirname(absPath);
  const tmpPath = tempPathFor(absPath);
  const mode = await fs.stat(absPath).then((s) => s.mode & 0o7777, () => 0o644);
  let handle: fs.FileHandle | null = null;
  try {
    handle = await fs.open(tmpPath, 'wx', mode);
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = null;
    await fs.rename(tmpPath, absPath);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await fs.rm(tmpPath, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDir(dir);
}

async function syncDir(dir: string): Promise<void> {
  let handle: fs.FileHandle | null = null;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Some platforms (Windows) and file systems cannot fsync a directory; the rename still happened.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
