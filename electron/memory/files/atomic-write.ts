// Write a file so a crash or a full disk never leaves it half-written: write a temp file in the
// same folder (same file system, so rename is atomic), fsync it, rename it over the target, then
// fsync the folder so the rename itself is durable.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export async function atomicWrite(absPath: string, data: Buffer | string): Promise<void> {
  const dir = path.dirname(absPath);
  // Hidden and `.tmp`: discovery and the watcher ignore it (workspace/ignore-rules.ts).
  const tmpPath = path.join(dir, `.${path.basename(absPath)}.${randomBytes(6).toString('hex')}.tmp`);
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
