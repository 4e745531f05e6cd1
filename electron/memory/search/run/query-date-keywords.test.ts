// A date phrase in the query is read as a date, never searched as words: `上周二` must not find
// '上一步', "last Tuesday" must not find a note that mentions Tuesdays.
import { afterEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { SEARCH_DEFAULTS } from '../../../../shared/search-defaults.js';
import { runSearch, type SearchContext } from './run-search.js';
import { buildTestIndex, isoDay, keywordOnlyContext, type TestDoc } from '../test-support/test-index.js';

let db: Database.Database | null = null;
afterEach(() => {
  db?.close();
  db = null;
});

function open(docs: TestDoc[]): SearchContext {
  const built = buildTestIndex(docs);
  db = built.db;
  return keywordOnlyContext(built.session, built.meta);
}

// Friday 6 Nov 2026, 10:00 in UTC+8: last Tuesday is 2026-10-27 (上周二) / 2026-11-03 (last Tuesday).
const NOW = Date.parse('2026-11-06T10:00:00+08:00');
const ZONE = 480;

const DOCS: TestDoc[] = [
  { path: 'memory/upgrade.md', text: '升级路由器的上一步：先备份配置，上传到 NAS 上面。' },
  { path: 'memory/standup.md', text: 'Tuesday standup moved to 10am. Every Tuesday the router reboots.' },
  { path: 'memory/2026-10-27.md', text: '路由器固件升级完成，网络稳定。', date: isoDay('2026-10-27') },
  { path: 'memory/2026-11-03.md', text: 'Router firmware upgraded; network stable.', date: isoDay('2026-11-03') },
  ...Array.from({ length: 6 }, (_, i) => ({ path: `memory/filler-${i}.md`, text: `午饭 ${i} 吃了面 lunch noodles` })),
];

describe('date phrases are not keywords', () => {
  it('上周二 alone searches none of its characters: no memory is found through 上', async () => {
    const ctx = open(DOCS);
    const response = await runSearch(ctx, { query: '上周二', now: NOW, timeZoneOffsetMinutes: ZONE });
    expect(response.results.map((r) => r.path)).not.toContain('memory/upgrade.md');
    const loose = await runSearch(ctx, { query: '上周二', minScore: 0, now: NOW, timeZoneOffsetMinutes: ZONE });
    for (const r of loose.results) expect(r.breakdown.keyword?.query ?? '').not.toMatch(/上|周|二/);
    expect(SEARCH_DEFAULTS.minScore).toBeGreaterThan(0);
  });

  it('上周二 with other words searches only the other words, even when they find nothing', async () => {
    const ctx = open(DOCS);
    const response = await runSearch(ctx, {
      query: '上周二 zqwxv',
      minScore: 0,
      now: NOW,
      timeZoneOffsetMinutes: ZONE,
    });
    expect(response.results.map((r) => r.path)).not.toContain('memory/upgrade.md');
    const routed = await runSearch(ctx, { query: '上周二路由器', minScore: 0, now: NOW, timeZoneOffsetMinutes: ZONE });
    expect(routed.results[0]!.path).toBe('memory/2026-10-27.md');
    for (const r of routed.results) expect(r.breakdown.keyword?.query ?? '').not.toMatch(/上|周|二/);
  });

  it('"last Tuesday" does not search "Tuesday": a note about Tuesdays is not found through it', async () => {
    const ctx = open(DOCS);
    const alone = await runSearch(ctx, { query: 'last Tuesday', minScore: 0, now: NOW, timeZoneOffsetMinutes: ZONE });
    expect(alone.results.map((r) => r.path)).not.toContain('memory/standup.md');
    const withWord = await runSearch(ctx, {
      query: 'router last Tuesday',
      minScore: 0,
      now: NOW,
      timeZoneOffsetMinutes: ZONE,
    });
    expect(withWord.results[0]!.path).toBe('memory/2026-11-03.md');
    for (const r of withWord.results) expect((r.breakdown.keyword?.query ?? '').toLowerCase()).not.toContain('tuesday');
  });

  it('an absolute date finds the memory from that day, not a note that merely holds 月 and 号', async () => {
    const ctx = open([
      { path: 'memory/notes.md', text: '号码本：每月更新一次，月底对账。' },
      { path: 'memory/2026-04-16.md', text: 'Dashboard 故障：连接池满了。', date: isoDay('2026-04-16') },
      ...Array.from({ length: 6 }, (_, i) => ({ path: `memory/filler-${i}.md`, text: `lunch ${i}` })),
    ]);
    const response = await runSearch(ctx, {
      query: '4月16号 故障',
      minScore: 0,
      now: NOW,
      timeZoneOffsetMinutes: ZONE,
    });
    expect(response.results[0]!.path).toBe('memory/2026-04-16.md');
    expect(response.results.map((r) => r.path)).not.toContain('memory/notes.md');
  });
});
