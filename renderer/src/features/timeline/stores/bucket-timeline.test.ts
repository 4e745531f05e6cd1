import { describe, expect, it } from 'vitest';
import type { TimelineEntry, TimelineEntryType } from '../../../../../shared/domain';
import { bucketOf, buildTimelineRows, countAutomated, isoWeek, TIMELINE_TYPES } from './bucket-timeline';
import { translator } from '../../../../../shared/i18n';
import type { TimelineWords } from './timeline-words';
import { buildHeatmap, latestDay, levelOf, monthLabels, weeksThatFit, weeksToCover } from './heatmap';
import { dated } from '../../../test-support/fake-workspace-api';

const entry = (path: string, date: string, type: TimelineEntryType = 'daily'): TimelineEntry => ({
  path,
  type,
  date: dated(date),
  title: path,
  archived: false,
  size: 1,
});
const all = new Set(TIMELINE_TYPES.map((t) => t.type));

describe('timeline buckets', () => {
  it('computes ISO weeks across year boundaries', () => {
    expect(isoWeek('2026-01-01')).toMatchObject({ year: 2026, week: 1, monday: '2025-12-29' });
    expect(isoWeek('2027-01-01')).toMatchObject({ year: 2026, week: 53 });
    expect(isoWeek('2026-05-04')).toMatchObject({ year: 2026, week: 19, monday: '2026-05-04' });
    expect(isoWeek('2026-05-10').week).toBe(19);
  });

  it('labels day, week and month buckets', () => {
    expect(bucketOf('2026-05-04', 'day')).toEqual({ key: '2026-05-04', label: 'Mon 4 May 2026' });
    expect(bucketOf('2026-05-06', 'week').key).toBe('2026-W19');
    expect(bucketOf('2026-05-06', 'month')).toEqual({ key: '2026-05', label: 'May 2026' });
  });

  it('lists entries newest first under one header per bucket', () => {
    const rows = buildTimelineRows(
      [entry('a', '2026-05-01'), entry('c', '2026-05-20'), entry('b', '2026-04-30')],
      'month',
      all,
    );
    expect(rows.map((r) => (r.kind === 'header' ? `#${r.key}:${r.count}` : r.entry.path))).toEqual([
      '#2026-05:2',
      'c',
      'a',
      '#2026-04:1',
      'b',
    ]);
  });

  it('filters by type', () => {
    const rows = buildTimelineRows(
      [entry('a', '2026-05-01'), entry('s', '2026-05-01', 'session')],
      'day',
      new Set<TimelineEntryType>(['session']),
    );
    expect(rows.filter((r) => r.kind === 'entry').map((r) => (r.kind === 'entry' ? r.entry.path : ''))).toEqual(['s']);
  });

  it('keeps every one of 10k entries', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      entry(`m${i}`, new Date(Date.UTC(2020, 0, 1) + i * 3_600_000 * 7).toISOString().slice(0, 10)),
    );
    const rows = buildTimelineRows(many, 'week', all);
    expect(rows.filter((r) => r.kind === 'entry')).toHaveLength(10_000);
  });
});

describe('heatmap', () => {
  it('covers whole weeks ending on the newest day and counts entries per day', () => {
    const entries = [entry('a', '2026-05-04'), entry('b', '2026-05-04'), entry('c', '2026-05-01')];
    const map = buildHeatmap(entries, latestDay(entries, '2000-01-01'), 2);
    expect(map.end).toBe('2026-05-04');
    expect(map.start).toBe('2026-04-27'); // a Monday, one week before
    expect(map.cells).toHaveLength(8);
    expect(map.cells.find((c) => c.date === '2026-05-04')).toMatchObject({ count: 2, level: 4 });
    expect(map.cells.find((c) => c.date === '2026-05-01')).toMatchObject({ count: 1, level: 2 });
    expect(map.max).toBe(2);
  });

  it('levels are relative to the busiest day', () => {
    expect(levelOf(0, 10)).toBe(0);
    expect(levelOf(1, 10)).toBe(1);
    expect(levelOf(10, 10)).toBe(4);
  });
});

describe('heatmap labels and width', () => {
  it('labels the columns where a month starts', () => {
    // 2026-03-30 is a Monday: its column is still March; April starts in the next column.
    // The first label carries the year; so does every January.
    expect(monthLabels('2026-03-30', 10)).toEqual([
      { column: 1, label: 'Apr 2026' },
      { column: 5, label: 'May' },
      { column: 9, label: 'Jun' },
    ]);
    expect(monthLabels('2026-03-02', 6)).toEqual([
      { column: 0, label: 'Mar 2026' },
      { column: 5, label: 'Apr' },
    ]);
    expect(monthLabels('2025-12-01', 10).map((l) => l.label)).toEqual(['Dec 2025', 'Jan 2026', 'Feb']);
  });

  it('leaves out a label that would run into the one before it (“Nov 2025Dec”)', () => {
    // January's label carries the year; February starts four columns (48px) later.
    const wide = (label: string) => label.length * 6.4;
    expect(monthLabels('2025-12-29', 12, wide).map((l) => l.label)).toEqual(['Jan 2026', 'Mar']);
    const labels = monthLabels('2025-11-03', 60, wide);
    for (const [i, l] of labels.slice(1).entries()) {
      expect(l.column * 12).toBeGreaterThanOrEqual(labels[i]!.column * 12 + wide(labels[i]!.label) + 4);
    }
  });

  it('covers every week back to the oldest entry, so older years are not silently left out', () => {
    const at = (iso: string): TimelineEntry => ({
      path: iso,
      type: 'daily',
      title: iso,
      archived: false,
      size: 1,
      date: { date: iso, source: 'path', granularity: 'day', epochMs: Date.parse(iso) },
    });
    const entries = [at('2024-02-05'), at('2026-11-05')];
    const weeks = weeksToCover(entries, '2026-11-05');
    expect(weeks).toBeGreaterThan(53 * 2);
    expect(buildHeatmap(entries, '2026-11-05', weeks).start <= '2024-02-05').toBe(true);
    expect(buildHeatmap(entries, '2026-11-05', weeks).cells.some((c) => c.date === '2024-02-05' && c.count === 1)).toBe(
      true,
    );
  });

  it('fits as many weeks as the width holds, between 4 and 53', () => {
    expect(weeksThatFit(0)).toBe(53);
    expect(weeksThatFit(400)).toBe(30);
    expect(weeksThatFit(100)).toBe(5);
    expect(weeksThatFit(5000)).toBe(53);
  });
});

describe('automated sessions on the timeline', () => {
  const entry = (path: string, iso: string, sessionKind?: 'cron' | 'conversation'): TimelineEntry => ({
    path,
    type: 'session',
    title: path,
    archived: false,
    size: 1,
    ...(sessionKind ? { sessionKind } : {}),
    date: { date: iso.slice(0, 10), source: 'first-record', granularity: 'instant', epochMs: Date.parse(iso) },
  });
  const entries = [
    entry('cron-late', '2026-11-05T20:00:00Z', 'cron'),
    entry('talk', '2026-11-05T09:00:00Z', 'conversation'),
    entry('old', '2026-11-04T09:00:00Z'),
  ];
  const types = new Set<TimelineEntryType>(['session']);

  it("leaves them out unless asked, and then lists them after the day's other entries", () => {
    expect(buildTimelineRows(entries, 'day', types).flatMap((r) => (r.kind === 'entry' ? [r.entry.path] : []))).toEqual(
      ['talk', 'old'],
    );
    expect(
      buildTimelineRows(entries, 'day', types, true).flatMap((r) => (r.kind === 'entry' ? [r.entry.path] : [r.key])),
    ).toEqual(['2026-11-05', 'talk', 'cron-late', '2026-11-04', 'old']);
    expect(countAutomated(entries, types)).toBe(1);
  });
});

describe('the timeline in Simplified Chinese', () => {
  const zh = translator('zh-CN');
  const words: TimelineWords = { locale: 'zh-CN', t: (key, params) => zh(`timeline:${key}`, params) };

  it('heads days, weeks and months the Chinese way', () => {
    expect(bucketOf('2026-05-04', 'day', words).label).toBe('2026年5月4日 周一');
    expect(bucketOf('2026-05-06', 'week', words).label).toBe('2026年第 19 周 · 5月4日–5月10日');
    expect(bucketOf('2026-05-06', 'month', words).label).toBe('2026年5月');
  });

  it('labels the heatmap months with the year on January and the first', () => {
    expect(monthLabels('2025-12-01', 10, undefined, words).map((l) => l.label)).toEqual([
      '2025年12月',
      '2026年1月',
      '2月',
    ]);
  });
});
