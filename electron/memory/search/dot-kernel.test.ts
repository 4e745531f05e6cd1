import { describe, expect, it } from 'vitest';
import { createScanMemory } from './dot-kernel.js';

describe('dot kernel', () => {
  it('computes the dot product of the query with every row', () => {
    const dims = 384;
    const count = 257;
    const memory = createScanMemory(count + 3, dims);
    expect(memory).not.toBeNull();
    const m = memory!;
    let seed = 1;
    const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
    for (let i = 0; i < dims; i++) m.query[i] = random();
    for (let i = 0; i < count * dims; i++) m.rows[i] = random();
    m.scores.fill(-99);
    m.dotAll(count);
    for (let row = 0; row < count; row++) {
      let expected = 0;
      let magnitude = 0;
      for (let i = 0; i < dims; i++) {
        expected += m.query[i]! * m.rows[row * dims + i]!;
        magnitude += Math.abs(m.query[i]! * m.rows[row * dims + i]!);
      }
      expect(Math.abs(m.scores[row]! - expected)).toBeLessThanOrEqual(dims * 2 ** -24 * magnitude);
    }
    // Rows past `count` are not touched.
    expect(Array.from(m.scores.subarray(count))).toEqual([-99, -99, -99]);
    expect(() => m.dotAll(count + 4)).toThrow(RangeError);
  });

  it('declines dimensions the kernel cannot stride over', () => {
    expect(createScanMemory(10, 12)).toBeNull();
    expect(createScanMemory(10, 16)).not.toBeNull();
  });
});
