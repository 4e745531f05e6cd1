// Rebuild-and-swap for a stale index, one rebuilder at a time across processes. The lock holder
// builds a complete new index beside the old one (`<index>.next`) while the old one keeps
// answering searches, then swaps: close old, rename new over old, reopen. A process that finds
// the lock taken waits for the holder and then serves whatever it swapped in.
import os from 'node:os';
import { indexLog, lifecycleReasons, type IndexReason } from '../../../shared/index-reasons.js';
import { messageOf } from '../../../shared/errors.js';
import { nestedReason } from '../../../shared/mode-reasons.js';
import { copyEmbeddingCache } from '../index/embedding-cache.js';
import type { SyncResult, SyncTarget } from '../sync/sync.js';
import type { LifecycleEvent } from './lifecycle-state.js';
import type { LiveIndex } from './live-index.js';
import { tryAcquireRebuildLock, waitForRebuildLock } from './rebuild-lock.js';
import type { LockTiming } from './rebuild-lock.js';

export interface RebuildContext {
  live: LiveIndex;
  /** The running write's signal (aborted on close). */
  signal(): AbortSignal;
  apply(event: LifecycleEvent): boolean;
  recordError(message: IndexReason): void;
  /** `rebuild`: every file into the new index; `catch-up`: an incremental pass over the served one. */
  runSync(target: SyncTarget, mode: 'rebuild' | 'catch-up'): Promise<SyncResult>;
  /** Looks at the served path and adopts a file another process put there. */
  followFile(): void;
  lockTiming?: LockTiming;
  lockPollMs?: number;
}

/**
 * Rebuilds the served (stale) index under the rebuild lock and returns the sync's result — or,
 * when another process holds the lock, waits until it is released, adopts what that process
 * swapped in and returns null: the caller looks at the state again (serving, or still stale).
 */
export async function rebuildIndex(ctx: RebuildContext): Promise<SyncResult | null> {
  const attempt = tryAcquireRebuildLock(ctx.live.dbPath, ctx.lockTiming);
  if (!('acquired' in attempt)) {
    ctx.apply({
      type: 'rebuild-waiting',
      reason: lifecycleReasons.rebuildingElsewhere(
        attempt.heldBy ? { ...attempt.heldBy, here: attempt.heldBy.hostname === os.hostname() } : null,
        ctx.live.staleReason ?? lifecycleReasons.update(),
      ),
    });
    await waitForRebuildLock(ctx.live.dbPath, ctx.signal(), ctx.lockPollMs, ctx.lockTiming);
    ctx.followFile();
    return null;
  }
  try {
    // Another process may have swapped its rebuild in between this one's open and its lock.
    ctx.followFile();
    const reason = ctx.live.staleReason;
    if (reason === null) {
      ctx.apply({ type: 'opened', staleReason: null, quarantinedReason: null });
      return null;
    }
    return await rebuildAndSwap(ctx, reason);
  } finally {
    attempt.acquired.release();
  }
}

async function rebuildAndSwap(ctx: RebuildContext, reason: IndexReason): Promise<SyncResult> {
  const { live } = ctx;
  ctx.apply({ type: 'rebuild-started', reason });
  const next = live.openReplacement();
  try {
    try {
      copyEmbeddingCache(live.dbPath, next.db);
    } catch {
      // An old index too old or too damaged to share its cache: everything gets embedded again.
    }
    const result = await ctx.runSync(live.targetFor(next), 'rebuild');
    live.swapIn(next);
    ctx.apply({ type: 'rebuild-finished' });
    // Files edited while the rebuild ran: the rebuild may have read them before the edit.
    const catchUp = await ctx.runSync(live.target, 'catch-up');
    return {
      ...result,
      filesIndexed: result.filesIndexed + catchUp.filesIndexed,
      filesRemoved: result.filesRemoved + catchUp.filesRemoved,
    };
  } catch (error) {
    live.discardReplacement(next);
    ctx.apply({ type: 'rebuild-failed', reason });
    ctx.recordError(indexLog('rebuildFailed', { reason: nestedReason(reason), error: messageOf(error) }));
    throw error;
  }
}
