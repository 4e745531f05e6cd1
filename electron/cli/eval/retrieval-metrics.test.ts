import { describe, expect, it } from 'vitest';
import { firstRelevantRank, judgeRanking, summarizeJudgements, summarizeRanks } from './retrieval-metrics.js';
import type { LineRange } from './retrieval-metrics.js';

const at = (path: string, startLine: number, endLine = startLine): LineRange => ({ path, startLine, endLine });

describe('file-level retrieval metrics (CMRC)', () => {
  it('ranks distinct files, so two chunks of one file take one place', () => {
    expect(firstRelevantRank(['a.md', 'a.md', 'b.md', 'c.md'], 'c.md')).toBe(3);
    expect(firstRelevantRank(['a.md', 'b.md'], 'a.md')).toBe(1);
    expect(firstRelevantRank(['a.md', 'b.md'], 'z.md')).toBeNull();
  });

  it('computes Hit@1, Hit@5 and MRR@10 over all queries, misses included', () => {
    const metrics = summarizeRanks([1, 2, 6, 11, null]);
    expect(metrics).toEqual({
      queries: 5,
      hitAt1: 0.2,
      hitAt5: 0.4,
      mrrAt10: Math.round(((1 + 1 / 2 + 1 / 6) / 5) * 10_000) / 10_000,
      missed: 1,
    });
  });
});

describe('line-level judgement (labeled sets)', () => {
  it('counts a result that overlaps a labeled range of the same file, not a neighbour or another file', () => {
    const relevant = [at('memory/a.md', 8), at('sessions/s.jsonl', 7)];
    const j = judgeRanking(
      [[at('memory/a.md', 1, 7)], [at('memory/b.md', 8, 20)], [at('memory/a.md', 5, 12)]],
      relevant,
    );
    expect(j.firstHit).toBe(3);
    expect(j.rangeRanks).toEqual([3, null]);
    expect([j.hitAt1, j.hitAt5, j.hitAt10]).toEqual([false, true, true]);
    expect(j.rrAt10).toBeCloseTo(1 / 3, 12);
    expect(j.recallAt10).toBe(0.5);
  });

  it('credits a folded duplicate for the places it stands for', () => {
    const j = judgeRanking([[at('memory/x.md', 1, 3), at('memory/copy.md', 10, 12)]], [at('memory/copy.md', 11)]);
    expect(j.firstHit).toBe(1);
  });

  it('gives nDCG gain once per piece of evidence: repeats of one fact do not count as more facts', () => {
    const relevant = [at('a.md', 1), at('b.md', 1)];
    const perfect = judgeRanking([[at('a.md', 1)], [at('b.md', 1)]], relevant);
    expect(perfect.ndcgAt10).toBeCloseTo(1, 12);
    const repeated = judgeRanking([[at('a.md', 1)], [at('a.md', 1)], [at('b.md', 1)]], relevant);
    const idcg = 1 + 1 / Math.log2(3);
    expect(repeated.ndcgAt10).toBeCloseTo((1 + 1 / Math.log2(4)) / idcg, 12);
  });

  it('ignores evidence found below the top 10 for the @10 numbers but still reports its rank', () => {
    const results = Array.from({ length: 12 }, (_, i) => [at('other.md', i + 1)]);
    results[11] = [at('a.md', 1)];
    const j = judgeRanking(results, [at('a.md', 1)]);
    expect(j.rangeRanks).toEqual([12]);
    expect(j.hitAt10).toBe(false);
    expect(j.rrAt10).toBe(0);
    expect(j.ndcgAt10).toBe(0);
    expect(j.recallAt10).toBe(0);
  });

  it('averages every metric over queries', () => {
    const hit = judgeRanking([[at('a.md', 1)]], [at('a.md', 1)]);
    const miss = judgeRanking([[at('b.md', 1)]], [at('a.md', 1)]);
    expect(summarizeJudgements([hit, miss])).toEqual({
      queries: 2,
      hitAt1: 0.5,
      hitAt5: 0.5,
      hitAt10: 0.5,
      mrrAt10: 0.5,
      ndcgAt10: 0.5,
      recallAt10: 0.5,
    });
  });
});
