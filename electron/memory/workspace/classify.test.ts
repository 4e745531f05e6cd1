import { describe, expect, it } from 'vitest';
import { classifyFile, datedFromPath, isEvergreenPath, isoWeekMonday, layerFromPath } from './classify.js';
import type { DiscoveredFile } from './discover.js';

const MTIME = Date.UTC(2026, 4, 10, 12, 30);

function file(p: string, extra: Partial<DiscoveredFile> = {}): DiscoveredFile {
  return {
    path: p,
    absPath: `/w/${p}`,
    source: p.startsWith('sessions/') ? 'sessions' : 'memory',
    size: 10,
    mtimeMs: MTIME,
    ...extra,
  };
}

describe('datedFromPath', () => {
  it('reads day, ISO week and month dates from names and folders', () => {
    expect(datedFromPath('memory/2026-03-28-api-design.md')).toMatchObject({
      date: '2026-03-28',
      granularity: 'day',
      source: 'path',
    });
    expect(datedFromPath('memory/daily/2026-05-04.md')).toMatchObject({ date: '2026-05-04', granularity: 'day' });
    // ISO week 18 of 2026 starts on Monday 27 April.
    expect(datedFromPath('summaries/weekly/2026-w18.md')).toMatchObject({ date: '2026-04-27', granularity: 'week' });
    expect(datedFromPath('summaries/weekly/2026-W01.md')).toMatchObject({ date: '2025-12-29', granularity: 'week' });
    expect(datedFromPath('summaries/monthly/2026-04.md')).toMatchObject({ date: '2026-04-01', granularity: 'month' });
    expect(datedFromPath('tasks/archived/2026-04-tasks.md')).toMatchObject({
      date: '2026-04-01',
      granularity: 'month',
    });
    expect(datedFromPath('memory/2026-05/notes.md')).toMatchObject({ date: '2026-05-01', granularity: 'month' });
    expect(datedFromPath('memory/2026-05-04.md')!.epochMs).toBe(Date.UTC(2026, 4, 4));
  });

  it('rejects impossible dates and non-dates', () => {
    expect(datedFromPath('memory/2026-02-30.md')).toBeNull();
    expect(datedFromPath('memory/2026-13.md')).toBeNull();
    expect(datedFromPath('memory/2025-w53.md')).toBeNull(); // 2025 has 52 ISO weeks
    expect(isoWeekMonday(2026, 53)).toBe(Date.UTC(2026, 11, 28)); // 2026 has 53
    expect(datedFromPath('memory/project-x.md')).toBeNull();
    expect(datedFromPath('memory/v12345-notes.md')).toBeNull();
  });
});

describe('classifyFile', () => {
  it('keeps root memory files and undated topic files evergreen, with a display date', () => {
    expect(classifyFile(file('MEMORY.md'), { frontmatter: null })).toMatchObject({
      kind: 'evergreen',
      evergreen: true,
      source: 'memory',
      archived: false,
      date: { date: '2026-05-10', granularity: 'instant', source: 'mtime', epochMs: MTIME },
    });
    const topic = classifyFile(file('memory/api.md'), {
      frontmatter: { created: '2026-03-28', type: 'topic', tags: ['api', 'design'] },
    });
    expect(topic).toMatchObject({
      kind: 'evergreen',
      type: 'topic',
      tags: ['api', 'design'],
      date: { date: '2026-03-28', source: 'frontmatter', granularity: 'day' },
    });
    expect(classifyFile(file('memory/tasks/active.md'), { frontmatter: null })).toMatchObject({
      kind: 'evergreen',
      layer: 'tasks',
    });
    expect(classifyFile(file('facts/user-profile.md'), { frontmatter: null })).toMatchObject({
      kind: 'evergreen',
      layer: 'facts',
    });
  });

  it('dates files by path first, then (for conversations and summaries) by frontmatter', () => {
    expect(
      classifyFile(file('memory/conversations/2026-05-04.md'), { frontmatter: { created: '2020-01-01' } }),
    ).toMatchObject({
      kind: 'dated',
      layer: 'conversations',
      date: { date: '2026-05-04', source: 'path' },
    });
    expect(
      classifyFile(file('conversations/standup.md'), { frontmatter: { created: '2026-05-02T08:00:00+08:00' } }),
    ).toMatchObject({
      kind: 'dated',
      date: { date: '2026-05-02', source: 'frontmatter' },
    });
    expect(classifyFile(file('memory/summaries/monthly/2026-04.md'), { frontmatter: null })).toMatchObject({
      kind: 'dated',
      layer: 'summaries-monthly',
      date: { granularity: 'month', date: '2026-04-01' },
    });
  });

  it('dates sessions by their first record, else mtime, and marks archives', () => {
    const live = classifyFile(file('sessions/main/abc.jsonl', { agentId: 'main' }), {
      frontmatter: null,
      firstRecordTimestamp: '2026-03-30T09:41:02.118Z',
    });
    expect(live).toMatchObject({
      kind: 'session',
      source: 'sessions',
      archived: false,
      agentId: 'main',
      evergreen: false,
      date: {
        date: '2026-03-30',
        granularity: 'instant',
        source: 'first-record',
        epochMs: Date.parse('2026-03-30T09:41:02.118Z'),
      },
    });
    const archived = classifyFile(file('sessions/ops/abc.jsonl.reset.2026-03-31T10-00-00Z'), {
      frontmatter: null,
      firstRecordTimestamp: null,
    });
    expect(archived).toMatchObject({ archived: true, agentId: 'ops', date: { source: 'mtime' } });
    expect(classifyFile(file('sessions/x.jsonl.deleted.1'), { frontmatter: null }).archived).toBe(true);
    expect(classifyFile(file('sessions/x.jsonl'), { frontmatter: null }).agentId).toBeUndefined();
  });
});

describe('layers and evergreen paths', () => {
  it('recognises the four-layer layout under memory/ or at the root', () => {
    expect(layerFromPath('memory/summaries/daily/2026-05-04.md')).toBe('summaries-daily');
    expect(layerFromPath('summaries/weekly/2026-w18.md')).toBe('summaries-weekly');
    expect(layerFromPath('memory/facts/preferences.md')).toBe('facts');
    expect(layerFromPath('memory/summaries/other.md')).toBeUndefined();
    expect(layerFromPath('memory/facts.md')).toBeUndefined();
  });

  it('treats undated memory paths as evergreen', () => {
    expect(isEvergreenPath('MEMORY.md')).toBe(true);
    expect(isEvergreenPath('memory/facts/preferences.md')).toBe(true);
    expect(isEvergreenPath('memory/2026-05-04.md')).toBe(false);
    expect(isEvergreenPath('sessions/a.jsonl')).toBe(false);
  });
});
