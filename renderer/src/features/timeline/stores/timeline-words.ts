// The timeline's dates in the interface's language: month and weekday names from Intl, their order
// from the resources (`Mon 4 May 2026`, `2026年5月4日 周一`). English by default, as in tests.
import { translator } from '../../../../../shared/i18n';

export interface TimelineWords {
  locale: string;
  t(key: string, params?: Record<string, unknown>): string;
}

// The English instance is built on first use (tests, fallbacks): the window speaks through its own.
export const ENGLISH_TIMELINE_WORDS: TimelineWords = {
  locale: 'en',
  t: (key, params) => translator('en')(`timeline:${key}`, params),
};

const formats = new Map<string, Intl.DateTimeFormat>();
function part(locale: string, option: 'month' | 'weekday', date: Date): string {
  const key = `${locale}|${option}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, { [option]: 'short', timeZone: 'UTC' })));
  return f.format(date);
}

/** A UTC calendar date's short month name (`May`, `5月`). */
export const monthName = (words: TimelineWords, date: Date): string => part(words.locale, 'month', date);

/** `4 May`, `5月4日`. */
export function dayMonth(words: TimelineWords, date: Date): string {
  return words.t('dates.dayMonth', { day: date.getUTCDate(), month: monthName(words, date) });
}

/** `Mon 4 May 2026`, `2026年5月4日 周一`. */
export function dayLabel(words: TimelineWords, date: Date): string {
  return words.t('dates.day', {
    weekday: part(words.locale, 'weekday', date),
    day: date.getUTCDate(),
    month: monthName(words, date),
    year: date.getUTCFullYear(),
  });
}

/** `May 2026`, `2026年5月`. */
export function monthYear(words: TimelineWords, date: Date): string {
  return words.t('dates.monthYear', { month: monthName(words, date), year: date.getUTCFullYear() });
}
