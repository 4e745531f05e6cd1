// Dates in queries, Chinese and English, resolved against a pinned now: 2026-11-06 10:00 in
// UTC+8 (a Friday, ISO week 45) — the labeled set's NOW.
import { describe, expect, it } from 'vitest';
import * as chronoEn from 'chrono-node/en';
import { englishDateParser, findQueryDates, localDay, withoutDateWords } from './query-dates.js';

const NOW = Date.parse('2026-11-06T10:00:00+08:00');
const ranges = (query: string, offset = 480): [string, string, string][] =>
  findQueryDates(query, NOW, offset).map((d) => [d.text, d.from, d.to]);

describe('findQueryDates', () => {
  it('reads absolute dates in both languages, a missing year meaning the last one that has passed', () => {
    expect(ranges('2026-04-16 Dashboard 出了什么故障')).toEqual([['2026-04-16', '2026-04-16', '2026-04-16']]);
    expect(ranges('4月16号 Dashboard 出了什么故障？')).toEqual([['4月16号', '2026-04-16', '2026-04-16']]);
    expect(ranges('Feb 5th standup')).toEqual([['Feb 5th', '2026-02-05', '2026-02-05']]);
    expect(ranges('Which meetings did I have on Thursday, February 5th?')).toEqual([
      ['on Thursday, February 5th', '2026-02-05', '2026-02-05'],
    ]);
    expect(ranges('7月10号要提醒我确认什么')).toEqual([['7月10号', '2026-07-10', '2026-07-10']]);
    expect(ranges('what happened on 11-05')).toEqual([['11-05', '2026-11-05', '2026-11-05']]);
    expect(ranges('12-20 的安排')).toEqual([['12-20', '2025-12-20', '2025-12-20']]);
  });

  it('reads relative days and weekdays', () => {
    expect(ranges('昨天那个合同金额')).toEqual([['昨天', '2026-11-05', '2026-11-05']]);
    expect(ranges('what did we decide yesterday')).toEqual([['yesterday', '2026-11-05', '2026-11-05']]);
    expect(ranges('前天家里网络出了什么问题')).toEqual([['前天', '2026-11-04', '2026-11-04']]);
    expect(ranges('三天前')).toEqual([['三天前', '2026-11-03', '2026-11-03']]);
    expect(ranges('two days ago')).toEqual([['two days ago', '2026-11-04', '2026-11-04']]);
    expect(ranges('这周三')).toEqual([['这周三', '2026-11-04', '2026-11-04']]);
    expect(ranges('this Wednesday')).toEqual([['this Wednesday', '2026-11-04', '2026-11-04']]);
    expect(ranges('上上周三')).toEqual([['上上周三', '2026-10-21', '2026-10-21']]);
    expect(ranges('on Monday')).toEqual([['on Monday', '2026-11-02', '2026-11-02']]);
  });

  it('reads durations before and after now, whichever word ends them (the parsers only such queries pay for)', () => {
    expect(ranges('what did I do 3 days ago')).toEqual([['3 days ago', '2026-11-03', '2026-11-03']]);
    expect(ranges('4 hrs ago')).toEqual([['4 hrs ago', '2026-11-06', '2026-11-06']]);
    expect(ranges('a few days ago we met')).toEqual([['a few days ago', '2026-11-03', '2026-11-03']]);
    expect(ranges('ten days before the trip')).toEqual([['ten days before', '2026-10-27', '2026-10-27']]);
    expect(ranges('a couple of months earlier')).toEqual([['a couple of months earlier', '2026-09-01', '2026-09-30']]);
    expect(ranges('the report 5 days later')).toEqual([['5 days later', '2026-11-11', '2026-11-11']]);
    expect(ranges('2 days from now')).toEqual([['2 days from now', '2026-11-08', '2026-11-08']]);
    expect(ranges('three days out')).toEqual([['three days out', '2026-11-09', '2026-11-09']]);
    // The fast path skips only those two parsers, and only where they find nothing.
    for (const query of [
      'last Tuesday',
      '2月5日',
      '昨天',
      'yesterday',
      '2026-04-16',
      'what about the feedback',
      'evening',
    ])
      expect(englishDateParser(query).parse(query, new Date(NOW))).toEqual(chronoEn.casual.parse(query, new Date(NOW)));
    expect(ranges('last Tuesday')).toEqual([['last Tuesday', '2026-11-03', '2026-11-03']]);
    const parsers = (query: string): string[] => englishDateParser(query).parsers.map((p) => p.constructor.name);
    expect(englishDateParser('remind me what I said about the budget')).not.toBe(chronoEn.casual);
    expect(parsers('two weeks out')).toContain('ENTimeUnitLaterFormatParser');
    expect(parsers('remind me what I said about the budget')).not.toContain('ENTimeUnitLaterFormatParser');
  });

  it('reads month names however they are written (the month parsers only such queries pay for)', () => {
    expect(ranges('Feb 5th')).toEqual([['Feb 5th', '2026-02-05', '2026-02-05']]);
    expect(ranges('on the 3rd of March')).toEqual([['3rd of March', '2026-03-03', '2026-03-03']]);
    expect(ranges('the sept. 2025 offsite')).toEqual([['sept. 2025', '2025-09-01', '2025-09-30']]);
    expect(ranges('what did we plan in July')).toEqual([['July', '2026-07-01', '2026-07-31']]);
    // The fast path leaves out the month parsers only where they find nothing.
    for (const query of [
      'Feb 5th',
      'on the 3rd of March',
      'the sept. 2025 offsite',
      '2025 December',
      'in July',
      'DEC 24',
      'friday evening',
      'weekend knee',
      'when did Sarah mention the friday',
      'remind me what I said about tomorrow and recipe',
    ])
      expect(englishDateParser(query).parse(query, new Date(NOW))).toEqual(chronoEn.casual.parse(query, new Date(NOW)));
    const parsers = (query: string): string[] => englishDateParser(query).parsers.map((p) => p.constructor.name);
    expect(parsers('friday evening')).not.toContain('ENMonthNameParser');
    expect(parsers('in July')).toContain('ENMonthNameParser');
  });

  it('reads "within 3 days" and "next 2 weeks" (the time-unit parsers only such queries pay for)', () => {
    // The fast path leaves out chrono's two time-unit parsers only where they find nothing.
    for (const query of [
      'within 3 days',
      'in a few hours',
      'in half ahour',
      'for about two hours',
      'within a couple of days',
      'the next couple  weeks',
      'past 24h',
      '+2d',
      'in 2 days and 3 hours',
      'within 10 minutes, 5 seconds',
      'IN 3 DAYS',
      'what did they say',
      'weekend knee',
      'what did we decide about the message weekend',
    ])
      expect(englishDateParser(query).parse(query, new Date(NOW))).toEqual(chronoEn.casual.parse(query, new Date(NOW)));
    const parsers = (query: string): string[] => englishDateParser(query).parsers.map((p) => p.constructor.name);
    expect(parsers('what did we decide about the message weekend')).not.toContain('ENTimeUnitWithinFormatParser');
    expect(parsers('weekend knee')).not.toContain('ENTimeUnitCasualRelativeFormatParser');
    expect(parsers('in half ahour')).toContain('ENTimeUnitWithinFormatParser');
    expect(parsers('next 2 weeks')).toContain('ENTimeUnitCasualRelativeFormatParser');
  });

  it('feeds a query only the English parsers that could read it, and reads every query as chrono alone would', () => {
    const phrases = [
      '3 days ago',
      'two weeks earlier',
      '5 days later',
      'a few hours ago',
      'within 3 days',
      'in a couple of weeks',
      'next 2 weeks',
      'past 24h',
      '+2d',
      '-3 days',
      'this week',
      'last month',
      'next year',
      'past quarter',
      'after this week',
      'Dec 1st',
      'dec first',
      'Dec1',
      '5th dec',
      'on the 3rd of March',
      'december 5, 2025',
      '2025 Dec',
      'in sept.',
      'Sept 2025',
      'the twenty-first of June',
      'JUL 4',
      'may 3',
      'in may',
      'aug',
      'on Monday',
      'this weekend',
      'last friday',
      'sat.',
      'Thurs',
      'next wednesday',
      'tuesday of next week',
      'weekday',
      'now',
      'today',
      'tonight',
      'tomorrow',
      'overmorrow',
      'tmr',
      'tmrw',
      'yesterday',
      'last night',
      'lastnight',
      'this morning',
      'afternoon',
      'evening',
      'midnight',
      'noon',
      'midday',
      'end of month',
      'last day of the month',
      'at 5pm',
      '17:30',
      '9.30',
      'from 3 to 5pm',
      '2026-04-16',
      '2026/4/16',
      '11/05/2026',
      '5/2026',
      '4/16',
      '2026',
      'Q3',
    ];
    const fillers = [
      'what did we decide about',
      'the summary',
      'maybe',
      'message',
      'mention',
      'knee',
      'remind me what I said about',
      'Sunday-ish',
      'montage',
      'the saturnine',
      'decent',
      'junior',
      'nowhere',
      'knight',
      'august committee',
      'octopus',
      'tuesdays',
      'mayday',
      'marching',
      'apricot',
      'novel',
      'septic',
      'feeble',
      'janitor',
      'julep',
    ];
    const queries = [
      ...phrases,
      ...fillers,
      ...phrases.flatMap((p, i) => [
        `${fillers[i % fillers.length]} ${p}`,
        `${p} ${fillers[(i * 7) % fillers.length]}`,
      ]),
      ...phrases.map((p, i) => `${p} to ${phrases[(i * 11 + 5) % phrases.length]}`),
      ...fillers.flatMap((f) => [f.toUpperCase(), `${f}, ${f}`]),
    ];
    for (const query of queries)
      expect(englishDateParser(query).parse(query, new Date(NOW)), query).toEqual(
        chronoEn.casual.parse(query, new Date(NOW)),
      );
    const parsers = (query: string): string[] => englishDateParser(query).parsers.map((p) => p.constructor.name);
    expect(parsers('friday typescript')).toEqual(['ENWeekdayParser']);
    expect(parsers('what did we decide about the message weekend')).toEqual(['ENWeekdayParser']);
    expect(parsers('evening')).toEqual(['ENCasualTimeParser']);
    expect(parsers('dec first')).toContain('ENMonthNameMiddleEndianParser');
  });

  it('reads weeks and months as ranges', () => {
    expect(ranges('上周')).toEqual([['上周', '2026-10-26', '2026-11-01']]);
    expect(ranges('last week')).toEqual([['last week', '2026-10-26', '2026-11-01']]);
    expect(ranges('本周的事故总结')).toEqual([['本周', '2026-11-02', '2026-11-08']]);
    expect(ranges('this week')).toEqual([['this week', '2026-11-02', '2026-11-08']]);
    expect(ranges('上上周')).toEqual([['上上周', '2026-10-19', '2026-10-25']]);
    expect(ranges('two weeks ago')).toEqual([['two weeks ago', '2026-10-19', '2026-10-25']]);
    expect(ranges('this month')).toEqual([['this month', '2026-11-01', '2026-11-30']]);
    expect(ranges('这个月')).toEqual([['这个月', '2026-11-01', '2026-11-30']]);
    expect(ranges('上个月')).toEqual([['上个月', '2026-10-01', '2026-10-31']]);
    expect(ranges('two months ago')).toEqual([['two months ago', '2026-09-01', '2026-09-30']]);
    expect(ranges('五个月前签合同那天')).toEqual([['五个月前', '2026-06-01', '2026-06-30']]);
    expect(ranges('七月定的跑步计划')).toEqual([['七月', '2026-07-01', '2026-07-31']]);
    expect(ranges('10-01 到 10-07 去东京')).toEqual([['10-01 到 10-07', '2026-10-01', '2026-10-07']]);
  });

  it('resolves "yesterday" in the asker’s time zone', () => {
    // 10:00 in UTC+8 is 02:00 UTC the same day, but 21:00 the previous day in UTC−5.
    expect(localDay(NOW, -300)).toBe('2026-11-05');
    expect(ranges('yesterday', -300)).toEqual([['yesterday', '2026-11-04', '2026-11-04']]);
  });

  it('does not read ordinary words and times as dates', () => {
    for (const q of [
      'may I ask about the budget',
      'march on',
      'the sun was out',
      'second draft',
      'HG-2 OTA 0.9.4',
      '30/40/30 付款',
      'weekly 1:1 at 4pm',
      '晚上月亮很圆',
      'what is the plan now',
    ]) {
      expect(ranges(q), q).toEqual([]);
    }
  });

  it('blanks relative date words out of the query and keeps dates written as dates', () => {
    const relative = '昨天 Dashboard 出了什么故障';
    expect(withoutDateWords(relative, findQueryDates(relative, NOW, 480)).trim()).toBe('Dashboard 出了什么故障');
    const absolute = '4月16号 Dashboard 出了什么故障';
    expect(findQueryDates(absolute, NOW, 480)[0]!.absolute).toBe(true);
    expect(withoutDateWords(absolute, findQueryDates(absolute, NOW, 480))).toBe(absolute);
    expect(findQueryDates('上个月 and last week', NOW, 480).map((d) => d.absolute)).toEqual([false, false]);
    expect(findQueryDates('七月 and Feb 5th', NOW, 480).map((d) => d.absolute)).toEqual([true, true]);
  });
});

describe('the date words of a question about a day (now Thursday 2026-03-05, UTC+8)', () => {
  const THU = Date.parse('2026-03-05T10:00:00+08:00');
  const read = (query: string): [string, string, string][] =>
    findQueryDates(query, THU, 480).map((d) => [d.text, d.from, d.to]);
  it.each([
    ['yesterday', '2026-03-04', '2026-03-04'],
    ['the day before yesterday', '2026-03-03', '2026-03-03'],
    ['前天', '2026-03-03', '2026-03-03'],
    ['大前天', '2026-03-02', '2026-03-02'],
    ['last Tuesday', '2026-03-03', '2026-03-03'],
    ['上周二', '2026-02-24', '2026-02-24'],
    ['this week', '2026-03-02', '2026-03-08'],
    ['本周', '2026-03-02', '2026-03-08'],
    ['last month', '2026-02-01', '2026-02-28'],
    ['上个月', '2026-02-01', '2026-02-28'],
    ['Feb 5th', '2026-02-05', '2026-02-05'],
    ['5 February', '2026-02-05', '2026-02-05'],
    ['2/5', '2026-02-05', '2026-02-05'],
    ['2月5日', '2026-02-05', '2026-02-05'],
    ['2月5号', '2026-02-05', '2026-02-05'],
    ['二月五日', '2026-02-05', '2026-02-05'],
    ['2026-02-05', '2026-02-05', '2026-02-05'],
  ])('reads “%s” as %s – %s', (words, from, to) => {
    expect(read(words)).toEqual([[words, from, to]]);
    expect(read(`what did we do ${words}?`)).toEqual([[words, from, to]]);
  });

  it('says that 2/5 was read as month/day, and only there', () => {
    expect(findQueryDates('notes from 2/5', THU, 480).map((d) => d.reading)).toEqual(['month/day']);
    expect(findQueryDates('notes from Feb 5th', THU, 480)[0]?.reading).toBeUndefined();
  });
});
