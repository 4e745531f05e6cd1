// Work a person is waiting for — opening a file, saving one — while a bulk sync runs on the same
// thread. Each file-system step of that work completes only when the sync yields to the event
// loop, which it does every time slice; during a full index a 5 MB file took ~16 such turns. While
// any foreground work is under way the sync's slices shrink, so each turn comes within a few ms.

/** The sync's view: is someone waiting? */
export interface ForegroundSignal {
  readonly pending: boolean;
}

export class ForegroundWork implements ForegroundSignal {
  private running = 0;

  get pending(): boolean {
    return this.running > 0;
  }

  /** Runs `job` as foreground work (counted until it settles). */
  async run<T>(job: () => Promise<T>): Promise<T> {
    this.running += 1;
    try {
      return await job();
    } finally {
      this.running -= 1;
    }
  }
}
