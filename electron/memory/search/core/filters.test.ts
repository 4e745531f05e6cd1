import { describe, expect, it } from 'vitest';
import type { FileDate } from '../../../../shared/domain.js';
import { MemoryLensError } from '../../../../shared/errors.js';
import { matchesDateFilter, matchesDateRange, matchesSource, meetsMinScore, resolveSearchOptions } from './filters.js';

const day = (date: string, granularity: FileDate['granularity'] = 'day'): FileDate => ({
  date,
  epochMs: Date.parse(`${date}T00:00:00Z`),
  granularity,
  source: 'path',
});

describe('search filters', () => {
  it('applies the agent-tool defaults: 6 results, minScore 0.35, decay and MMR off', () => {
    const o = resolveSearchOptions({ query: 'x', now: 0 });
    expect(o).toMatchObject({
      maxResults: 6,
      minScore: 0.35,
      sources: null,
      decay: { enabled: false, halfLifeDays: 30 },
      mmr: { enabled: false, lambda: 0.7 },
    });
    expect(o.weights).toEqual({ vector: 0.7, text: 0.3 });
  });

  it('refuses out-of-range options with INVALID_ARGUMENT', () => {
    for (const bad of [
      { maxResults: 0 },
      { minScore: 2 },
      { from: '2026-13-01' },
      { from: '2026-05-02', to: '2026-05-01' },
      { mmr: { enabled: true, lambda: 1.5 } },
      { decay: { enabled: true, halfLifeDays: 0 } },
    ]) {
      expect(() => resolveSearchOptions({ query: 'x', ...bad })).toThrow(MemoryLensError);
    }
  });

  it('filters by source', () => {
    expect(matchesSource('memory', null)).toBe(true);
    expect(matchesSource('sessions', ['memory'])).toBe(false);
    expect(matchesSource('sessions', ['memory', 'sessions'])).toBe(true);
  });

  it('filters by inclusive date range, by the period a date covers', () => {
    expect(matchesDateRange(day('2026-05-04'), '2026-05-04', '2026-05-04')).toBe(true);
    expect(matchesDateRange(day('2026-05-03'), '2026-05-04', null)).toBe(false);
    expect(matchesDateRange(day('2026-05-05'), null, '2026-05-04')).toBe(false);
    // A monthly summary of April overlaps a mid-April range; a week starting 04-27 reaches 05-03.
    expect(matchesDateRange(day('2026-04-01', 'month'), '2026-04-15', '2026-04-20')).toBe(true);
    expect(matchesDateRange(day('2026-04-27', 'week'), '2026-05-03', null)).toBe(true);
    expect(matchesDateRange(day('2026-04-27', 'week'), '2026-05-04', null)).toBe(false);
  });

  it('excludes undated and evergreen files when a range is set, and keeps them when not', () => {
    expect(matchesDateFilter({ kind: 'evergreen', date: day('2026-05-04') }, '2026-05-01', null)).toBe(false);
    expect(matchesDateFilter({ kind: 'dated', date: null }, null, '2026-05-01')).toBe(false);
    expect(matchesDateFilter({ kind: 'evergreen', date: null }, null, null)).toBe(true);
  });

  it('keeps a score exactly at minScore', () => {
    expect(meetsMinScore(0.35, 0.35)).toBe(true);
    expect(meetsMinScore(0.3499, 0.35)).toBe(false);
  });
});
