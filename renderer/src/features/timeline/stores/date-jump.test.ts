import { describe, expect, it } from 'vitest';
import { dateJump } from './date-jump';

/** Thursday 5 March 2026, 10:00 in UTC+8. */
const CLOCK = { now: Date.parse('2026-03-05T10:00:00+08:00'), offsetMinutes: 480 };

describe('the timeline’s date jump reads the date words quick open reads', () => {
  it.each([
    ['Feb 5', '2026-02-05', '2026-02-05'],
    ['february 12', '2026-02-12', '2026-02-12'],
    ['2月10日', '2026-02-10', '2026-02-10'],
    ['二月五日', '2026-02-05', '2026-02-05'],
    ['前天', '2026-03-03', '2026-03-03'],
    ['上周二', '2026-02-24', '2026-02-24'],
    ['2026-02-05', '2026-02-05', '2026-02-05'],
    ['last week', '2026-02-23', '2026-03-01'],
    ['上个月', '2026-02-01', '2026-02-28'],
  ])('“%s” → %s … %s, scrolled to its last day', (text, from, to) => {
    expect(dateJump(text, CLOCK)).toMatchObject({ from, to, day: to });
  });

  it('is null when the words hold no date', () => {
    expect(dateJump('router firmware', CLOCK)).toBeNull();
    expect(dateJump('', CLOCK)).toBeNull();
  });
});
