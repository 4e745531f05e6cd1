// A lock that is a file, seen by every process of the user: created atomically with its content
// (link(2) fails if the name exists) and holding who took it. The holder refreshes its mtime while
// it works; a lock whose process is gone, or that nobody refreshed for a minute, is stale and may be broken.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { MessageRef } from '../../../shared/i18n.js';

export interface LockOwner {
  pid: number;
  hostname: string;
  /** Epoch ms when the lock was taken. */
  startedAt: number;
}

export interface HeldLock {
  readonly path: string;
  /** Removes the lock, if it is still ours. Safe to call twice. */
  release(): void;
}

export type LockAttempt = { acquired: HeldLock } | { heldBy: LockOwner | null };

export interface LockTiming {
  /** How often the holder refreshes the lock's mtime. */
  heartbeatMs: number;
  /** A lock not refreshed for this long is stale even when its pid seems alive (pid reuse, another host). */
  staleMs: number;
}

/** Five seconds between refreshes; a minute without one means the holder is gone or hung for far longer than any batch takes. */
export const DEFAULT_LOCK_TIMING: LockTiming = { heartbeatMs: 5_000, staleMs: 60_000 };

/** Takes the lock at `lockPath`, breaking a stale one; the index rebuild and the file writes' locks are made of it. */
export function tryAcquireLockFile(lockPath: string, timing: LockTiming = DEFAULT_LOCK_TIMING): LockAttempt {
  const owner: LockOwner = { pid: process.pid, hostname: os.hostname(), startedAt: Date.now() };
  const content = JSON.stringify(owner);
  // Two rounds: a stale lock found in the first is broken, then taken in the second.
  for (let round = 0; round < 2; round++) {
    if (createWithContent(lockPath, content)) return { acquired: holdLock(lockPath, content, timing) };
    const seen = readLock(lockPath);
    if (seen === null) continue; // released between our attempt and the read
    if (!isStale(seen, timing)) return { heldBy: seen.owner };
    breakStaleLock(lockPath, seen.raw);
  }
  return { heldBy: readLock(lockPath)?.owner ?? null };
}

/** The live lock at `lockPath` (owner null when its content is unreadable), or null when there is none or only a stale one. */
export function liveLockFile(
  lockPath: string,
  timing: LockTiming = DEFAULT_LOCK_TIMING,
): { owner: LockOwner | null } | null {
  const seen = readLock(lockPath);
  if (!seen || isStale(seen, timing)) return null;
  return { owner: seen.owner };
}

/** "… is writing this file; try again." by message id, naming the holder as describeOwner does. */
export function lockHeldRef(owner: LockOwner | null): MessageRef {
  if (!owner) return { messageId: 'errors:lock.held' };
  return owner.hostname === os.hostname()
    ? { messageId: 'errors:lock.heldPid', params: { pid: owner.pid } }
    : { messageId: 'errors:lock.heldHost', params: { host: owner.hostname, pid: owner.pid } };
}

export function describeOwner(owner: LockOwner | null): string {
  if (!owner) return 'another Memory Lens process';
  return owner.hostname === os.hostname()
    ? `another Memory Lens process (pid ${owner.pid})`
    : `Memory Lens on ${owner.hostname} (pid ${owner.pid})`;
}

// ---------------------------------------------------------------------------------------------

interface SeenLock {
  raw: string;
  /** Null while the file is unreadable or half-written. */
  owner: LockOwner | null;
  mtimeMs: number;
}

/** link(2) onto the lock name is atomic and fails when it exists, so the lock never exists without its content. */
function createWithContent(lockPath: string, content: string): boolean {
  const temp = `${lockPath}.${process.pid}-${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, content);
  try {
    fs.linkSync(temp, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function holdLock(lockPath: string, content: string, timing: LockTiming): HeldLock {
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      if (fs.readFileSync(lockPath, 'utf8') === content) fs.utimesSync(lockPath, now, now);
    } catch {
      // Gone (broken as stale after a long stall): release() finds nothing to remove.
    }
  }, timing.heartbeatMs);
  heartbeat.unref();
  let released = false;
  return {
    path: lockPath,
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      try {
        // Only our own lock: after a stall long enough to count as stale, another process may hold it now.
        if (fs.readFileSync(lockPath, 'utf8') === content) fs.rmSync(lockPath, { force: true });
      } catch {
        // Already gone.
      }
    },
  };
}

function readLock(lockPath: string): SeenLock | null {
  let raw: string;
  let mtimeMs: number;
  try {
    raw = fs.readFileSync(lockPath, 'utf8');
    mtimeMs = fs.statSync(lockPath).mtimeMs;
  } catch {
    return null;
  }
  return { raw, owner: parseOwner(raw), mtimeMs };
}

function parseOwner(raw: string): LockOwner | null {
  try {
    const value = JSON.parse(raw) as Partial<LockOwner>;
    if (typeof value.pid === 'number' && typeof value.hostname === 'string' && typeof value.startedAt === 'number') {
      return { pid: value.pid, hostname: value.hostname, startedAt: value.startedAt };
    }
  } catch {
    // Not JSON: judged by age alone.
  }
  return null;
}

function isStale(seen: SeenLock, timing: LockTiming): boolean {
  if (Date.now() - seen.mtimeMs > timing.staleMs) return true;
  const owner = seen.owner;
  if (!owner || owner.hostname !== os.hostname()) return false;
  return !processIsAlive(owner.pid);
}

function processIsAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Moves a stale lock out of the way. A rename is atomic, but between reading the stale lock and
 * renaming it another process may have broken it and taken a fresh one; then the rename took
 * theirs, so it goes back (link: only if nobody has taken the name again meanwhile).
 */
function breakStaleLock(lockPath: string, staleContent: string): void {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch {
    return; // someone else broke it first
  }
  try {
    if (fs.readFileSync(aside, 'utf8') !== staleContent) {
      try {
        fs.linkSync(aside, lockPath);
      } catch {
        // The name is taken again: that holder wins; the lock we moved belonged to a process that already lost it.
      }
    }
  } finally {
    fs.rmSync(aside, { force: true });
  }
}
