import { describe, expect, it } from 'vitest';
import type { ScoreBreakdown } from './domain.js';
import { translator } from './i18n.js';
import { whyAbove } from './why-above.js';

function keywordOnly(opts: {
  occurrences: number[];
  chunkTokens: number;
  score: number;
  final?: number;
  decay?: number;
  ageDays?: number;
}): ScoreBreakdown {
  const final = opts.final ?? opts.score * (opts.decay ?? 1);
  return {
    keyword: {
      bm25: -1,
      idfMass: 1,
      score: opts.score,
      matchedTerms: opts.occurrences.filter((o) => o > 0).map((_, i) => `t${i}`),
      termCount: opts.occurrences.length,
      query: '',
      relaxed: false,
      rank: 1,
      chunkTokens: opts.chunkTokens,
      avgChunkTokens: 100,
      totalChunks: 50,
      terms: opts.occurrences.map((o, i) => ({
        term: `t${i}`,
        asWritten: [`t${i}`],
        occurrences: o,
        chunksWithTerm: 3,
        idf: 2,
        contribution: o,
      })),
    },
    vector: null,
    weights: { configured: { vector: 0.7, text: 0.3 }, vector: 0, text: 1 },
    hybrid: opts.score,
    decay: {
      enabled: opts.decay !== undefined,
      date: null,
      dateSource: null,
      ageDays: opts.ageDays ?? null,
      halfLifeDays: 30,
      multiplier: opts.decay ?? 1,
      evergreen: false,
    },
    mmr: null,
    final,
  } as unknown as ScoreBreakdown;
}

describe('whyAbove', () => {
  it('says length decided when #2 has the words more often but is longer (the Disco Elysium case)', () => {
    const first = { rank: 1, breakdown: keywordOnly({ occurrences: [1, 1], chunkTokens: 60, score: 0.62 }) };
    const second = { rank: 2, breakdown: keywordOnly({ occurrences: [2, 1], chunkTokens: 300, score: 0.55 }) };
    const sentence = whyAbove(first, second);
    expect(sentence).toMatch(/^Although #2 has the words more often \(3 vs 2\), #1 is shorter \(60 vs 300 tokens\)/);
    expect(sentence).toContain('0.620 vs 0.550');
    expect(whyAbove(second, first)).toBe(sentence);
  });

  it('names more matched words, more occurrences, or age when that is the larger factor', () => {
    expect(
      whyAbove(
        { rank: 1, breakdown: keywordOnly({ occurrences: [1, 1], chunkTokens: 100, score: 0.6 }) },
        { rank: 3, breakdown: keywordOnly({ occurrences: [2, 0], chunkTokens: 100, score: 0.5 }) },
      ),
    ).toMatch(/^#1 holds more of the query's words \(2 vs 1\)/);
    expect(
      whyAbove(
        { rank: 1, breakdown: keywordOnly({ occurrences: [3], chunkTokens: 100, score: 0.6 }) },
        { rank: 2, breakdown: keywordOnly({ occurrences: [1], chunkTokens: 100, score: 0.5 }) },
      ),
    ).toMatch(/^#1 has the query's words more often \(3 vs 1 times\)/);
    const fresh = {
      rank: 1,
      breakdown: keywordOnly({ occurrences: [1], chunkTokens: 100, score: 0.5, decay: 0.9, ageDays: 4 }),
    };
    const old = {
      rank: 2,
      breakdown: keywordOnly({ occurrences: [1], chunkTokens: 100, score: 0.52, decay: 0.3, ageDays: 52 }),
    };
    expect(whyAbove(fresh, old)).toMatch(/^#2 is older \(52 days, ×0\.30 vs ×0\.90 for age\)/);
  });

  it('says the same in Simplified Chinese, from the same message ids and numbers', () => {
    const zh = translator('zh-CN');
    const first = { rank: 1, breakdown: keywordOnly({ occurrences: [1, 1], chunkTokens: 60, score: 0.62 }) };
    const second = { rank: 2, breakdown: keywordOnly({ occurrences: [2, 1], chunkTokens: 300, score: 0.55 }) };
    expect(whyAbove(first, second, zh)).toMatch(
      /^虽然 #2 中这些词出现得更多（3 次对 2 次），#1 更短（60 对 300 个 token），每次出现的分量更重（相对平均分块 ×\d\.\d\d 对 ×\d\.\d\d）：0\.620 对 0\.550。$/,
    );
    const fresh = {
      rank: 1,
      breakdown: keywordOnly({ occurrences: [1], chunkTokens: 100, score: 0.5, decay: 0.9, ageDays: 4 }),
    };
    const old = {
      rank: 2,
      breakdown: keywordOnly({ occurrences: [1], chunkTokens: 100, score: 0.52, decay: 0.3, ageDays: 52 }),
    };
    expect(whyAbove(fresh, old, zh)).toMatch(/^#2 更旧（52 天，时间衰减 ×0\.30 对 ×0\.90）：/);
  });

  it('words a date-only question by its tiers and days in Chinese too', () => {
    const zh = translator('zh-CN');
    const dated = (tier: 'note' | 'conversation', dayIndex: number, final: number) => ({
      ...keywordOnly({ occurrences: [1], chunkTokens: 100, score: 0.5, final }),
      dated: { tier, days: 7, dayIndex, dateWords: ['上周'], questionWords: [] },
    });
    const note = { rank: 1, breakdown: dated('note', 3, 0.95) };
    const talk = { rank: 2, breakdown: dated('conversation', 0, 0.85) };
    expect(whyAbove(note, talk)).toBe('#1 is the note of that day and #2 a conversation from then: 0.950 vs 0.850.');
    expect(whyAbove(note, talk, zh)).toBe('#1 是那一天的笔记，而 #2 是那时的一段对话：0.950 对 0.850。');
    const early = { rank: 1, breakdown: dated('conversation', 1, 0.86) };
    const later = { rank: 2, breakdown: dated('conversation', 4, 0.85) };
    expect(whyAbove(early, later, zh)).toBe(
      '#1 来自所问时段中更早的一天（第 2 天对第 5 天，共 7 天）：0.860 对 0.850。',
    );
  });
});
