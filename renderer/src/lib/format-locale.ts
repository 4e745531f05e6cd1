// Dates and numbers in the interface's language (Intl does the work: `2026年2月5日`, `3 天前`).
// Components pass i18n.language from useTranslation so a language switch re-renders them.
import type { Locale } from '../../../shared/i18n';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let f = cache.get(key) as T | undefined;
  if (!f) cache.set(key, (f = make()));
  return f;
}

/** A count or amount with the locale's grouping (12,345). */
export function formatCount(locale: Locale | string, value: number): string {
  return cached(`n|${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

export type DateStyle = 'date' | 'datetime' | 'time' | 'month';

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'long' },
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { hour: '2-digit', minute: '2-digit' },
  month: { year: 'numeric', month: 'long' },
};

/**
 * A moment (epoch ms or Date) in the locale: 'date' is `5 February 2026` / `2026年2月5日`.
 * A calendar date string (`2026-02-05`) is read as that day, not as UTC midnight shifted.
 */
export function formatDate(locale: Locale | string, value: number | Date | string, style: DateStyle = 'date'): string {
  const date = typeof value === 'string' ? calendarDate(value) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return cached(`d|${locale}|${style}`, () => new Intl.DateTimeFormat(locale, DATE_OPTIONS[style])).format(date);
}

function calendarDate(text: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(text);
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** How long ago (or ahead) `value` is from `now`, in the largest whole unit: `3 days ago`, `3天前`. */
export function formatRelative(locale: Locale | string, value: number | Date, now: number = Date.now()): string {
  const diff = new Date(value).getTime() - now;
  const rtf = cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === 'second') return rtf.format(Math.round(diff / ms), unit);
  }
  return rtf.format(0, 'second');
}
