import { afterEach, describe, expect, it, vi } from 'vitest';
import { translator } from '../../../../../shared/i18n';
import { indexReasons } from '../../../../../shared/index-reasons';
import { fileBadges, groupFiles, type GroupWords, type SidebarGroup } from './group-files';
import { dated, fileEntry } from '../../../test-support/fake-workspace-api';
import { COLLAPSE_ABOVE, isGroupOpen } from './files-slice';

const entries = [
  fileEntry('USER.md'),
  fileEntry('MEMORY.md'),
  fileEntry('memory/projects.md'),
  fileEntry('memory/2026-03-28-api-design.md', { kind: 'dated', date: dated('2026-03-28') }),
  fileEntry('memory/2026-05-04-standup.md', { kind: 'dated', date: dated('2026-05-04') }),
  fileEntry('memory/2025-12-31-review.md', { kind: 'dated', date: dated('2025-12-31') }),
  fileEntry('memory/conversations/2026-05-04.md', { kind: 'dated', layer: 'conversations', date: dated('2026-05-04') }),
  fileEntry('memory/summaries/weekly/2026-w18.md', {
    kind: 'dated',
    layer: 'summaries-weekly',
    date: dated('2026-04-27', 'path', 'week'),
  }),
  fileEntry('memory/summaries/monthly/2026-04.md', {
    kind: 'dated',
    layer: 'summaries-monthly',
    date: dated('2026-04-01', 'path', 'month'),
  }),
  fileEntry('memory/facts/people.md', { layer: 'facts' }),
  fileEntry('sessions/main/abc.jsonl', { agentId: 'main', date: dated('2026-05-04', 'first-record', 'instant') }),
  fileEntry('sessions/main/old.jsonl.reset.2026-05-01', {
    agentId: 'main',
    archived: true,
    date: dated('2026-05-01', 'first-record', 'instant'),
  }),
  fileEntry('sessions/loose.jsonl', { date: dated('2026-05-02', 'mtime', 'instant') }),
];

function paths(g: SidebarGroup): string[] {
  return [...g.groups.flatMap(paths), ...g.files.map((f) => f.path)];
}

describe('groupFiles', () => {
  const groups = groupFiles(entries);
  const byId = (id: string) => groups.find((g) => g.id === id)!;

  it('orders groups as the user thinks of them and drops empty ones', () => {
    expect(groups.map((g) => g.label)).toEqual([
      'Evergreen',
      'Topics',
      'Dated',
      'Conversations',
      'Summaries',
      'Facts',
      'Sessions',
    ]);
  });

  it('puts MEMORY.md before USER.md in Evergreen and keeps topic files apart', () => {
    expect(byId('evergreen').files.map((f) => f.path)).toEqual(['MEMORY.md', 'USER.md']);
    expect(paths(byId('topics'))).toEqual(['memory/projects.md']);
  });

  it('groups dated files by year then month, newest first', () => {
    const dated = byId('dated');
    expect(dated.groups.map((g) => g.label)).toEqual(['2026', '2025']);
    expect(dated.groups[0]!.groups.map((g) => g.label)).toEqual(['May 2026', 'March 2026']);
    expect(dated.count).toBe(3);
  });

  it('splits summaries into weekly/monthly and keeps the four-layer files out of Dated', () => {
    expect(byId('summaries').groups.map((g) => g.label)).toEqual(['Weekly', 'Monthly']);
    expect(paths(byId('dated'))).not.toContain('memory/conversations/2026-05-04.md');
    expect(paths(byId('conversations'))).toEqual(['memory/conversations/2026-05-04.md']);
    expect(paths(byId('facts'))).toEqual(['memory/facts/people.md']);
  });

  it('groups sessions by agent and day, archives included', () => {
    const sessions = byId('sessions');
    expect(sessions.groups.map((g) => g.label)).toEqual(['Agent main', 'Workspace sessions']);
    expect(sessions.groups[0]!.groups.map((g) => g.label)).toEqual(['2026-05-04', '2026-05-01']);
    expect(sessions.count).toBe(3);
  });

  it('counts every file exactly once', () => {
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(entries.length);
  });

  it('filters by every word, case-insensitively, and updates counts', () => {
    const filtered = groupFiles(entries, 'API 2026');
    expect(filtered.map((g) => g.id)).toEqual(['dated']);
    expect(filtered[0]!.count).toBe(1);
    expect(groupFiles(entries, 'nothing-matches')).toEqual([]);
  });
});

describe('groupFiles in Simplified Chinese', () => {
  const zh = translator('zh-CN');
  const words: GroupWords = {
    locale: 'zh-CN',
    t: (key, params) => zh(key.includes(':') ? key : `files:${key}`, params),
  };
  const groups = groupFiles(entries, '', words);
  const byId = (id: string) => groups.find((g) => g.id === id)!;

  it('names the groups, the months and the agents in Chinese', () => {
    expect(groups.map((g) => g.label)).toEqual(['长期记忆', '主题', '按日期', '对话', '摘要', '事实', '会话']);
    expect(byId('dated').groups[0]!.groups.map((g) => g.label)).toEqual(['2026年5月', '2026年3月']);
    expect(byId('sessions').groups.map((g) => g.label)).toEqual(['智能体 main', '工作区会话']);
  });

  it('words the badges in Chinese, with the count', () => {
    const badges = fileBadges(fileEntry('sessions/x.jsonl', { malformedLines: 3, archived: true }), words);
    expect(badges.map((b) => b.label)).toEqual(['3 行损坏', '已归档']);
  });

  it('says why a file was skipped in Chinese when the index recorded the reason by id, and in English when it did not', () => {
    const reason = indexReasons.tooLarge('memory', 9 * 1024 * 1024, 5 * 1024 * 1024);
    const skipped = fileEntry('memory/huge.md', {
      indexState: 'skipped',
      indexError: reason.message,
      indexErrorId: reason.messageId!,
      indexErrorParams: reason.params!,
    });
    expect(fileBadges(skipped, words)[0]!.title).toBe(
      '文件太大，未编入索引（9.0 MB；超过 5.0 MB 的 Markdown 文件不编入索引）',
    );
    expect(fileBadges(skipped)[0]!.title).toBe(reason.message);
    const before = fileEntry('memory/huge.md', { indexState: 'skipped', indexError: reason.message });
    expect(fileBadges(before, words)[0]!.title).toBe(reason.message);
  });
});

describe('fileBadges', () => {
  it('flags a checksum mismatch, failed and pending files, and archives', () => {
    const kinds = (e: Parameters<typeof fileBadges>[0]) => fileBadges(e).map((b) => b.kind);
    expect(
      kinds(fileEntry('a.md', { checksum: { declared: 'a'.repeat(64), actual: 'b'.repeat(64), ok: false } })),
    ).toEqual(['checksum']);
    expect(kinds(fileEntry('a.md', { checksum: { declared: 'a', actual: 'a', ok: true } }))).toEqual([]);
    expect(kinds(fileEntry('a.md', { indexState: 'failed', indexError: 'boom' }))).toEqual(['failed']);
    expect(fileBadges(fileEntry('a.md', { indexState: 'failed', indexError: 'boom' }))[0]!.title).toBe('boom');
    expect(kinds(fileEntry('a.md', { indexState: 'pending' }))).toEqual(['pending']);
    expect(kinds(fileEntry('sessions/x.jsonl.deleted.1', { archived: true, malformedLines: 2 }))).toEqual([
      'malformed',
      'archived',
    ]);
  });
});

describe('isGroupOpen', () => {
  it('opens everything in a small workspace and folds months in a large one', () => {
    expect(isGroupOpen('dated/2026-05', {}, false, 7)).toBe(true);
    expect(isGroupOpen('dated/2026-05', {}, false, COLLAPSE_ABOVE + 1)).toBe(false);
    expect(isGroupOpen('dated/2026', {}, false, COLLAPSE_ABOVE + 1)).toBe(true);
    expect(isGroupOpen('sessions/main/2026-05-04', {}, false, 500)).toBe(false);
  });

  it('a click flips the default, and a filter opens everything', () => {
    expect(isGroupOpen('evergreen', { evergreen: true }, false, 2)).toBe(false);
    expect(isGroupOpen('dated/2026-05', { 'dated/2026-05': true }, false, 500)).toBe(true);
    expect(isGroupOpen('evergreen', { evergreen: true }, true, 2)).toBe(true);
  });

  it('groups 10k files in one pass', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      fileEntry(`sessions/main/s${i}.jsonl`, {
        agentId: 'main',
        date: dated(`2026-05-${String((i % 28) + 1).padStart(2, '0')}`, 'first-record', 'instant'),
      }),
    );
    const groups = groupFiles(many);
    expect(groups[0]!.count).toBe(10_000);
    expect(groups[0]!.groups[0]!.groups).toHaveLength(28);
  });
});

describe("groupFiles in the user's time zone", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('lists a session under the day it began where the user is, not the UTC day', () => {
    vi.stubEnv('TZ', 'Asia/Shanghai');
    // 01:30 on 24 September in Shanghai is still 23 September in UTC.
    const lateNight = {
      date: '2026-09-23',
      epochMs: Date.parse('2026-09-23T17:30:00Z'),
      granularity: 'instant' as const,
      source: 'first-record' as const,
    };
    const groups = groupFiles([fileEntry('sessions/main/late.jsonl', { agentId: 'main', date: lateNight })]);
    const agent = groups.find((g) => g.id === 'sessions')!.groups.find((g) => g.id === 'sessions/main')!;
    expect(agent.groups.map((g) => g.label)).toEqual(['2026-09-24']);
  });
});

describe('automated sessions in the sidebar', () => {
  const at = (iso: string) => dated(iso.slice(0, 10), 'first-record', 'instant');
  const files = [
    fileEntry('sessions/main/talk.jsonl', {
      agentId: 'main',
      sessionKind: 'conversation',
      title: '还是回复我她是sunny',
      date: at('2026-11-05'),
    }),
    fileEntry('sessions/main/c1.jsonl', {
      agentId: 'main',
      sessionKind: 'cron',
      title: 'Wise Support Email Check',
      date: at('2026-11-05'),
    }),
    fileEntry('sessions/main/c2.jsonl', {
      agentId: 'main',
      sessionKind: 'cron',
      title: 'Wise Support Email Check',
      date: at('2026-11-06'),
    }),
    fileEntry('sessions/main/h1.jsonl', {
      agentId: 'main',
      sessionKind: 'heartbeat',
      title: 'Heartbeat',
      date: at('2026-11-05'),
    }),
    fileEntry('sessions/main/s1.jsonl', {
      agentId: 'main',
      sessionKind: 'subagent',
      title: 'Summarise',
      date: at('2026-11-05'),
    }),
  ];
  const groups = groupFiles(files);

  it('lists conversations under Sessions and automated runs apart, cron by job, closed until opened', () => {
    expect(groups.map((g) => g.id)).toEqual(['sessions', 'automated']);
    expect(paths(groups[0]!)).toEqual(['sessions/main/talk.jsonl']);
    const automated = groups[1]!;
    expect(automated.groups.map((g) => `${g.label} ${g.count}`)).toEqual([
      'Cron job: Wise Support Email Check 2',
      'Heartbeat 1',
      'Sub-agent 1',
    ]);
    expect(isGroupOpen('automated', {}, false)).toBe(false);
    expect(isGroupOpen('automated', { automated: true }, false)).toBe(true);
  });
});
