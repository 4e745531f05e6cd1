import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatRelative } from './format-locale';

describe('dates and numbers in the interface language', () => {
  it('writes a calendar date as each language does', () => {
    expect(formatDate('zh-CN', '2026-02-05')).toBe('2026年2月5日');
    expect(formatDate('en', '2026-02-05')).toBe('February 5, 2026');
  });
  it('says how long ago in words', () => {
    const now = Date.UTC(2026, 1, 8, 12);
    expect(formatRelative('en', now - 3 * 86_400_000, now)).toBe('3 days ago');
    expect(formatRelative('zh-CN', now - 3 * 86_400_000, now)).toBe('3天前');
    expect(formatRelative('en', now - 86_400_000, now)).toBe('yesterday');
  });
  it('groups digits', () => {
    expect(formatCount('en', 12345)).toBe('12,345');
    expect(formatCount('zh-CN', 12345)).toBe('12,345');
  });
});
