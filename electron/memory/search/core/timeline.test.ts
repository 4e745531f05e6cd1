import { describe, expect, it } from 'vitest';
import type { FileDate, WorkspaceFile } from '../../../../shared/domain.js';
import { buildTimeline } from './timeline.js';

function file(
  path: string,
  date: string | null,
  extra: Partial<WorkspaceFile> = {},
  granularity: FileDate['granularity'] = 'day',
): WorkspaceFile {
  return {
    path,
    source: path.includes('.jsonl') ? 'sessions' : 'memory',
    kind: path.includes('.jsonl') ? 'session' : date ? 'dated' : 'evergreen',
    archived: false,
    date: date ? { date, epochMs: Date.parse(`${date}T00:00:00Z`), granularity, source: 'path' } : null,
    size: 10,
    mtimeMs: 0,
    ...extra,
  };
}

const FILES: WorkspaceFile[] = [
  file('MEMORY.md', null),
  file('memory/projects.md', '2026-05-01', { kind: 'evergreen' }),
  file('memory/2026-05-04.md', '2026-05-04'),
  file('memory/daily/2026-05-03.md', '2026-05-03', { layer: 'summaries-daily' }),
  file('memory/2026-03-28-api-design.md', '2026-03-28'),
  file('memory/conversations/2026-05-04.md', '2026-05-04', { layer: 'conversations' }),
  file('memory/summaries/weekly/2026-w18.md', '2026-04-27', { layer: 'summaries-weekly' }, 'week'),
  file('memory/summaries/monthly/2026-04.md', '2026-04-01', { layer: 'summaries-monthly' }, 'month'),
  file('sessions/main/abc.jsonl.reset.2026-05-02', '2026-05-02', { archived: true, agentId: 'main' }, 'instant'),
];

describe('buildTimeline', () => {
  it('places every dated file by type, oldest first, leaving evergreen memory out', () => {
    const entries = buildTimeline(FILES);
    expect(entries.map((e) => [e.path, e.type])).toEqual([
      ['memory/2026-03-28-api-design.md', 'dated-topic'],
      ['memory/summaries/monthly/2026-04.md', 'monthly'],
      ['memory/summaries/weekly/2026-w18.md', 'weekly'],
      ['sessions/main/abc.jsonl.reset.2026-05-02', 'session'],
      ['memory/daily/2026-05-03.md', 'daily'],
      ['memory/2026-05-04.md', 'daily'],
      ['memory/conversations/2026-05-04.md', 'conversation'],
    ]);
    const session = entries.find((e) => e.type === 'session')!;
    expect(session).toMatchObject({ archived: true, agentId: 'main', title: 'abc' });
  });

  it('filters by overlapping date range and by type', () => {
    const may = buildTimeline(FILES, { from: '2026-05-01', to: '2026-05-03' });
    expect(may.map((e) => e.path)).toEqual([
      'memory/summaries/weekly/2026-w18.md',
      'sessions/main/abc.jsonl.reset.2026-05-02',
      'memory/daily/2026-05-03.md',
    ]);
    expect(buildTimeline(FILES, { types: ['monthly', 'weekly'] }).map((e) => e.type)).toEqual(['monthly', 'weekly']);
  });

  it('titles entries by their first heading when known, else by file name', () => {
    const entries = buildTimeline(FILES, { types: ['daily'] }, (p) =>
      p === 'memory/2026-05-04.md' ? '周一：合同谈判' : null,
    );
    expect(entries.map((e) => e.title)).toEqual(['2026-05-03', '周一：合同谈判']);
  });
});
