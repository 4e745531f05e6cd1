import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_RING_SIZE, ErrorRing } from './error-ring.js';

const error = (i: number) => ({ path: `p${i}`, message: `failure ${i}`, at: i });

describe('ErrorRing', () => {
  it('keeps every error, oldest first, until it is full', () => {
    const ring = new ErrorRing(3);
    ring.push(error(1));
    ring.push(error(2));
    expect(ring.list().map((e) => e.message)).toEqual(['failure 1', 'failure 2']);
  });

  it('keeps only the latest N once full, so a long-running serve does not grow without bound', () => {
    const ring = new ErrorRing();
    for (let i = 0; i < 1000; i++) ring.push(error(i));
    const kept = ring.list();
    expect(kept).toHaveLength(DEFAULT_ERROR_RING_SIZE);
    expect(kept[0]!.at).toBe(1000 - DEFAULT_ERROR_RING_SIZE);
    expect(kept.at(-1)!.at).toBe(999);
  });

  it('hands out a copy: a caller cannot edit the ring', () => {
    const ring = new ErrorRing(2);
    ring.push(error(1));
    ring.list().pop();
    expect(ring.list()).toHaveLength(1);
  });
});
