// A finding's words in the interface's language: the doctor sends a message id and values, the
// view puts them in English or Chinese, nested messages ("in 2 searches since …") first.
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { DoctorMessage } from '../../../../../shared/doctor-schemas';
import { createI18n } from '../../../../../shared/i18n';
import { messageText } from './doctor-message';

const neverUsed: DoctorMessage = {
  id: 'finding.neverUsedTitle',
  params: {
    count: 3,
    path: 'memory/2026-03-02-retro.md',
    window: { id: 'finding.searchWindow', params: { count: 2, since: '2026-06-10' } },
  },
};
const tFor = (locale: 'en' | 'zh-CN') => createI18n(locale).getFixedT(locale, 'doctor') as TFunction<'doctor'>;

describe('doctor messages', () => {
  it('reads a never-used finding in English and in Chinese', () => {
    expect(messageText(tFor('en'), neverUsed)).toBe(
      '3 lines of memory/2026-03-02-retro.md never returned in 2 searches since 2026-06-10',
    );
    expect(messageText(tFor('zh-CN'), neverUsed)).toBe(
      'memory/2026-03-02-retro.md 中有 3 行自 2026-06-10 以来的 2 次搜索中从未被返回',
    );
  });

  it('says one search and one line in the singular, and a conflict fix in Chinese', () => {
    const one: DoctorMessage = {
      ...neverUsed,
      params: {
        ...neverUsed.params,
        count: 1,
        window: { id: 'finding.searchWindow', params: { count: 1, since: '2026-06-10' } },
      },
    };
    expect(messageText(tFor('en'), one)).toBe(
      '1 line of memory/2026-03-02-retro.md never returned in 1 search since 2026-06-10',
    );
    expect(messageText(tFor('zh-CN'), { id: 'finding.keepNewerMark', params: { value: '18790' } })).toBe(
      '保留“18790”，将较旧的值标记为已取代',
    );
  });
});
