import { describe, expect, it } from 'vitest';
import { tokenSet } from '../../text/segment.js';
import { jaccard, mmrRerank } from './mmr.js';

const item = (label: string, relevance: number, text: string) => ({ label, relevance, tokens: tokenSet(text) });

describe('MMR', () => {
  it('computes Jaccard similarity over token sets', () => {
    expect(jaccard(new Set(['a', 'b']), new Set(['b', 'c']))).toBeCloseTo(1 / 3, 12);
    expect(jaccard(new Set(['a']), new Set(['a']))).toBe(1);
    expect(jaccard(new Set(['a']), new Set(['b']))).toBe(0);
  });

  it('demotes a near-duplicate below a distinct, slightly less relevant result', () => {
    const items = [
      item('memory/a.md:1-3', 0.9, 'router firmware upgrade failed on the office gateway'),
      item('memory/b.md:1-3', 0.88, 'router firmware upgrade failed on the office gateway again'),
      item('memory/c.md:4-9', 0.8, 'quarterly budget review with the finance team'),
    ];
    const picks = mmrRerank(items, 0.7);
    expect(picks.map((p) => items[p.index]!.label)).toEqual(['memory/a.md:1-3', 'memory/c.md:4-9', 'memory/b.md:1-3']);
    const dup = picks[2]!.mmr;
    expect(dup.similarTo).toBe('memory/a.md:1-3');
    expect(dup.maxSimilarity).toBeGreaterThan(0.8);
    expect(dup.penalty).toBeCloseTo(0.3 * dup.maxSimilarity, 12);
    expect(dup.mmrScore).toBeCloseTo(0.7 * 0.88 - dup.penalty, 12);
    expect(dup).toMatchObject({ rankBefore: 2, rankAfter: 3, lambda: 0.7 });
    expect(picks[0]!.mmr).toMatchObject({ similarTo: null, penalty: 0, maxSimilarity: 0, rankBefore: 1, rankAfter: 1 });
  });

  it('keeps relevance order when lambda is 1', () => {
    const items = [item('a', 0.9, 'x y'), item('b', 0.8, 'x y'), item('c', 0.7, 'z')];
    expect(mmrRerank(items, 1).map((p) => p.index)).toEqual([0, 1, 2]);
  });
});
