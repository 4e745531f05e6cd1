// How long the sync may hold the thread before it lets other work run (a search, a file read, an
// IPC call): the engine shares its thread with Electron's main process or `memlens serve`.
import { performance } from 'node:perf_hooks';
import type { ForegroundSignal } from './foreground-work.js';

/** Longest stretch of synchronous work (parsing, or one commit's writes) before yielding to the event loop. */
const SLICE_MS = 20;
/**
 * The slice while foreground work waits (foreground-work.ts): each of its file-system steps then
 * waits a few ms for its turn instead of up to a whole slice.
 */
const FOREGROUND_SLICE_MS = 2;

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * The time since the sync last yielded. One clock for the whole sync: when the worker has the
 * next batch ready, its `await` resolves without visiting the event loop, so per-batch clocks
 * would chain one batch's last slice onto the next batch's first.
 */
export class SliceClock {
  private start = performance.now();

  constructor(private readonly foreground?: ForegroundSignal) {}

  get spent(): boolean {
    return performance.now() - this.start > (this.foreground?.pending ? FOREGROUND_SLICE_MS : SLICE_MS);
  }

  async yieldIfSpent(): Promise<void> {
    if (!this.spent) return;
    await yieldToEventLoop();
    this.start = performance.now();
  }
}
