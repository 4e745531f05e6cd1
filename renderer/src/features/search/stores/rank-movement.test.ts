import { describe, expect, it } from 'vitest';
import { computeRankMovement, formatRankMove } from './rank-movement';
import type { SearchResult } from '../../../../../shared/domain';

const r = (id: string, path = id.split('#')[0]!, startLine = 1, endLine = 5) =>
  ({ id, path, startLine, endLine, score: 0.5 }) as SearchResult;

describe('computeRankMovement', () => {
  it('reports up, down, new, unchanged and dropped results', () => {
    const before = [r('a.md#0'), r('b.md#0'), r('c.md#0'), r('d.md#0')];
    const after = [r('c.md#0'), r('a.md#0'), r('e.md#0'), r('d.md#0')];
    const { moves, dropped } = computeRankMovement(before, after);
    expect(formatRankMove(moves['c.md#0'])).toBe('↑2');
    expect(formatRankMove(moves['a.md#0'])).toBe('↓1');
    expect(formatRankMove(moves['e.md#0'])).toBe('new');
    expect(moves['d.md#0']).toEqual({ kind: 'same' });
    expect(dropped).toEqual([{ id: 'b.md#0', path: 'b.md', startLine: 1, endLine: 5, score: 0.5, rank: 2 }]);
  });

  it('tells apart two chunks with the same path and lines (a long line cut in two)', () => {
    const first = r('s.jsonl#4', 's.jsonl', 12, 12);
    const second = r('s.jsonl#5', 's.jsonl', 12, 12);
    const { moves, dropped } = computeRankMovement([first, second], [second]);
    expect(moves['s.jsonl#5']).toEqual({ kind: 'up', by: 1 });
    expect(dropped.map((d) => d.id)).toEqual(['s.jsonl#4']);
  });
});
