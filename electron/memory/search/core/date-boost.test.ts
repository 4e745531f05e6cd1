// The date boost: which evidence makes a memory "from then", and what it is worth.
import { describe, expect, it } from 'vitest';
import { createDateBooster } from './date-boost.js';
import { findQueryDates } from '../../../../shared/query-dates.js';
import { isoDay } from '../test-support/test-index.js';

const NOW = Date.parse('2026-11-06T10:00:00+08:00');
const booster = (query: string, boost = 2) =>
  createDateBooster(findQueryDates(query, NOW, 480), { enabled: true, boost, timeZoneOffsetMinutes: 480 })!;
const plain = { text: 'notes', firstMs: null, lastMs: null };

describe('date boost', () => {
  it('boosts a file dated that day, and says so', () => {
    const b = booster('4月16号 Dashboard 出了什么故障');
    const hit = b.boostFor(plain, { kind: 'dated', date: isoDay('2026-04-16') });
    expect(hit).toMatchObject({
      multiplier: 2,
      boost: 2,
      match: { evidence: 'file-date', from: '2026-04-16', to: '2026-04-16', mention: '4月16号', broader: false },
    });
    expect(b.boostFor(plain, { kind: 'dated', date: isoDay('2026-04-17') })).toMatchObject({
      multiplier: 1,
      match: null,
    });
  });

  it('never takes an evergreen file’s or an mtime date as evidence', () => {
    const b = booster('yesterday');
    expect(b.boostFor(plain, { kind: 'evergreen', date: isoDay('2026-11-05') }).multiplier).toBe(1);
    expect(b.boostFor(plain, { kind: 'dated', date: { ...isoDay('2026-11-05'), source: 'mtime' } }).multiplier).toBe(1);
  });

  it('gives half the boost to a summary that covers more than the query asked', () => {
    const b = booster('昨天');
    const weekly = b.boostFor(plain, { kind: 'dated', date: isoDay('2026-11-02', 'week') });
    expect(weekly).toMatchObject({
      multiplier: 1.5,
      match: { evidence: 'file-date', from: '2026-11-02', to: '2026-11-08', broader: true },
    });
    const monthly = booster('上个月').boostFor(plain, { kind: 'dated', date: isoDay('2026-10-01', 'month') });
    expect(monthly).toMatchObject({ multiplier: 2, match: { broader: false } });
  });

  it('uses when a session chunk’s messages were written, in the asker’s time zone', () => {
    const b = booster('昨天');
    // 2026-11-04 20:30 UTC is 11-05 04:30 in UTC+8.
    const late = {
      text: 'User: hi',
      firstMs: Date.parse('2026-11-04T20:30:00Z'),
      lastMs: Date.parse('2026-11-04T20:40:00Z'),
    };
    expect(b.boostFor(late, { kind: 'session', date: isoDay('2026-11-01', 'instant') })).toMatchObject({
      multiplier: 2,
      match: { evidence: 'session-messages', from: '2026-11-05' },
    });
    const early = {
      text: 'User: hi',
      firstMs: Date.parse('2026-11-04T10:00:00Z'),
      lastMs: Date.parse('2026-11-04T11:00:00Z'),
    };
    expect(b.boostFor(early, { kind: 'session', date: isoDay('2026-11-04', 'instant') }).multiplier).toBe(1);
  });

  it('finds a date written in the chunk itself, in the forms people write: half the boost of a memory from then', () => {
    const b = booster('前天家里网络出了什么问题');
    for (const text of [
      '- 2026-11-04: DNS stopped resolving',
      '11-04 DNS 挂了',
      '11月4日 DNS',
      '11月4号',
      'On Nov 4th the DNS broke',
    ]) {
      expect(b.boostFor({ ...plain, text }, { kind: 'evergreen', date: null }), text).toMatchObject({
        multiplier: 1.5,
        match: { evidence: 'text', from: '2026-11-04' },
      });
    }
    for (const text of ['2026-11-14 later', '111-04 is a part number', 'v11-045']) {
      expect(b.boostFor({ ...plain, text }, { kind: 'evergreen', date: null }).multiplier, text).toBe(1);
    }
  });

  it('wants the year written in the chunk when the query wrote it', () => {
    const b = booster('2013年9月成立的车队');
    expect(
      b.boostFor({ ...plain, text: '车队于2013年9月15日成立' }, { kind: 'evergreen', date: null }).multiplier,
    ).toBe(1.5);
    expect(b.boostFor({ ...plain, text: '车队于9月15日成立' }, { kind: 'evergreen', date: null }).multiplier).toBe(1);
    expect(b.boostFor({ ...plain, text: '2014年9月15日' }, { kind: 'evergreen', date: null }).multiplier).toBe(1);
  });

  it('is off when dates are switched off, but still reports what the query mentions', () => {
    const off = createDateBooster(findQueryDates('yesterday', NOW, 480), {
      enabled: false,
      boost: 2,
      timeZoneOffsetMinutes: 480,
    })!;
    expect(off.boostFor(plain, { kind: 'dated', date: isoDay('2026-11-05') })).toMatchObject({
      enabled: false,
      multiplier: 1,
      mentions: [{ text: 'yesterday', from: '2026-11-05' }],
    });
    expect(createDateBooster([], { enabled: true, boost: 2, timeZoneOffsetMinutes: 0 })).toBeNull();
  });
});
