// `--since` for memlens changes and memlens agent-searches (and the agentCalls call): one reader of
// dates, ISO date-times and relative words in English and Chinese; a typed error in each language.
import { describe, expect, it } from 'vitest';
import { MemoryLensError } from './errors.js';
import { englishText, translator, type MessageRef } from './i18n.js';
import { parseSince } from './since-date.js';

const now = new Date('2026-03-31T12:00:00'); // a Tuesday, local time
const at = (text: string) => new Date(text).getTime();

describe('parseSince', () => {
  it('reads a date as its local midnight, an ISO date-time as it is, and relative words in both languages', () => {
    expect(parseSince('2026-03-28', now)).toBe(at('2026-03-28T00:00:00'));
    expect(parseSince('2026-11-01T10:00:00Z', now)).toBe(Date.parse('2026-11-01T10:00:00Z'));
    expect(parseSince('yesterday', now)).toBe(at('2026-03-30T12:00:00'));
    expect(parseSince('3 hours ago', now)).toBe(at('2026-03-31T09:00:00'));
    expect(parseSince('3小时前', now)).toBe(at('2026-03-31T09:00:00'));
    expect(parseSince('昨天', now)).toBe(at('2026-03-30T12:00:00'));
    expect(parseSince('last tuesday', now)).toBe(parseSince('上周二', now));
  });

  it('reads 上周, 上个月, 去年, 本周 / 这周 on their own as the English parser reads last week, month, year, this week', () => {
    const pairs: [string, string, string][] = [
      ['上周', 'last week', '2026-03-24T12:00:00'],
      ['上星期', 'last week', '2026-03-24T12:00:00'],
      ['上个月', 'last month', '2026-03-03T12:00:00'], // chrono's month back from the 31st: February has no 31st
      ['上月', 'last month', '2026-03-03T12:00:00'],
      ['去年', 'last year', '2025-03-31T12:00:00'],
      ['本周', 'this week', '2026-03-29T12:00:00'],
      ['这周', 'this week', '2026-03-29T12:00:00'],
      ['本月', 'this month', '2026-03-01T12:00:00'],
      ['今年', 'this year', '2026-01-01T12:00:00'],
    ];
    for (const [zh, en, expected] of pairs) {
      expect(parseSince(en, now), en).toBe(at(expected));
      expect(parseSince(zh, now), zh).toBe(at(expected));
    }
    // A day of last week is still chrono's own Chinese reading.
    expect(parseSince('上周一', now)).toBe(at('2026-03-23T12:00:00'));
  });

  it('refuses what names no moment with a typed error, worded in Chinese by its id', () => {
    let error: unknown;
    try {
      parseSince('the day the music died', now);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MemoryLensError);
    const { code, ref } = error as MemoryLensError;
    expect(code).toBe('INVALID_ARGUMENT');
    expect(englishText(ref as MessageRef)).toBe(
      'since: cannot read "the day the music died" as a date or time (try 2026-03-30, an ISO date-time, yesterday, "3 hours ago")',
    );
    expect(translator('zh-CN')(ref!.messageId, ref!.params)).toBe(
      'since：无法把 "the day the music died" 读成日期或时间（可以试试 2026-03-30、ISO 日期时间、昨天、3小时前）',
    );
  });
});
