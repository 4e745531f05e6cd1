import { describe, expect, it } from 'vitest';
import type { FileDate } from '../../../../shared/domain.js';
import { computeDecay, decayMultiplier } from './temporal-decay.js';

const DAY = 86_400_000;
const now = Date.UTC(2026, 4, 31);

function dated(daysAgo: number, source: FileDate['source'] = 'path'): FileDate {
  const epochMs = now - daysAgo * DAY;
  return { date: new Date(epochMs).toISOString().slice(0, 10), epochMs, granularity: 'day', source };
}

describe('temporal decay', () => {
  it('halves the weight at one half-life and quarters it at two', () => {
    expect(decayMultiplier(0, 30)).toBe(1);
    expect(decayMultiplier(30, 30)).toBeCloseTo(0.5, 12);
    expect(decayMultiplier(60, 30)).toBeCloseTo(0.25, 12);
    const d = computeDecay({ kind: 'dated', date: dated(10) }, { enabled: true, halfLifeDays: 10, nowMs: now });
    expect(d.multiplier).toBeCloseTo(0.5, 12);
    expect(d.ageDays).toBeCloseTo(10, 12);
    expect(d.date).toBe('2026-05-21');
    expect(d.dateSource).toBe('path');
  });

  it('never decays evergreen files, however old their date', () => {
    const d = computeDecay(
      { kind: 'evergreen', date: dated(3650, 'mtime') },
      { enabled: true, halfLifeDays: 30, nowMs: now },
    );
    expect(d.multiplier).toBe(1);
    expect(d.evergreen).toBe(true);
    expect(d.ageDays).toBeCloseTo(3650, 9);
  });

  it('is off by default semantics: multiplier 1 but date, source and age still reported', () => {
    const d = computeDecay(
      { kind: 'session', date: dated(90, 'first-record') },
      { enabled: false, halfLifeDays: 30, nowMs: now },
    );
    expect(d).toMatchObject({
      enabled: false,
      multiplier: 1,
      dateSource: 'first-record',
      evergreen: false,
      halfLifeDays: 30,
    });
    expect(d.ageDays).toBeCloseTo(90, 9);
  });

  it('clamps future dates to age 0 and leaves undated files alone', () => {
    expect(
      computeDecay({ kind: 'dated', date: dated(-5) }, { enabled: true, halfLifeDays: 30, nowMs: now }),
    ).toMatchObject({ ageDays: 0, multiplier: 1 });
    expect(computeDecay({ kind: 'dated', date: null }, { enabled: true, halfLifeDays: 30, nowMs: now })).toMatchObject({
      ageDays: null,
      multiplier: 1,
      date: null,
    });
  });
});
