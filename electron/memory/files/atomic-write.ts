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
    if (
      await fs.unlink(absPath).then(
        () => true,
        () => false,
      )
    )
      removed += 1;
  }
  return removed;
}

/** An existing file keeps its mode; a new one gets `newFileMode` (0644 unless said). */
export async function atomicWrite(
  absPath: string,
  data: Buffer | string,
  options: { newFileMode?: number } = {},
): Promise<void> {
  const dir = path.dirname(absPath);
  const tmpPath = tempPathFor(absPath);
  const mode = await fs.stat(absPath).then(
    (s) => s.mode & 0o7777,
    () => options.newFileMode ?? 0o644,
  );
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

/**
 * Replaces the bytes of a file that has other hard links, keeping its inode: a rename would give
 * this name a new file and leave the other names with the old bytes (a split the user never
 * asked for). The new bytes are staged in a temp file first, so a full disk fails before the
 * file is touched; the in-place write itself is not atomic (a crash during it can leave a mix).
 */
export async function writeInPlace(absPath: string, data: Buffer): Promise<void> {
  const tmpPath = tempPathFor(absPath);
  try {
    const staged = await fs.open(tmpPath, 'wx', 0o600);
    try {
      await staged.writeFile(data);
      await staged.sync();
    } finally {
      await staged.close();
    }
  } finally {
    // Removed before the in-place write: the blocks it held are what that write may need.
    await fs.rm(tmpPath, { force: true }).catch(() => undefined);
  }
  const handle = await fs.open(absPath, 'r+');
  try {
    await handle.write(data, 0, data.length, 0);
    await handle.truncate(data.length);
    await handle.sync();
  } finally {
    await handle.close();
  }
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
