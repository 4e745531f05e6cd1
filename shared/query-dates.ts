// Dates a query mentions — "2026-04-16", "4月16号", "Feb 5th", "Thursday, February 5th",
// "yesterday", "昨天", "上周", "last week", "三天前", "this month" — as inclusive ranges of days in
// the asker's time zone, resolved against "now". chrono-node (zh + en) reads the dates; the
// periods it leaves out (weeks, months, "N 天前", "上上周三") are read here. Memory is about the
// past, so a date without a year, or a bare weekday, that would land after today means the last
// one before it ("Feb 5th" in November is last February, "on Monday" is the Monday just gone).
// The two locales it reads, not the package root: that loads all fifteen (268 modules, ~70 ms per CLI run).
import type { Chrono, Component, ParsedResult } from 'chrono-node';
import * as chronoEn from 'chrono-node/en';
import * as chronoZh from 'chrono-node/zh';

export interface QueryDate {
  /** The words of the query, as written. */
  text: string;
  /** UTF-16 offsets of those words in the query. */
  start: number;
  end: number;
  /** Inclusive ISO days. */
  from: string;
  to: string;
  /**
   * Written as a date ("2026-04-16", "4月16号", "Feb 5th", "七月") rather than relative to now
   * ("昨天", "last week"): its words may be written in a memory too, so they stay searchable.
   */
  absolute: boolean;
  /** How an ambiguous form was read, for the breakdown: "2/5" is "month/day" (5 Feb), never 2 May. */
  reading?: 'month/day';
}

const MONTH_WORD = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|[一二三四五六七八九十]+月/i;

function isAbsolute(text: string): boolean {
  return /\d/.test(text) || MONTH_WORD.test(text);
}

const DAY_MS = 86_400_000;

/** Epoch ms → local ISO day at `offsetMinutes` east of UTC. */
export function localDay(ms: number, offsetMinutes: number): string {
  return new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** An ISO day `days` later (earlier when negative). */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function isoOf(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** Monday of the ISO week holding `iso`. */
function mondayOf(iso: string): string {
  const weekday = (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(iso, -weekday);
}

function monthRange(year: number, month: number): [string, string] {
  const first = isoOf(year, month, 1);
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return [first, last];
}

function shiftMonth(today: string, months: number): [number, number] {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const index = y * 12 + (m - 1) + months;
  return [Math.floor(index / 12), (index % 12) + 1];
}

const ZH_DIGITS: Record<string, number> = {
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const EN_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/** "3", "三", "十二", "two" → a number; NaN when it is none. */
function countOf(word: string): number {
  if (/^\d+$/.test(word)) return Number(word);
  const lower = word.toLowerCase();
  if (lower in EN_NUMBERS) return EN_NUMBERS[lower]!;
  if (word === '十') return 10;
  const tens = /^([一二两三四五六七八九])?十([一二三四五六七八九])?$/.exec(word);
  if (tens) return (tens[1] ? ZH_DIGITS[tens[1]]! : 1) * 10 + (tens[2] ? ZH_DIGITS[tens[2]]! : 0);
  return word.length === 1 && word in ZH_DIGITS ? ZH_DIGITS[word]! : Number.NaN;
}

const ZH_WEEKDAY: Record<string, number> = { 一: 0, 二: 1, 三: 2, 四: 3, 五: 4, 六: 5, 日: 6, 天: 6 };
const NUM = '(\\d+|[一二两三四五六七八九十]+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';

/** Periods chrono does not read as ranges: each returns [from, to] for `today`, or null. */
const PERIODS: {
  pattern: RegExp;
  range(m: RegExpExecArray, today: string): [string, string] | null;
  reading?: QueryDate['reading'];
}[] = [
  {
    pattern: /上上(?:个)?(?:周|星期|礼拜)([一二三四五六日天])/g,
    range: (m, t) => day(addDays(mondayOf(t), -14 + ZH_WEEKDAY[m[1]!]!)),
  },
  {
    pattern: /(?:上上(?:个)?(?:周|星期|礼拜)|两周前|两个星期前|\btwo weeks ago\b|\bthe week before last\b)/gi,
    range: (_m, t) => week(addDays(mondayOf(t), -14)),
  },
  {
    pattern:
      /(?:(?<![晚早马路以之往向])上(?:个)?(?:周|星期|礼拜)(?![一二三四五六日天])|\blast week\b|\bprevious week\b)/gi,
    range: (_m, t) => week(addDays(mondayOf(t), -7)),
  },
  {
    pattern: /(?:(?:本|这|這)(?:个|個)?(?:周|星期|礼拜)(?![一二三四五六日天])|\bthis week\b)/gi,
    range: (_m, t) => week(mondayOf(t)),
  },
  {
    pattern: new RegExp(`${NUM}\\s*(?:个)?(?:周|星期|礼拜)前|\\b${NUM} weeks? ago\\b`, 'gi'),
    range: (m, t) => weeksAgo(countOf(m[1] ?? m[2]!), t),
  },
  { pattern: /(?:上上(?:个)?月|\bthe month before last\b)/gi, range: (_m, t) => month(shiftMonth(t, -2)) },
  {
    pattern: /(?:(?<![晚早马路以之往向])上(?:个)?月|\blast month\b|\bprevious month\b)/gi,
    range: (_m, t) => month(shiftMonth(t, -1)),
  },
  { pattern: /(?:(?:本|这|這)(?:个|個)?月|\bthis month\b)/gi, range: (_m, t) => month(shiftMonth(t, 0)) },
  {
    pattern: new RegExp(`${NUM}\\s*个月前|\\b${NUM} months? ago\\b`, 'gi'),
    range: (m, t) => monthsAgo(countOf(m[1] ?? m[2]!), t),
  },
  { pattern: new RegExp(`${NUM}\\s*天前`, 'g'), range: (m, t) => daysAgo(countOf(m[1]!), t) },
  { pattern: /(?:去年|\blast year\b)/gi, range: (_m, t) => year(Number(t.slice(0, 4)) - 1) },
  { pattern: /(?:今年|\bthis year\b)/gi, range: (_m, t) => year(Number(t.slice(0, 4))) },
  { pattern: /(?<![\d-])(\d{4})\s*年(?!\s*\d{1,2}\s*月)/g, range: (m) => year(Number(m[1])) },
  // 11-05 / 11/05: a month and day without a year (chrono reads ISO dates, not these).
  {
    pattern: /(?<![\d./-])(0?[1-9]|1[0-2])[-/](0[1-9]|[12]\d|3[01])(?![\d./-])/g,
    range: (m, t) => pastMonthDay(Number(m[1]), Number(m[2]), t),
    reading: 'month/day',
  },
];

/** Text without which none of PERIODS can match: each holds one of these (上周, 本月, 三天前, 去年, last week, 2 months ago, 11-05). */
const MAY_HOLD_PERIOD = /[上本这這前年]|week|month|year|ago|\d[-/]/i;

function day(iso: string): [string, string] {
  return [iso, iso];
}
function week(monday: string): [string, string] {
  return [monday, addDays(monday, 6)];
}
function month([y, m]: [number, number]): [string, string] {
  return monthRange(y, m);
}
function year(y: number): [string, string] | null {
  return y >= 1970 && y <= 2200 ? [`${y}-01-01`, `${y}-12-31`] : null;
}
function weeksAgo(n: number, today: string): [string, string] | null {
  return Number.isFinite(n) && n > 0 && n < 520 ? week(addDays(mondayOf(today), -7 * n)) : null;
}
function monthsAgo(n: number, today: string): [string, string] | null {
  return Number.isFinite(n) && n > 0 && n < 240 ? month(shiftMonth(today, -n)) : null;
}
function daysAgo(n: number, today: string): [string, string] | null {
  return Number.isFinite(n) && n > 0 && n < 3650 ? day(addDays(today, -n)) : null;
}
function pastMonthDay(m: number, d: number, today: string): [string, string] | null {
  let y = Number(today.slice(0, 4));
  let iso = isoOf(y, m, d);
  if (iso.slice(5) !== `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`) return null; // 02-30
  if (iso > today) {
    y -= 1;
    iso = isoOf(y, m, d);
  }
  return day(iso);
}

/** Lowercase English words chrono reads as dates that are usually not ("sun", "may I", "march on"). */
const AMBIGUOUS_EN =
  /^(?:sun|sat|mon|tue|tues|wed|thu|thur|fri|may|march|mar|jan|jun|june|jul|july|aug|sep|sept|oct|nov|dec|second|sec|now)$/;
/** Times of day chrono's zh parser reads as "today": a part of a day, not a date. */
const TIME_OF_DAY_ZH = /^(?:晚上|早上|上午|下午|中午|凌晨|傍晚|夜里|夜间|晚|早)$/;

function fromChrono(result: ParsedResult, today: string): [string, string] | null {
  const start = result.start;
  const known = (c: Component): boolean => start.isCertain(c);
  if (!known('day') && !known('month') && !known('weekday') && !known('year')) return null; // a time alone
  if (/^now$/i.test(result.text.trim())) return null;
  const y = start.get('year');
  const m = start.get('month');
  const d = start.get('day');
  if (y === null || m === null || d === null) return null;
  if (!known('day') && !known('weekday')) {
    // A month ("七月", "in July"): the whole month, the last one that has begun.
    let year = y;
    if (!known('year') && isoOf(year, m, 1) > today) year -= 1;
    return month([year, m]);
  }
  let iso = isoOf(y, m, d);
  if (!known('year') && iso > today) {
    // A weekday alone moves back a week; a month and day, a year.
    iso = known('month')
      ? isoOf(y - 1, m, d)
      : addDays(iso, -7 * Math.ceil((Date.parse(iso) - Date.parse(today)) / (7 * DAY_MS)));
  }
  if (result.end && result.end.isCertain('day')) {
    const endIso = isoOf(result.end.get('year') ?? y, result.end.get('month') ?? m, result.end.get('day') ?? d);
    if (endIso >= iso) return [iso, endIso];
  }
  return day(iso);
}

/** Characters without which chrono's zh parser finds nothing (digits, 日/月/年, 今/昨/前/明, 周/星期…). */
const MAY_HOLD_ZH_DATE = /[\d０-９一二三四五六七八九十日月年号號天周週星期礼拜今昨前明后後晚早午夜]/;
/**
 * Likewise for the en parser: digits, or a whole word for a day, month or relative time (plurals
 * too). chrono's patterns end each such word at a non-word character, so "decide" or "mention"
 * cannot hold one, and a whole-word test keeps such queries from paying for every parser.
 */
const MAY_HOLD_EN_DATE =
  /\d|\b(?:yesterday|today|tonight|tomorrow|now|ago|last|next|this|past|week|month|year|day|weekend|mon(?:day)?|tues?(?:day)?|wed(?:nesday)?|thu(?:rs?)?(?:day)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|noon|midnight|morning|evening|afternoon|night|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)s?\b/i;

/**
 * The end of what chrono's "3 days ago" and "2 weeks later" parsers match (a time unit, then their
 * word): without it neither can find anything. Their patterns are chrono's largest (every number
 * word times every unit), and V8 compiling them costs ~0.1 s the first time a process asks.
 */
const MAY_HOLD_EN_DURATION =
  /(?:s|sec|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?|mo|mon|mos|months?|qtr|quarters?|y|yr|years?)\s{0,5}(?:ago|before|earlier|later|after|from now|henceforth|forward|out)(?=\W|$)/i;
/**
 * A month of chrono's dictionary ("sept.", "mar", "December"). Its four month-name parsers end the
 * month at a non-letter, at the rest of its full name, or at an ordinal word ("Dec first"), so
 * "decide" and "summary" cannot feed them.
 */
const MAY_HOLD_MONTH_NAME =
  /jan(?=u)|feb(?=r)|mar(?=c)|apr(?=i)|jun(?=e)|jul(?=y)|aug(?=u)|sep(?=t)|oct(?=o)|nov(?=e)|dec(?=e)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(?![a-dg-mo-ru-z])/i;
/**
 * chrono's "within 3 days" and "next 2 weeks" parsers end on a time unit of its dictionary right
 * after a number (a digit, one … twelve, a, an, half, few, several, the, couple, of), then a
 * non-word character: without one, neither can find anything.
 */
const MAY_HOLD_EN_TIME_UNITS =
  /(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half\s{0,2}an?|an?\b|few|several|the|couple|of)\s{0,5}(?:s|sec|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?|mo|mon|mos|months?|qtr|quarters?|y|yr|years?)(?=\W|$)/i;
const DIGIT = /\d/;
/**
 * Per parser of chrono's casual English, text without which its pattern cannot match (read off
 * chrono-node 2.10's patterns). V8 compiles a pattern the first time it runs, and each of these
 * cost a process's first date query up to ~10 ms: a query feeds only the parsers it can.
 */
const EN_PARSER_NEEDS: Readonly<Record<string, RegExp>> = {
  ENYearMonthDayParser: DIGIT,
  ISOFormatParser: DIGIT,
  SlashDateFormatParser: DIGIT,
  ENSlashMonthFormatParser: DIGIT,
  ENTimeExpressionParser: DIGIT,
  ENTimeUnitAgoFormatParser: MAY_HOLD_EN_DURATION,
  ENTimeUnitLaterFormatParser: MAY_HOLD_EN_DURATION,
  ENMonthNameLittleEndianParser: MAY_HOLD_MONTH_NAME,
  ENMonthNameMiddleEndianParser: MAY_HOLD_MONTH_NAME,
  ENYearMonthNameParser: MAY_HOLD_MONTH_NAME,
  ENMonthNameParser: MAY_HOLD_MONTH_NAME,
  ENTimeUnitWithinFormatParser: MAY_HOLD_EN_TIME_UNITS,
  ENTimeUnitCasualRelativeFormatParser: MAY_HOLD_EN_TIME_UNITS,
  ENWeekdayParser: /sun|mon|tue|wed|thu|fri|sat|weekend|weekday/i,
  ENCasualDateParser: /now|today|tonight|tomorrow|overmorrow|tmr|yesterday|night/i,
  ENCasualTimeParser: /morning|afternoon|evening|night|midday|noon/i,
  ENEndOfCurrentMonthParser: /month/i,
  ENRelativeDateFormatParser: /this|last|past|next|after/i,
};
const EN_NEEDS: readonly RegExp[] = [...new Set(Object.values(EN_PARSER_NEEDS))];
/** chrono's casual English without the parsers a query cannot feed, by which of the needs it meets. */
const reducedEnglish = new Map<string, Chrono>();

/** chrono's English parsers that could find a date in `query` (a parser chrono adds later always runs). */
export function englishDateParser(query: string): Chrono {
  const met = EN_NEEDS.map((need) => need.test(query));
  if (met.every(Boolean)) return chronoEn.casual;
  const key = met.map(Number).join('');
  let reduced = reducedEnglish.get(key);
  if (!reduced) {
    reduced = chronoEn.casual.clone();
    reduced.parsers = reduced.parsers.filter((p) => {
      const need = EN_PARSER_NEEDS[p.constructor.name];
      return need === undefined || met[EN_NEEDS.indexOf(need)];
    });
    reducedEnglish.set(key, reduced);
  }
  return reduced;
}

/** "2/5": chrono's English parser reads it month first, as a US reader would; the breakdown says so. */
const NUMERIC_MONTH_DAY = /^\d{1,2}[/-]\d{1,2}$/;

/** Between two date mentions, words that make them one range ("10-01 到 10-07", "Oct 1 to Oct 7"). */
const RANGE_JOINER = /^\s*(?:到|至|~|～|–|—|-|to|through|until|till)\s*$/i;

/**
 * Every date the query mentions, in query order, non-overlapping. `now` is epoch ms,
 * `offsetMinutes` the asker's time zone (minutes east of UTC).
 */
export function findQueryDates(query: string, now: number, offsetMinutes: number): QueryDate[] {
  const today = localDay(now, offsetMinutes);
  const found: QueryDate[] = [];
  const taken = (start: number, end: number): boolean => found.some((f) => start < f.end && f.start < end);
  for (const period of MAY_HOLD_PERIOD.test(query) ? PERIODS : []) {
    period.pattern.lastIndex = 0;
    for (let m = period.pattern.exec(query); m !== null; m = period.pattern.exec(query)) {
      const range = period.range(m, today);
      if (range && !taken(m.index, m.index + m[0].length))
        found.push({
          text: m[0],
          start: m.index,
          end: m.index + m[0].length,
          from: range[0],
          to: range[1],
          absolute: isAbsolute(m[0]),
          ...(period.reading ? { reading: period.reading } : {}),
        });
    }
  }
  const reference = { instant: new Date(now), timezone: offsetMinutes };
  // chrono tries dozens of patterns per call: ask it only when the query could hold a date.
  const parsed = [
    ...(MAY_HOLD_ZH_DATE.test(query) ? chronoZh.parse(query, reference) : []),
    ...(MAY_HOLD_EN_DATE.test(query) ? englishDateParser(query).parse(query, reference) : []),
  ].sort((a, b) => b.text.length - a.text.length);
  for (const result of parsed) {
    const text = result.text.trim();
    const start = result.index + result.text.indexOf(text);
    const end = start + text.length;
    if (taken(start, end) || AMBIGUOUS_EN.test(text) || TIME_OF_DAY_ZH.test(text)) continue;
    const range = fromChrono(result, today);
    if (!range) continue;
    const reading = NUMERIC_MONTH_DAY.test(text) ? { reading: 'month/day' as const } : {};
    found.push({ text, start, end, from: range[0], to: range[1], absolute: isAbsolute(text), ...reading });
  }
  found.sort((a, b) => a.start - b.start);
  const merged: QueryDate[] = [];
  for (const date of found) {
    const last = merged[merged.length - 1];
    if (last && RANGE_JOINER.test(query.slice(last.end, date.start)) && date.from >= last.from) {
      merged[merged.length - 1] = {
        text: query.slice(last.start, date.end),
        start: last.start,
        end: date.end,
        from: last.from,
        to: date.to,
        absolute: last.absolute && date.absolute,
      };
    } else {
      merged.push(date);
    }
  }
  return merged;
}

/**
 * The query with its relative date words blanked out: "yesterday" written in a memory is about
 * the day before that memory, not before now. Dates written as dates stay (see `absolute`).
 */
export function withoutDateWords(query: string, dates: readonly QueryDate[]): string {
  let out = '';
  let at = 0;
  for (const date of dates) {
    if (date.absolute) continue;
    out += `${query.slice(at, date.start)} `;
    at = date.end;
  }
  return out + query.slice(at);
}
