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
