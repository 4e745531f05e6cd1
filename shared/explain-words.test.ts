import { describe, expect, it } from 'vitest';
import type { DateBoostBreakdown, KeywordBreakdown } from './domain.js';
import { describeDates, describeDays, describeKeyword, describeTerm, listedTerms, rarity } from './explain-words.js';

const keyword: KeywordBreakdown = {
  bm25: -6.5897,
  rank: 1,
  idfMass: 5.2,
  score: 0.5589,
  matchedTerms: ['备份', 'nas'],
  termCount: 3,
  query: '"备份" OR "nas" OR "云端" OR "份n"',
  relaxed: false,
  chunkTokens: 312,
  avgChunkTokens: 220,
  totalChunks: 110,
  terms: [
    { term: 'nas', asWritten: ['NAS'], occurrences: 1, chunksWithTerm: 40, idf: 0.6, contribution: 0.61 },
    { term: '备份', asWritten: ['备份'], occurrences: 3, chunksWithTerm: 12, idf: 2.1, contribution: 3.42 },
    { term: '云端', asWritten: ['云端'], occurrences: 0, chunksWithTerm: 2, idf: 3.8, contribution: 0 },
    {
      term: '份n',
      asWritten: ['份n'],
      occurrences: 2,
      chunksWithTerm: 1,
      idf: 4,
      contribution: 2.5597,
      fragment: true,
    },
  ],
};

describe('the breakdown in words', () => {
  it('says what each term contributes, the rarest-weighted first, with the words as written', () => {
    expect(describeTerm(keyword.terms![1]!, 110)).toBe(
      '“备份” occurs 3× here; 12 of 110 chunks contain it — fairly common, weight 2.10 → adds 3.42.',
    );
    expect(
      describeTerm(
        {
          term: 'meet',
          asWritten: ['meetings', 'Meeting'],
          occurrences: 2,
          chunksWithTerm: 1,
          idf: 4.2,
          contribution: 5,
        },
        110,
      ),
    ).toBe(
      '“meetings” (here “Meeting”) occurs 2× here; 1 of 110 chunks contain it — very rare, weight 4.20 → adds 5.00.',
    );
    const lines = describeKeyword(keyword);
    expect(lines[0]).toBe('Matched 2 of 3 terms (not here: “云端”).');
    expect(lines[1]).toMatch(/^“备份” occurs 3×/);
    expect(lines[2]).toMatch(/^“NAS” occurs 1×/);
    expect(lines[3]).toMatch(/^“云端” is not here; 2 of 110 chunks contain it — very rare, weight 3.80\.$/);
    // Character pairs across word boundaries are folded into one line, not listed as words.
    expect(lines[4]).toBe("1 character pair spanning the query's words (份n) also occurs here → adds 2.56.");
    expect(lines[5]).toBe(
      'This chunk is 312 tokens, 1.4× the average of 220: one occurrence counts 15% less than in an average-length chunk.',
    );
    expect(lines[6]).toBe(
      'BM25 6.59 ÷ 5.20 (what every term once in an average-length chunk would score) = 1.27 → keyword score 0.559 (x ÷ (1 + x)).',
    );
  });

  it('grades rarity by the share of chunks holding a term', () => {
    expect([rarity(1, 100), rarity(8, 100), rarity(25, 100), rarity(50, 100), rarity(90, 100), rarity(0, 100)]).toEqual(
      ['very rare', 'rare', 'fairly common', 'common', 'in most chunks', 'in no chunk'],
    );
  });

  it('names days, weeks and months plainly', () => {
    expect(describeDays('2026-04-16', '2026-04-16')).toBe('16 Apr 2026');
    expect(describeDays('2026-10-26', '2026-11-01')).toBe('26 Oct – 1 Nov 2026');
    expect(describeDays('2025-12-29', '2026-01-04')).toBe('29 Dec 2025 – 4 Jan 2026');
    expect(describeDays('2026-10-01', '2026-10-31')).toBe('Oct 2026');
  });

  it('says why a date boost applies, and why not', () => {
    const base: DateBoostBreakdown = {
      enabled: true,
      mentions: [{ text: '4月16号', from: '2026-04-16', to: '2026-04-16' }],
      boost: 2,
      match: null,
      multiplier: 1,
    };
    expect(
      describeDates({
        ...base,
        multiplier: 2,
        match: {
          evidence: 'file-date',
          from: '2026-04-16',
          to: '2026-04-16',
          written: null,
          mention: '4月16号',
          broader: false,
        },
      }),
    ).toBe('The query mentions 16 Apr 2026 (“4月16号”); this file is dated 16 Apr 2026: ×2.');
    expect(
      describeDates({
        ...base,
        multiplier: 1.5,
        match: {
          evidence: 'file-date',
          from: '2026-04-13',
          to: '2026-04-19',
          written: null,
          mention: '4月16号',
          broader: true,
        },
      }),
    ).toBe(
      'The query mentions 16 Apr 2026 (“4月16号”); this file covers 13 Apr – 19 Apr 2026, more than was asked: half the boost: ×1.5.',
    );
    expect(
      describeDates({
        ...base,
        multiplier: 1.5,
        match: {
          evidence: 'text',
          from: '2026-04-16',
          to: '2026-04-16',
          written: '04-16',
          mention: '4月16号',
          broader: false,
        },
      }),
    ).toBe('The query mentions 16 Apr 2026 (“4月16号”); it says “04-16” but is not dated then: half the boost: ×1.5.');
    expect(
      describeDates({
        ...base,
        multiplier: 2,
        match: {
          evidence: 'session-messages',
          from: '2026-04-16',
          to: '2026-04-16',
          written: null,
          mention: '4月16号',
          broader: false,
        },
      }),
    ).toBe('The query mentions 16 Apr 2026 (“4月16号”); these messages were written on 16 Apr 2026: ×2.');
    expect(describeDates(base)).toBe('The query mentions 16 Apr 2026 (“4月16号”); nothing dates this memory then: ×1.');
    expect(describeDates({ ...base, enabled: false })).toBe(
      'The query mentions 16 Apr 2026 (“4月16号”); date boosting is off.',
    );
  });
});

describe('listedTerms', () => {
  it('leaves out expansion words no chunk holds, keeps those the index has and every query word', () => {
    const expansion = (term: string, chunksWithTerm: number) => ({
      term,
      asWritten: [term],
      occurrences: 0,
      chunksWithTerm,
      idf: chunksWithTerm ? 1.5 : 0,
      contribution: 0,
      expansion: { from: ['backup'], source: 'dictionary' as const, weight: 0.3 },
    });
    const k: KeywordBreakdown = {
      ...keyword,
      terms: [...keyword.terms!, expansion('备份盘', 0), expansion('备份', 12), expansion('存档', 0)],
    };
    expect(listedTerms(k).map((t) => t.term)).toEqual(['备份', 'nas', '云端', '备份']);
    const lines = describeKeyword(k);
    expect(lines.some((l) => /(^|\D)0 of 110 chunks/.test(l))).toBe(false);
    expect(lines.filter((l) => l.includes('备份盘') || l.includes('存档'))).toEqual([]);
  });
});
