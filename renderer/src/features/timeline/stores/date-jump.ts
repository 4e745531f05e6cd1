// The timeline's "go to a date" box reads the date words search and quick open read (Feb 5, 2月5日,
// 前天, last week; shared/query-dates.ts) and answers the day to scroll to: the last day of what
// was asked, since the list runs newest first and the period's entries then follow. Pure.
import { findQueryDates } from '../../../../../shared/query-dates';

export interface DateJump {
  /** The words read as the date, as typed. */
  text: string;
  from: string;
  to: string;
  /** The day the list scrolls to: the first entry on or before it. */
  day: string;
}

export interface JumpClock {
  now: number;
  offsetMinutes: number;
}

/** The first date the text names, or null when it names none. */
export function dateJump(
  text: string,
  clock: JumpClock = { now: Date.now(), offsetMinutes: -new Date().getTimezoneOffset() },
): DateJump | null {
  const [date] = findQueryDates(text, clock.now, clock.offsetMinutes);
  return date ? { text: date.text, from: date.from, to: date.to, day: date.to } : null;
}
