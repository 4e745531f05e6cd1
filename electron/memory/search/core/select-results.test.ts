import { describe, expect, it } from 'vitest';
import { mergeLineRegions } from '../../../../shared/result-groups.js';
import { regionsTaking } from './select-results.js';

type Span = { path: string; startLine: number; endLine: number };

/** The rule as written: grow the start of the list until mergeLineRegions makes more than `max` regions. */
function takenByMerging(ordered: Span[], max: number): number {
  let taken = 0;
  for (let n = 1; n <= ordered.length; n += 1) {
    if (mergeLineRegions(ordered.slice(0, n)).length > max) break;
    taken = n;
  }
  return taken;
}

describe('regionsTaking', () => {
  it('stops where a seventh passage would start, counting a chunk that joins two passages as one', () => {
    const ordered: Span[] = [
      { path: 'a.md', startLine: 1, endLine: 5 },
      { path: 'a.md', startLine: 10, endLine: 12 },
      { path: 'b.md', startLine: 1, endLine: 3 },
      // Touches both of a.md's passages: three become two.
      { path: 'a.md', startLine: 6, endLine: 9 },
      { path: 'c.md', startLine: 1, endLine: 2 },
      { path: 'c.md', startLine: 4, endLine: 4 },
    ];
    expect(regionsTaking(ordered, 3)).toBe(5);
    expect(regionsTaking(ordered, 2)).toBe(2);
    expect(regionsTaking(ordered, 4)).toBe(6);
    expect(regionsTaking([], 3)).toBe(0);
  });

  it('takes as many chunks as merging every start of the list would, on lists of overlapping, touching and apart chunks', () => {
    let seed = 20261206;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 500; round += 1) {
      const ordered = Array.from({ length: 1 + next(25) }, () => {
        const startLine = 1 + next(40);
        return { path: `f${next(3)}.md`, startLine, endLine: startLine + next(6) };
      });
      const max = 1 + next(8);
      expect(regionsTaking(ordered, max)).toBe(takenByMerging(ordered, max));
    }
  });
});
