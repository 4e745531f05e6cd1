import { describe, expect, it } from 'vitest';
import { asOfClock, localIsoDay, normaliseAsOf } from './as-of';
import { DEFAULT_SEARCH_SETTINGS, toSearchOptions } from './search-settings-state';

describe('searching as of another day', () => {
  it('sends the last moment of that local day as "now", in that day\'s time zone', () => {
    const options = toSearchOptions('nginx yesterday', { ...DEFAULT_SEARCH_SETTINGS, asOf: '2026-04-17' });
    const end = new Date(2026, 3, 17, 23, 59, 59, 999);
    expect(options.now).toBe(end.getTime());
    expect(options.timeZoneOffsetMinutes).toBe(-end.getTimezoneOffset());
    expect(localIsoDay(new Date(options.now!))).toBe('2026-04-17');
    expect(localIsoDay(new Date(options.now! + 1))).toBe('2026-04-18');
  });

  it('today, an empty or an impossible day search as of now (no "now" sent)', () => {
    const today = localIsoDay();
    expect(normaliseAsOf(today, today)).toBeNull();
    expect(normaliseAsOf('', today)).toBeNull();
    expect(normaliseAsOf('2026-02-30', today)).toBeNull();
    expect(asOfClock('2026-2-3')).toBeNull();
    expect(toSearchOptions('x', DEFAULT_SEARCH_SETTINGS).now).toBeUndefined();
    expect(normaliseAsOf('2025-12-31', '2026-04-17')).toBe('2025-12-31');
  });
});
