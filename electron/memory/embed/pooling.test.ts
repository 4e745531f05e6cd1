import { describe, expect, it } from 'vitest';
import { poolEmbeddings } from './pooling.js';

// Two texts, three token positions, two dimensions; the second text has one padding position.
const states = {
  data: Float32Array.from([
    1,
    2,
    /**/ 3,
    4,
    /**/ 5,
    6, // text 0
    2,
    0,
    /**/ 4,
    0,
    /**/ 100,
    100, // text 1: last position is padding
  ]),
  batch: 2,
  sequence: 3,
  dims: 2,
};
const mask = BigInt64Array.from([1n, 1n, 1n, 1n, 1n, 0n]);

describe('poolEmbeddings', () => {
  it('averages only attended tokens', () => {
    expect([...poolEmbeddings(states, mask, 'mean', false)]).toEqual([3, 4, 3, 0]);
  });

  it('normalises to unit length', () => {
    const pooled = poolEmbeddings(states, mask, 'mean', true);
    expect(pooled[0]).toBeCloseTo(0.6, 6);
    expect(pooled[1]).toBeCloseTo(0.8, 6);
    expect([pooled[2], pooled[3]]).toEqual([1, 0]);
  });

  it('takes the first token for cls pooling', () => {
    expect([...poolEmbeddings(states, mask, 'cls', false)]).toEqual([1, 2, 2, 0]);
  });

  it('leaves an all-zero vector at zero instead of NaN', () => {
    const zero = { data: new Float32Array(4), batch: 1, sequence: 2, dims: 2 };
    expect([...poolEmbeddings(zero, [1, 1], 'mean', true)]).toEqual([0, 0]);
  });
});
