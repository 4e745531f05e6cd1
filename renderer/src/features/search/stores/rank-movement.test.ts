import { describe, expect, it } from 'vitest';
import { computeRankMovement, formatRankMove, resultKey } from './rank-movement';
import type { SearchResult } from '../../../../../shared/domain';

const r = (path: string, startLine = 1, endLine = 5) => ({ path, startLine, endLine }) as SearchResult;

describe('computeRankMovement', () => {
  it('reports up, down, new, unchanged and dropped results', () => {
    const before = [r('a.md'), r('b.md'), r('c.md'), r('d.md')];
    const after = [r('c.md'), r('a.md'), r('e.md'), r('d.md')];
    const { moves, dropped } = computeRankMovement(before, after);
    expect(formatRankMove(moves[resultKey(r('c.md'))])).toBe('↑2');
    expect(formatRankMove(moves[resultKey(r('a.md'))])).toBe('↓1');
    expect(formatRankMove(moves[resultKey(r('e.md'))])).toBe('new');
    expect(moves[resultKey(r('d.md'))]).toEqual({ kind: 'same' });
    expect(dropped).toEqual([resultKey(r('b.md'))]);
  });

  it('tells chunks of the same file apart by their lines', () => {
    const { moves } = computeRankMovement([r('a.md', 1, 5), r('a.md', 6, 9)], [r('a.md', 6, 9), r('a.md', 1, 5)]);
    expect(moves['a.md:6-9']).toEqual({ kind: 'up', by: 1 });
    expect(moves['a.md:1-5']).toEqual({ kind: 'down', by: 1 });
  });
});
