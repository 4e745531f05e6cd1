import { describe, expect, it } from 'vitest';
import { rankQuickOpenEntries } from './quick-open-match';

describe('rankQuickOpenEntries', () => {
  const entries = [
    {
      path: 'sessions/main/9e8d7c6b-5a49-4382-9170-a1b2c3d4e5f6.jsonl',
      title: '还是回复我她是sunny',
      day: '2026-11-05',
    },
    { path: 'memory/travel.md', title: 'Travel', day: undefined },
    { path: 'memory/2026-09-16-new-manager.md', title: 'New manager', day: '2026-09-16' },
  ];

  it('finds a session by its title and a note by its date, not only by a UUID path', () => {
    expect(rankQuickOpenEntries(entries, 'sunny')[0]!.path).toBe(entries[0]!.path);
    expect(rankQuickOpenEntries(entries, '回复')[0]!.path).toBe(entries[0]!.path);
    expect(rankQuickOpenEntries(entries, '2026-09-16')[0]!.path).toBe('memory/2026-09-16-new-manager.md');
    expect(rankQuickOpenEntries(entries, '11-05').map((e) => e.path)).toContain(entries[0]!.path);
    expect(rankQuickOpenEntries(entries, 'travel')[0]!.path).toBe('memory/travel.md');
    expect(rankQuickOpenEntries(entries, 'zzz')).toEqual([]);
  });
});

describe('quick open reads the date words search reads', () => {
  // Thursday 5 March 2026, 10:00 in UTC+8.
  const clock = { now: Date.parse('2026-03-05T10:00:00+08:00'), offsetMinutes: 480 };
  const entries = [
    {
      path: 'sessions/main/c0000007.jsonl',
      title: '[cron:df444ebe Wise Support Email Check] Check',
      day: '2026-02-10',
    },
    { path: 'memory/2026-02-10.md', title: '2026-02-10', day: '2026-02-10' },
    { path: 'memory/2026-02-12.md', title: '2026-02-12', day: '2026-02-12' },
    { path: 'memory/2026-03-03.md', title: '2026-03-03', day: '2026-03-03' },
    { path: 'memory/feb-plans.md', title: 'February plans', day: '2026-01-20' },
  ];
  const first = (q: string): string => rankQuickOpenEntries(entries, q, clock)[0]!.path;

  it.each([
    ['Feb 10', 'memory/2026-02-10.md'],
    ['february 12', 'memory/2026-02-12.md'],
    ['2月10日', 'memory/2026-02-10.md'],
    ['前天', 'memory/2026-03-03.md'],
    ['2026-02-12', 'memory/2026-02-12.md'],
  ])('%s lists that day’s note first', (query, path) => {
    expect(first(query)).toBe(path);
  });

  it('the day’s transcript follows its note; a date-less query matches as before', () => {
    const feb10 = rankQuickOpenEntries(entries, 'Feb 10', clock).map((e) => e.path);
    expect(feb10.slice(0, 2)).toEqual(['memory/2026-02-10.md', 'sessions/main/c0000007.jsonl']);
    expect(first('plans')).toBe('memory/feb-plans.md');
  });
});
