import { describe, expect, it } from 'vitest';
import { firstRelevantRank, summarizeRanks } from './retrieval-metrics.js';

describe('retrieval metrics', () => {
  it('ranks distinct files, so two chunks of one file take one place', () => {
    expect(firstRelevantRank(['a.md', 'a.md', 'b.md', 'c.md'], 'c.md')).toBe(3);
    expect(firstRelevantRank(['a.md', 'b.md'], 'a.md')).toBe(1);
    expect(firstRelevantRank(['a.md', 'b.md'], 'z.md')).toBeNull();
  });

  it('computes Hit@1, Hit@5 and MRR@10 over all queries, misses included', () => {
    const metrics = summarizeRanks([1, 2, 6, 11, null]);
    expect(metrics).toEqual({ queries: 5, hitAt1: 0.2, hitAt5: 0.4, mrrAt10: Math.round(((1 + 1 / 2 + 1 / 6) / 5) * 10_000) / 10_000, missed: 1 });
  });
});
