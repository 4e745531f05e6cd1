// Searches give background work the right of way. The thread that answers searches counts the ones
// in flight and notes when the last one ended, in memory it shares with the doctor's worker; the
// worker stops at checkpoints between small units of work while a search runs or has just ended.
// On a 2-core machine the worker (and its isolate's GC threads, which a thread's nice does not
// cover) slowed sub-millisecond searches by 60% at p95; pausing is what gives them back.

/** Slots of the shared memory (BigInt64, so a millisecond clock fits and Atomics can wait on it). */
const IN_FLIGHT = 0;
const LAST_END_MS = 1;
/** 1 while the background is stopped at a checkpoint. */
const PAUSED = 2;
const PAUSES = 3;
const PAUSED_MS = 4;
const SLOTS = 5;

/** Atomics.waitAsync: in Node since 16, not yet in the TypeScript lib this project targets. */
type WaitAsync = (
  typed: BigInt64Array,
  index: number,
  value: bigint,
) => { async: false; value: string } | { async: true; value: Promise<string> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/** One clock for every thread: performance.now() counts from each thread's own start. */
function clockMs(): bigint {
  return BigInt(Math.round(performance.timeOrigin + performance.now()));
}

/** How the background gives way: bounded, so a pass still finishes while searches keep coming. */
export interface GiveWayLimits {
  /** After a search ends, wait this long too: the next keystroke's search comes soon. */
  quietMs: number;
  /** Never wait longer than this at once... */
  atMostMs: number;
  /** ...then work this long before looking at the gate again. */
  sliceMs: number;
}

/**
 * Searches back to back give the pass sliceMs in every atMostMs + sliceMs: the few searches that
 * overlap it are mostly fast ones, so p95 stays near idle (docs/doctor.md, "Searches stop the
 * pass"). With no search, a checkpoint is two atomic reads.
 */
export const GIVE_WAY: GiveWayLimits = { quietMs: 30, atMostMs: 150, sliceMs: 10 };

/** The searching side, owned by the app service: wraps every search and says how often the background paused. */
export class SearchGate {
  readonly buffer = new SharedArrayBuffer(SLOTS * BigInt64Array.BYTES_PER_ELEMENT);
  private readonly slots = new BigInt64Array(this.buffer);

  /** Runs one search with the background held back until it (and the quiet after it) is over. */
  async during<T>(search: () => Promise<T> | T): Promise<T> {
    Atomics.add(this.slots, IN_FLIGHT, 1n);
    try {
      return await search();
    } finally {
      Atomics.store(this.slots, LAST_END_MS, clockMs());
      Atomics.sub(this.slots, IN_FLIGHT, 1n);
      Atomics.notify(this.slots, IN_FLIGHT);
    }
  }

  /** How many times the background stopped for searches, and for how long in all. */
  pauses(): { count: number; ms: number } {
    return { count: Number(Atomics.load(this.slots, PAUSES)), ms: Number(Atomics.load(this.slots, PAUSED_MS)) };
  }

  /** Resolves when the background is stopped at a checkpoint (now, or the next time it stops). */
  async whenPaused(): Promise<void> {
    for (;;) {
      if (Atomics.load(this.slots, PAUSED) === 1n) return;
      const waited = waitAsync(this.slots, PAUSED, 0n);
      if (waited.async) await waited.value;
    }
  }
}

/** The background side (a worker, given the gate's buffer): a synchronous checkpoint between units of work. */
export class GateCheckpoint {
  private readonly slots: BigInt64Array;
  /** Until when the background works without looking (after waiting atMostMs). */
  private sliceEnd = 0n;

  constructor(
    buffer: SharedArrayBuffer,
    private readonly limits: GiveWayLimits = GIVE_WAY,
  ) {
    this.slots = new BigInt64Array(buffer);
  }

  /** Returns at once when no search runs; else blocks this thread (a worker's) until they are over, or atMostMs. */
  readonly checkpoint = (): void => {
    const now = clockMs();
    if (now < this.sliceEnd || !this.searching(now)) return;
    const started = now;
    const deadline = started + BigInt(this.limits.atMostMs);
    Atomics.store(this.slots, PAUSED, 1n);
    Atomics.notify(this.slots, PAUSED);
    let at = started;
    while (at < deadline && this.searching(at)) {
      const inFlight = Atomics.load(this.slots, IN_FLIGHT);
      const quietUntil = Atomics.load(this.slots, LAST_END_MS) + BigInt(this.limits.quietMs);
      // A search in flight: woken when one ends. Else: until the quiet after the last one is over.
      const until = inFlight > 0n ? deadline : quietUntil < deadline ? quietUntil : deadline;
      if (inFlight > 0n) Atomics.wait(this.slots, IN_FLIGHT, inFlight, Number(until - at));
      else Atomics.wait(this.slots, PAUSED, 1n, Number(until - at));
      at = clockMs();
    }
    Atomics.store(this.slots, PAUSED, 0n);
    Atomics.add(this.slots, PAUSES, 1n);
    Atomics.add(this.slots, PAUSED_MS, at - started);
    if (at >= deadline) this.sliceEnd = at + BigInt(this.limits.sliceMs);
  };

  private searching(now: bigint): boolean {
    if (Atomics.load(this.slots, IN_FLIGHT) > 0n) return true;
    return now - Atomics.load(this.slots, LAST_END_MS) < BigInt(this.limits.quietMs);
  }
}
