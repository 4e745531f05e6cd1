import { describe, expect, it } from 'vitest';
import { localText, translator } from '../../../../shared/i18n.js';
import { findQueryDates } from '../../../../shared/query-dates.js';
import { openclawNotices, searchNotices, type SearchFindings } from './response-notices.js';
import { modeReasons } from '../../../../shared/mode-reasons.js';

const NOW = Date.parse('2026-11-06T12:00:00Z');
const nothing: SearchFindings = {
  noTerms: false,
  questionWords: [],
  mentionsDates: false,
  dates: null,
  gap: null,
  vectorLoss: null,
  dictionaryPending: null,
  relaxed: null,
  keptBelowMinScore: null,
};

describe('searchNotices', () => {
  it('says nothing about a search that found what it was asked', () => {
    expect(searchNotices(nothing)).toEqual([]);
  });

  it('puts what changed the list first: below minScore, then relaxed, then the rest in order', () => {
    const notices = searchNotices({
      ...nothing,
      relaxed: { missing: ['zebra'] },
      keptBelowMinScore: { minScore: 0.35, best: 0.21234 },
      vectorLoss: { timeoutMs: 1500 },
      dictionaryPending: { state: 'building' },
    });
    expect(notices.map((n) => n.code)).toEqual([
      'below-min-score',
      'relaxed-query',
      'vector-timeout',
      'dictionary-pending',
    ]);
    expect(notices[0]!.message).toBe(
      'No result reached minScore 0.35; the keyword matches are shown anyway (best 0.212), as OpenClaw does.',
    );
    expect(notices[1]!.message).toBe(
      'No memory contains every query term (“zebra” occurs nowhere); showing the memories that match the most, ranked by BM25.',
    );
    expect(notices[2]!.message).toMatch(/timed out after 1500 ms/);
  });

  it('names the question words under no-terms only when the query mentions no date', () => {
    const [plain] = searchNotices({ ...nothing, noTerms: true, questionWords: ['做了什么'] });
    expect(plain).toMatchObject({
      code: 'no-terms',
      message: 'The query has no searchable words. “做了什么” is read as the question, not searched.',
    });
    const [dated] = searchNotices({ ...nothing, noTerms: true, questionWords: ['做了什么'], mentionsDates: true });
    expect(dated!.message).toBe('The query has no searchable words.');
  });

  it('drops the date boost line when no period the query mentions has memory, and keeps the gap', () => {
    const mentions = findQueryDates('昨天做了什么', NOW, 0);
    expect(mentions).toHaveLength(1);
    const dates = { mentions, boost: 2, dateOnly: false };
    const nearest = [{ path: 'memory/2026-04-16.md', from: '2026-04-16', to: '2026-04-16' }];
    const withMemory = searchNotices({ ...nothing, mentionsDates: true, questionWords: ['做了什么'], dates });
    expect(withMemory.map((n) => n.code)).toEqual(['query-dates']);
    expect(withMemory[0]!.message).toMatch(
      /^The query mentions “昨天” \(.*\); memories from then are boosted ×2\. “做了什么” is read as the question, not searched\.$/,
    );
    const partGap = { empty: mentions, nearest, everyPeriod: false };
    expect(searchNotices({ ...nothing, dates, gap: partGap }).map((n) => n.code)).toEqual([
      'query-dates',
      'no-memory-then',
    ]);
    const gap = searchNotices({ ...nothing, dates, gap: { ...partGap, everyPeriod: true } });
    expect(gap.map((n) => n.code)).toEqual(['no-memory-then']);
    expect(gap[0]!.message).toMatch(
      /^No memory is from .* \(“昨天”\); the nearest dated memories: memory\/2026-04-16\.md \(.*\)\.$/,
    );
  });

  it('tells a vector half that is off from one this query lost', () => {
    const off = searchNotices({ ...nothing, vectorLoss: { reason: modeReasons.noModelLoaded(), scope: 'search' } });
    const lost = searchNotices({
      ...nothing,
      vectorLoss: { reason: modeReasons.vectorFailed('boom'), scope: 'query' },
    });
    expect(off[0]!.message).toBe('Keyword-only search: no embedding model loaded.');
    expect(lost[0]!.message).toBe('Keyword-only for this query: vector search failed: boom.');
  });
});

describe('the notices in Chinese', () => {
  const zh = translator('zh-CN');

  it('word the dates, the question and the gap in Chinese, with the English text unchanged beside them', () => {
    const mentions = findQueryDates('2月5日做了什么', NOW, 0);
    const dates = { mentions, boost: 2, dateOnly: true };
    const [listed] = searchNotices({ ...nothing, mentionsDates: true, questionWords: ['做了什么'], dates });
    expect(listed!.message).toBe(
      "The query mentions “2月5日” (5 Feb 2026); nothing else is asked, so the memories dated then come first: the day's notes, other notes from then, conversations, then automated runs. “做了什么” is read as the question, not searched.",
    );
    expect(localText(zh, listed!)).toBe(
      '查询提到了“2月5日”（2026年2月5日），除此之外没有别的要找，所以先列出那时的记忆：当天的笔记、那时的其他笔记、对话，最后是自动运行。“做了什么”被当作提问本身，不作为关键词搜索。',
    );
    const nearest = [{ path: 'memory/2026-04-16.md', from: '2026-04-16', to: '2026-04-16' }];
    const [gap] = searchNotices({ ...nothing, dates, gap: { empty: mentions, nearest, everyPeriod: true } });
    expect(localText(zh, gap!)).toBe(
      '没有来自2026年2月5日（“2月5日”）的记忆；日期最接近的记忆：memory/2026-04-16.md（2026年4月16日）。',
    );
    const [noTerms] = searchNotices({ ...nothing, noTerms: true, questionWords: ['做了什么'] });
    expect(localText(zh, noTerms!)).toBe('查询里没有可搜索的词。“做了什么”被当作提问本身，不作为关键词搜索。');
    const [pending] = searchNotices({ ...nothing, dictionaryPending: { state: 'building' } });
    expect(localText(zh, pending!)).toMatch(/^中英词典正在为首次使用做准备/);
  });
});

describe('openclawNotices', () => {
  const base = { release: '2026.9.6', oneByOne: null, keptBelowMinScore: null } as const;

  it('always says the list is OpenClaw’s, and the same codes mean the same as in ours', () => {
    const notices = openclawNotices({
      ...base,
      kind: 'keyword-only',
      oneByOne: ['contract', 'zebra'],
      keptBelowMinScore: 0.35,
    });
    expect(notices.map((n) => n.code)).toEqual(['openclaw-profile', 'relaxed-query', 'below-min-score']);
    expect(notices[1]!.message).toBe('Like OpenClaw, also searched the keywords "contract", "zebra" one by one.');
    expect(notices[2]!.message).toBe(
      'No result reached minScore 0.35; the keyword matches are shown anyway, as OpenClaw does.',
    );
  });

  it('warns when the vector half is not the agent’s model, and only then', () => {
    const hybrid = { ...base, kind: 'hybrid' } as const;
    const codes = (agentModel: string | null | undefined) =>
      openclawNotices({ ...hybrid, vectors: { embedderModel: 'tiny-bert', agentModel } }).map((n) => n.message);
    expect(codes('tiny-bert')).toHaveLength(1);
    expect(codes(undefined)).toHaveLength(1);
    expect(codes('other')[1]).toBe(
      'The agent\'s index was embedded with "other", Memory Lens with "tiny-bert": the vector half is this model\'s, not your agent\'s.',
    );
    expect(codes(null)[1]).toMatch(/^No agent index found beside this workspace/);
  });
});
