// Measures how long this thread's event loop was kept waiting while `work` ran.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface EventLoopDelay {
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  samples: number;
}

const tick = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function measureEventLoopDelay<T>(work: () => Promise<T>): Promise<{ result: T; delay: EventLoopDelay }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // The monitor's timer starts on the next turn: work that blocked at once would go unrecorded.
  await tick(25);
  const result = await work();
  // One more turn records a block that lasted until the very end.
  await tick(25);
  histogram.disable();
  return {
    result,
    delay: {
      p95Ms: histogram.percentile(95) / 1e6,
      p99Ms: histogram.percentile(99) / 1e6,
      maxMs: histogram.max / 1e6,
      samples: histogram.count,
    },
  };
}
