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
