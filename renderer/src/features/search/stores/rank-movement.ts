// How each result moved when a setting changed and the same query ran again.
import type { SearchResult } from '../../../../../shared/domain';

export type RankMove = { kind: 'new' } | { kind: 'same' } | { kind: 'up'; by: number } | { kind: 'down'; by: number };

/** A result is a chunk: the same file can appear more than once with different lines. */
export function resultKey(r: Pick<SearchResult, 'path' | 'startLine' | 'endLine'>): string {
  return `${r.path}:${r.startLine}-${r.endLine}`;
}

export interface RankMovement {
  moves: Record<string, RankMove>;
  /** Keys of results that were returned before and no longer are. */
  dropped: string[];
}

/** `keyOf` says when two results are "the same" (default: same path and lines). */
export function computeRankMovement(
  previous: readonly SearchResult[],
  next: readonly SearchResult[],
  keyOf: (r: SearchResult) => string = resultKey,
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
  const dropped = previous.map(keyOf).filter((k) => !nextKeys.has(k));
  return { moves, dropped };
}

export function formatRankMove(move: RankMove | undefined): string {
  if (!move) return '';
  switch (move.kind) {
    case 'new': return 'new';
    case 'same': return '=';
    case 'up': return `↑${move.by}`;
    case 'down': return `↓${move.by}`;
  }
}
