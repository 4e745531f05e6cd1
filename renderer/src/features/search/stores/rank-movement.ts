// How each result moved when a setting changed and the same query ran again. A result is a chunk,
// identified by its chunk id: the same file can appear more than once, and two chunks of one long
// line even share their lines — path and lines are a label, not an identity.
import type { SearchResult } from '../../../../../shared/domain';

export type RankMove = { kind: 'new' } | { kind: 'same' } | { kind: 'up'; by: number } | { kind: 'down'; by: number };

/** A result that the previous run returned and this one does not. */
export interface DroppedResult {
  id: string;
  path: string;
  startLine: number;
  endLine: number;
  /** Its score before the change. */
  score: number;
  /** Its rank before the change. */
  rank: number;
}

export interface RankMovement {
  /** By result key (the result id unless the caller keyed otherwise). */
  moves: Record<string, RankMove>;
  dropped: DroppedResult[];
}

export function lineLabel(r: Pick<SearchResult, 'startLine' | 'endLine'>): string {
  return r.startLine === r.endLine ? `${r.startLine}` : `${r.startLine}-${r.endLine}`;
}

/** `keyOf` says when two results are "the same" (default: the same chunk, by id). */
export function computeRankMovement(
  previous: readonly SearchResult[],
  next: readonly SearchResult[],
  keyOf: (r: SearchResult) => string = (r) => r.id,
): RankMovement {
  const before = new Map(previous.map((r, i) => [keyOf(r), i + 1]));
  const moves: Record<string, RankMove> = {};
  next.forEach((r, i) => {
    const key = keyOf(r);
    const old = before.get(key);
    const rank = i + 1;
    if (old === undefined) moves[key] = { kind: 'new' };
    else if (old === rank) moves[key] = { kind: 'same' };
    else if (old > rank) moves[key] = { kind: 'up', by: old - rank };
    else moves[key] = { kind: 'down', by: rank - old };
  });
  const nextKeys = new Set(next.map(keyOf));
  const dropped = previous
    .map((r, i) => ({ r, rank: i + 1 }))
    .filter(({ r }) => !nextKeys.has(keyOf(r)))
    .map(({ r, rank }) => ({
      id: keyOf(r),
      path: r.path,
      startLine: r.startLine,
      endLine: r.endLine,
      score: r.score,
      rank,
    }));
  return { moves, dropped };
}

export function formatRankMove(move: RankMove | undefined): string {
  if (!move) return '';
  switch (move.kind) {
    case 'new':
      return 'new';
    case 'same':
      return '=';
    case 'up':
      return `↑${move.by}`;
    case 'down':
      return `↓${move.by}`;
  }
}
