// A minimal typed listener list for the engine's onDidX events. A throwing listener is isolated:
// one broken subscriber (a closed window) must not stop indexing or the other subscribers.
import type { Unsubscribe } from './contract.js';

export class Listeners<T> {
  private readonly listeners = new Set<(value: T) => void>();

  add(listener: (value: T) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch {
        // Isolated on purpose (see above).
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }

  clear(): void {
    this.listeners.clear();
  }
}
