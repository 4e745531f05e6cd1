// Saves, creates, renames, deletes and restores are compare-and-swap across processes: two serves,
// a serve and a CLI restore, each with its own data folder, must not both pass the hash check
// before either writes. So each write also holds a lock file per key (real path, inode) in one
// per-user folder that every Memory Lens process finds whatever its data folder or environment:
// `/tmp/memory-lens-<uid>/write-locks` (never the workspace, which users sync). See docs/data-safety.md.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MemoryLensError } from '../../../shared/errors.js';
import { lockHeldRef, tryAcquireLockFile, type HeldLock } from './lock-file.js';

/** A write holds its lock for milliseconds; ten seconds of waiting means the holder is stuck. */
const MAX_WAIT_MS = 10_000;

/** Not $TMPDIR, $HOME or $XDG_RUNTIME_DIR: those differ between a desktop session, ssh, cron and tests. */
export function userLockFolder(): string {
  if (process.platform === 'win32') return path.join(os.tmpdir(), 'memory-lens-write-locks');
  return path.join('/tmp', `memory-lens-${process.getuid?.() ?? 0}`, 'write-locks');
}

export class CrossProcessLocks {
  constructor(private readonly folder: string = userLockFolder()) {}

  /** Runs `job` holding the lock file of every key (taken in the order given). */
  async hold<T>(keys: readonly string[], job: () => Promise<T>): Promise<T> {
    this.ensureFolder();
    const held: HeldLock[] = [];
    try {
      for (const key of keys) held.push(await this.acquire(key));
      return await job();
    } finally {
      for (const lock of held.reverse()) lock.release();
    }
  }

  private async acquire(key: string): Promise<HeldLock> {
    const lockPath = path.join(this.folder, `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.lock`);
    const deadline = Date.now() + MAX_WAIT_MS;
    for (let delay = 1; ; delay = Math.min(delay * 2, 50)) {
      const attempt = tryAcquireLockFile(lockPath);
      if ('acquired' in attempt) return attempt.acquired;
      if (Date.now() > deadline) throw new MemoryLensError('UNAVAILABLE', lockHeldRef(attempt.heldBy));
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  /** Private to the user: another user's folder of that name would let them hold or break our locks. */
  private ensureFolder(): void {
    fs.mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    if (process.platform === 'win32') return;
    const parent = fs.lstatSync(path.dirname(this.folder));
    if (!parent.isDirectory() || parent.uid !== process.getuid?.() || (parent.mode & 0o077) !== 0)
      throw new MemoryLensError('UNAVAILABLE', {
        messageId: 'errors:lock.notPrivate',
        params: { path: path.dirname(this.folder) },
      });
  }
}
