// The access part of a breakdown: how often agents retrieved a chunk (counted by the host, outside
// the index) and, when the boost is on, the multiplier that earns — from shared/score.ts, so the
// engine and every display agree.
import type { AccessBreakdown } from '../../../../shared/domain.js';
import { accessMultiplier } from '../../../../shared/score.js';

/** How often agents retrieved one chunk (same file, same text), and when last. */
export interface ChunkAccessStats {
  count: number;
  lastAccessAt: number | null;
}

/** Access stats for chunks identified by path and content hash, in the order asked. */
export type AccessStatsLookup = (chunks: readonly { path: string; hash: string }[]) => ChunkAccessStats[];

export function accessBreakdown(
  stats: ChunkAccessStats | null,
  boost: { enabled: boolean; factor: number },
): AccessBreakdown {
  const count = stats?.count ?? 0;
  return {
    count,
    lastAccessAt: stats?.lastAccessAt ?? null,
    enabled: boost.enabled,
    factor: boost.factor,
    multiplier: boost.enabled ? accessMultiplier(count, boost.factor) : 1,
  };
}
