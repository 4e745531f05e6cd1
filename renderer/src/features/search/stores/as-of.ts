// "As of" another day: the search panel's reference day for relative dates ("yesterday", "上周二"),
// date boosts, decay and the "no memory from then" notice. The engine takes it as `now` (epoch ms)
// plus the asker's time zone, exactly what `memlens search --now` sends.
import type { SearchOptions } from '../../../../../shared/domain';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The asker's local calendar day, `YYYY-MM-DD`. */
export function localIsoDay(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * `now` for an as-of day: the last millisecond of that local day, so the whole day counts as
 * "already happened"; the offset is that day's own (a DST change between then and today is kept).
 * Null when the day is not a real `YYYY-MM-DD` date.
 */
export function asOfClock(day: string): Pick<SearchOptions, 'now' | 'timeZoneOffsetMinutes'> | null {
  const m = ISO_DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const end = new Date(y, mo - 1, d, 23, 59, 59, 999);
  if (end.getFullYear() !== y || end.getMonth() !== mo - 1 || end.getDate() !== d) return null;
  return { now: end.getTime(), timeZoneOffsetMinutes: -end.getTimezoneOffset() };
}

/** What the panel keeps: null for today (the search follows the clock), else the chosen day. */
export function normaliseAsOf(day: string | null, today: string = localIsoDay()): string | null {
  if (!day || day === today || !asOfClock(day)) return null;
  return day;
}
