// The engine's own errors (failed rebuilds, recoveries, reconciles, saves that could not be
// indexed) for status(). Bounded: a serve that runs for weeks and hits the same failure every
// reconcile must not grow without limit; the latest entries are the ones worth showing.
import type { IndexError } from '../../../shared/domain.js';

/** Enough to show a pattern in the status panel; old enough entries have been acted on or recur. */
export const DEFAULT_ERROR_RING_SIZE = 50;

export class ErrorRing {
  private readonly entries: IndexError[] = [];

  constructor(private readonly capacity = DEFAULT_ERROR_RING_SIZE) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`error ring capacity must be a positive integer, got ${capacity}`);
  }

  push(error: IndexError): void {
    this.entries.push(error);
    // One over at most, so a splice of the oldest is all it takes.
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  /** The latest `capacity` errors, oldest first (the order they happened in). */
  list(): IndexError[] {
    return [...this.entries];
  }
}
