// One file operation at a time per file. A save reads the file, compares its hash with the one
// the editor presents, then writes: two saves of one file with the same expected hash must not
// both pass the check before either writes, or the second silently replaces the first (a lost
// update). Within one process this lock closes that window; the hash check still guards against
// other programs. A file is held by its name and by its identity (device + inode), so two names
// of one file (hard links) wait for each other too.
import fs from 'node:fs/promises';
import { CrossProcessLocks } from './cross-process-locks.js';

/** Identity looked up again after the locks are taken; if it moved meanwhile, the locks are taken anew. */
const MAX_IDENTITY_RETRIES = 5;

export class PathLocks {
  private readonly tails = new Map<string, Promise<void>>();
  /** The same keys held across processes (files/cross-process-locks.ts), inside this process's own lock. */
  private readonly crossProcess = new CrossProcessLocks();

  /** Runs `job` once every earlier job holding any of `keys` has finished. */
  async run<T>(keys: readonly string[], job: () => Promise<T>): Promise<T> {
    // Always in the same order, so two jobs holding the same two paths cannot wait for each other.
    const ordered = [...new Set(keys.map(lockKey))].sort();
    const releases: (() => void)[] = [];
    try {
      for (const key of ordered) releases.push(await this.acquire(key));
      return await this.crossProcess.hold(ordered, job);
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  /** Runs `job` holding each of `absPaths` by name and by the identity of the file there now. */
  async runForFiles<T>(absPaths: readonly string[], job: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const keys = await identityKeys(absPaths);
      const outcome = await this.run(keys, async () => {
        // A file replaced between the look-up and the lock has a new identity: hold that one instead.
        if (attempt < MAX_IDENTITY_RETRIES && (await identityKeys(absPaths)).join('\n') !== keys.join('\n'))
          return null;
        return { value: await job() };
      });
      if (outcome) return outcome.value;
    }
  }

  private async acquire(key: string): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => held);
    this.tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}

/** Each path, and `inode:<dev>:<ino>` of the file at it when there is one. */
async function identityKeys(absPaths: readonly string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const absPath of absPaths) {
    keys.push(absPath);
    const stat = await fs.stat(absPath, { bigint: true }).catch(() => null);
    if (stat) keys.push(`inode:${stat.dev}:${stat.ino}`);
  }
  return keys;
}

/** macOS and Windows file systems usually ignore case: `Memory.md` and `memory.md` are one file there. */
function lockKey(key: string): string {
  return !key.startsWith('inode:') && (process.platform === 'darwin' || process.platform === 'win32')
    ? key.toLowerCase()
    : key;
}
