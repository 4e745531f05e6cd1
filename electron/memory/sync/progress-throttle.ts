// Progress events at most every `intervalMs` (plus the first and the last), so a 10k-file sync
// does not flood IPC and the renderer with 10k messages.
import type { IndexProgress } from '../../../shared/domain.js';

/** 50 ms: 20 updates a second is smooth to the eye and cheap to send. */
export const PROGRESS_INTERVAL_MS = 50;

export interface ProgressThrottle {
  /** Emits if the interval has passed, the phase changed, or `force`; else remembers the latest value. */
  update(progress: IndexProgress, force?: boolean): void;
  /** Emits the latest remembered value if it was held back. */
  flush(): void;
}

export function createProgressThrottle(
  emit: ((progress: IndexProgress) => void) | undefined,
  intervalMs = PROGRESS_INTERVAL_MS,
  clock: () => number = () => performance.now(),
): ProgressThrottle {
  let last = Number.NEGATIVE_INFINITY;
  let pending: IndexProgress | null = null;
  let lastPhase: IndexProgress['phase'] | null = null;
  const send = (progress: IndexProgress): void => {
    last = clock();
    lastPhase = progress.phase;
    pending = null;
    emit?.(progress);
  };
  return {
    update(progress, force = false) {
      if (!emit) return;
      if (force || progress.phase !== lastPhase || clock() - last >= intervalMs) send(progress);
      else pending = progress;
    },
    flush() {
      if (pending) send(pending);
    },
  };
}
