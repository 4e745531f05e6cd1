// One file operation at a time per path. A save reads the file, compares its hash with the one
// the editor presents, then writes: two saves of one file with the same expected hash must not
// both pass the check before either writes, or the second silently replaces the first (a lost
// update). Within one process this lock closes that window; the hash check still guards against
// other programs.

export class PathLocks {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `job` once every earlier job holding any of `keys` has finished. */
  async run<T>(keys: readonly string[], job: () => Promise<T>): Promise<T> {
    // Always in the same order, so two jobs holding the same two paths cannot wait for each other.
    const ordered = [...new Set(keys.map(lockKey))].sort();
    const releases: (() => void)[] = [];
    try {
      for (const key of ordered) releases.push(await this.acquire(key));
      return await job();
    } finally {
      for (const release of releases.reverse()) release();
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

/** macOS and Windows file systems usually ignore case: `Memory.md` and `memory.md` are one file there. */
function lockKey(absPath: string): string {
  return process.platform === 'darwin' || process.platform === 'win32' ? absPath.toLowerCase() : absPath;
}
