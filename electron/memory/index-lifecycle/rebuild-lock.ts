// One rebuilder per index across processes. A `memlens index` and a `memlens serve` (or two
// windows) can open the same stale index; both would build `<index>.next` and delete or rename
// each other's half-built file. The lock is the file lock of files/lock-file.ts at `<index>.rebuild.lock`.
import {
  DEFAULT_LOCK_TIMING,
  liveLockFile,
  tryAcquireLockFile,
  type LockAttempt,
  type LockOwner,
  type LockTiming,
} from '../files/lock-file.js';

export {
  DEFAULT_LOCK_TIMING,
  describeOwner,
  type LockAttempt,
  type LockOwner,
  type LockTiming,
  type HeldLock as RebuildLock,
} from '../files/lock-file.js';

export function rebuildLockPath(dbPath: string): string {
  return `${dbPath}.rebuild.lock`;
}

export function tryAcquireRebuildLock(dbPath: string, timing: LockTiming = DEFAULT_LOCK_TIMING): LockAttempt {
  return tryAcquireLockFile(rebuildLockPath(dbPath), timing);
}

/** The live lock on this index (owner null when its content is unreadable), or null when there is none or only a stale one. */
export function liveRebuildLock(
  dbPath: string,
  timing: LockTiming = DEFAULT_LOCK_TIMING,
): { owner: LockOwner | null } | null {
  return liveLockFile(rebuildLockPath(dbPath), timing);
}

/** Resolves once nobody holds a live lock on this index; rejects with the signal's reason when aborted. */
export async function waitForRebuildLock(
  dbPath: string,
  signal: AbortSignal,
  pollMs = 200,
  timing: LockTiming = DEFAULT_LOCK_TIMING,
): Promise<void> {
  while (liveRebuildLock(dbPath, timing) !== null) {
    signal.throwIfAborted();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      signal.addEventListener('abort', done, { once: true });
      function done(): void {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
    });
  }
  signal.throwIfAborted();
}
