// A question of date words alone brings up that day (issue 32): over 30 daily notes with a cron run
// and a heartbeat on every one of those days, every phrasing of the day in every question form puts
// the day's note first — found by its date alone, with no keyword to match — and the scores stay
// fractions that minScore and the score bars read. Real files → real engine, `now` pinned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../../shared/domain.js';
import { computeFinalScore } from '../../../../shared/score.js';
import type { MemoryEngine } from '../../engine.js';
import { DATED_NOW, DATED_ZONE, FEB5_TIERS, datedDays, openDatedEngine } from '../test-support/dated-workspace.js';

let engine: MemoryEngine;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ engine, dispose } = await openDatedEngine());
}, 120_000);

afterAll(() => dispose());

function search(query: string, extra: Partial<Parameters<MemoryEngine['search']>[0]> = {}): Promise<SearchResponse> {
  return engine.search({ query, now: DATED_NOW, timeZoneOffsetMinutes: DATED_ZONE, ...extra });
}

/**
 * Now is Thursday 5 March 2026 (UTC+8); the notes run 3 Feb … 4 Mar. A period lists its notes in
 * date order, so last month opens with the earliest note in it: the summary of the week from 2 Feb.
 */
const PHRASINGS: { date: string; day: string; relative: boolean }[] = [
  { date: 'yesterday', day: '2026-03-04', relative: true },
  { date: 'the day before yesterday', day: '2026-03-03', relative: true },
  { date: '前天', day: '2026-03-03', relative: true },
  { date: '大前天', day: '2026-03-02', relative: true },
  { date: 'last Tuesday', day: '2026-03-03', relative: true },
  { date: '上周二', day: '2026-02-24', relative: true },
  { date: 'this week', day: '2026-03-02', relative: true },
  { date: '本周', day: '2026-03-02', relative: true },
  { date: 'last month', day: 'summaries/weekly/2026-w06', relative: true },
  { date: '上个月', day: 'summaries/weekly/2026-w06', relative: true },
  { date: 'Feb 5th', day: '2026-02-05', relative: false },
  { date: '5 February', day: '2026-02-05', relative: false },
  { date: '2/5', day: '2026-02-05', relative: false },
  { date: '2月5日', day: '2026-02-05', relative: false },
  { date: '2月5号', day: '2026-02-05', relative: false },
  { date: '二月五日', day: '2026-02-05', relative: false },
  { date: '2026-02-05', day: '2026-02-05', relative: false },
];

/** The question forms of the issue, and the date alone. */
function forms(p: (typeof PHRASINGS)[number]): string[] {
  return [
    p.relative ? `what did we do ${p.date}?` : `what did we do on ${p.date}?`,
    `${p.date}做了什么`,
    `notes from ${p.date}`,
    p.date,
  ];
}

describe('a question of date words alone puts the day’s note first', () => {
  for (const p of PHRASINGS) {
    it(`${p.date} → memory/${p.day}.md, in every form, automated runs shown or hidden`, async () => {
      for (const query of forms(p)) {
        const human = (r: SearchResponse): number =>
          r.results.filter((x) => x.breakdown.dated?.tier !== 'automated').length;
        const shown = await search(query);
        const hidden = await search(query, { automated: 'hide' });
        // Hiding automated runs never costs a human result.
        expect(human(hidden)).toBeGreaterThanOrEqual(human(shown));
        expect(hidden.results.some((r) => r.breakdown.dated?.tier === 'automated')).toBe(false);
        for (const response of [shown, hidden]) {
          const automated = response === shown ? 'include' : 'hide';
          const first = response.results[0];
          expect(first?.path, `${query} (${automated})`).toBe(`memory/${p.day}.md`);
          expect(first!.breakdown.dated?.tier).toBe('note');
          // chrono keeps a preposition it read with the date ("on 5 February").
          expect(first!.breakdown.dated?.dateWords).toEqual([expect.stringMatching(new RegExp(`${p.date}$`))]);
          for (const r of response.results) {
            expect(r.score).toBeLessThan(1);
            expect(r.score).toBeGreaterThanOrEqual(0.35);
            expect(r.score).toBe(computeFinalScore(r.breakdown));
          }
        }
      }
    });
  }

  it('the tiers of 5 Feb: its note, notes dated then, the week, the conversation, a mention, the automated runs', async () => {
    const response = await search('what did we do on Feb 5th', { maxResults: 12 });
    const tierOf = (p: string): string | undefined => response.results.find((r) => r.path === p)?.breakdown.dated?.tier;
    expect(response.results[0]!.path).toBe('memory/2026-02-05.md');
    expect(tierOf(FEB5_TIERS.datedNote)).toBe('dated-note');
    expect(tierOf(FEB5_TIERS.headingLog)).toBe('dated-note');
    expect(tierOf(FEB5_TIERS.weekly)).toBe('broader-note');
    expect(tierOf(FEB5_TIERS.conversation)).toBe('conversation');
    expect(tierOf(FEB5_TIERS.mention)).toBe('mention');
    const order = ['note', 'dated-note', 'broader-note', 'conversation', 'mention', 'automated'];
    const ranks = response.results.map((r) => order.indexOf(r.breakdown.dated!.tier));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks.at(-1)).toBe(order.indexOf('automated'));
    // The heading log's chunk is from 5 Feb by its heading, not by its file (it has no date).
    const log = response.results.find((r) => r.path === FEB5_TIERS.headingLog)!;
    expect(log.breakdown.dates?.match?.evidence).toBe('heading');
  });

  it('a dated heading without a year takes the file’s: 2月6日 in the log answers 2月6日', async () => {
    const response = await search('2月6日做了什么', { maxResults: 10 });
    const log = response.results.find((r) => r.path === FEB5_TIERS.headingLog);
    expect(log?.breakdown.dates?.match).toMatchObject({ evidence: 'heading' });
    expect(response.results[0]!.path).toBe('memory/2026-02-06.md');
  });

  it('a period lists its notes in date order: last week → Mon 23 … Sun 1 Mar', async () => {
    const response = await search('what did we do last week', { maxResults: 7 });
    const week = datedDays().filter((d) => d >= '2026-02-23' && d <= '2026-03-01');
    expect(response.results.map((r) => r.path)).toEqual(week.map((d) => `memory/${d}.md`));
    const zh = await search('上周做了什么', { maxResults: 7 });
    expect(zh.results.map((r) => r.path)).toEqual(week.map((d) => `memory/${d}.md`));
  });

  it('a question with words of its own keeps keywords in charge: the date is a boost', async () => {
    const response = await search('Feb 5th USB', { minScore: 0 });
    expect(response.results[0]!.breakdown.dated).toBeUndefined();
    expect(response.results[0]!.breakdown.keyword?.matchedTerms).toContain('usb');
    expect(response.notices.find((n) => n.code === 'query-dates')?.message).toContain('boosted ×2');
  });

  it('the notice says which words were the date, which the question, and what the order is', async () => {
    const response = await search('上周二做了什么');
    const notice = response.notices.find((n) => n.code === 'query-dates')?.message ?? '';
    expect(notice).toContain('“上周二”');
    expect(notice).toContain('“做了什么” is read as the question');
    expect(notice).toContain('the day’s notes'.replace('’', "'"));
    expect(response.results[0]!.breakdown.dated?.questionWords).toEqual(['做了什么']);
  });
});
