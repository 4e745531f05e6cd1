// Index writes (sync, single-file reindex, rebuild, recovery) run one at a time, in order, so
// they never interleave inside SQLite. Searches do not go through it: they never wait for writes.

/** Runs jobs one at a time, in order: index writes (sync, reindex, rebuild) never interleave. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  run<T>(job: () => Promise<T>): Promise<T> {
    this.pending += 1;
    const result = this.tail.then(job, job);
    this.tail = result
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.pending -= 1;
      });
    return result;
  }

  /** Jobs queued or running. */
  get size(): number {
    return this.pending;
  }

  /** Resolves once everything queued so far has finished. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
