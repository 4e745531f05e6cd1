import { describe, expect, it } from 'vitest';
import { createCodeMemory, queryCodeLimit, ROW_CODE_LIMIT } from './dot-kernel.js';
import type { CodeMemory } from './dot-kernel.js';

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function expectedDot(m: CodeMemory, row: number): number {
  let sum = 0;
  for (let i = 0; i < m.stride; i++) sum += m.codes[row * m.stride + i]! * m.query[i]!;
  return sum;
}

describe('int8 dot kernel', () => {
  it('computes the exact integer dot product of the query with every row, SIMD and JS alike', () => {
    const dims = 384;
    const count = 257;
    const simd = createCodeMemory(count + 3, dims);
    const js = createCodeMemory(count + 3, dims, { allowSimd: false });
    expect(simd.simd).toBe(true);
    expect(js.simd).toBe(false);
    const limit = queryCodeLimit(simd.stride);
    for (const m of [simd, js]) {
      const r = seeded(2);
      for (let i = 0; i < dims; i++) m.query[i] = Math.round((r() * 2 - 1) * limit);
      for (let i = 0; i < count * dims; i++) m.codes[i] = Math.round((r() * 2 - 1) * ROW_CODE_LIMIT);
      m.scores.fill(-99);
      m.dotAll(count);
    }
    for (let row = 0; row < count; row++) {
      expect(simd.scores[row]).toBe(expectedDot(simd, row));
      expect(js.scores[row]).toBe(simd.scores[row]);
    }
    // Rows past `count` are not touched.
    expect(Array.from(simd.scores.subarray(count))).toEqual([-99, -99, -99]);
    expect(() => simd.dotAll(count + 4)).toThrow(RangeError);
  });

  it('cannot overflow: every code at its limit still sums exactly', () => {
    for (const dims of [384, 768, 1536]) {
      const m = createCodeMemory(2, dims);
      const limit = queryCodeLimit(m.stride);
      m.query.fill(limit);
      m.codes.fill(ROW_CODE_LIMIT, 0, dims);
      m.codes.fill(-ROW_CODE_LIMIT, m.stride, m.stride + dims);
      m.dotAll(2);
      expect(m.scores[0]).toBe(dims * limit * ROW_CODE_LIMIT);
      expect(m.scores[1]).toBe(-dims * limit * ROW_CODE_LIMIT);
    }
  });

  it('pads dimensions to a multiple of 16 and keeps the codes when it grows', () => {
    const m = createCodeMemory(4, 36);
    expect(m.stride).toBe(48);
    const random = seeded(3);
    for (let i = 0; i < 36; i++) m.query[i] = Math.round(random() * 1000) - 500;
    for (let row = 0; row < 4; row++)
      for (let i = 0; i < 36; i++) m.codes[row * 48 + i] = Math.round(random() * 254) - 127;
    m.dotAll(4);
    const before = Array.from(m.scores.subarray(0, 4));
    m.grow(5000);
    expect(m.capacity).toBe(5000);
    for (let i = 0; i < 36; i++) m.codes[4999 * 48 + i] = 1;
    m.dotAll(5000);
    expect(Array.from(m.scores.subarray(0, 4))).toEqual(before);
    expect(m.scores[4999]).toBe(expectedDot(m, 4999));
  });
});
