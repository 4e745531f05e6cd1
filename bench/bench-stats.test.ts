// The median's distribution-free interval the doctor bench reports over its rounds: the ranks and
// coverage of the binomial(n, ½) order statistics, and none where too few rounds ran to reach 95%.
import { describe, expect, it } from 'vitest';
import { median, medianInterval } from './bench-stats.js';

const shuffled = (n: number) => Array.from({ length: n }, (_, i) => ((i * 7) % n) + 1);

describe('medianInterval', () => {
  it('takes the order statistics whose binomial tails stay within 2.5% each', () => {
    expect(medianInterval(shuffled(6))).toEqual({ low: 1, high: 6, coverage: 0.969 });
    expect(medianInterval(shuffled(10))).toEqual({ low: 2, high: 9, coverage: 0.979 });
    expect(medianInterval(shuffled(12))).toEqual({ low: 3, high: 10, coverage: 0.961 });
  });

  it('gives none for five rounds or fewer, where even min–max covers less than 95%', () => {
    expect(medianInterval(shuffled(5))).toBeNull();
    expect(medianInterval([])).toBeNull();
  });

  it('brackets the median', () => {
    const values = [0.55, 2.05, 1.1, 0.9, 1.3, 0.97, 1.02, 1.4, 0.7, 1.2];
    const interval = medianInterval(values)!;
    expect(median(values)).toBe(1.06);
    expect(interval.low).toBeLessThanOrEqual(1.06);
    expect(interval.high).toBeGreaterThanOrEqual(1.06);
    expect([interval.low, interval.high]).toEqual([0.7, 1.4]);
  });
});
