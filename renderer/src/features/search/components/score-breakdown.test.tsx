// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createI18n, type Locale } from '../../../../../shared/i18n';
import type { ScoreBreakdown } from '../../../../../shared/domain';
import { computeFinalScore } from '../../../../../shared/score';
import { ScoreBreakdownView } from './score-breakdown';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const breakdown: ScoreBreakdown = {
  keyword: {
    bm25: -3.1234567,
    rank: 2,
    idfMass: 2.75,
    score: 0.7574692,
    matchedTerms: ['合同', '金额'],
    query: '"合同" AND "金额"',
    relaxed: true,
  },
  vector: { cosine: 0.81234, score: 0.81234, rank: 1 },
  weights: { configured: { vector: 0.7, text: 0.3 }, vector: 0.7, text: 0.3 },
  hybrid: 0.7 * 0.81234 + 0.3 * 0.7574692,
  decay: {
    enabled: true,
    date: '2026-03-28',
    dateSource: 'path',
    ageDays: 37.25,
    halfLifeDays: 30,
    multiplier: 0.4227,
    evergreen: false,
  },
  mmr: {
    lambda: 0.7,
    maxSimilarity: 0.5,
    similarTo: 'memory/a.md:1-9',
    penalty: 0.15,
    mmrScore: 0.1,
    rankBefore: 1,
    rankAfter: 3,
  },
  final: 0,
};
breakdown.final = computeFinalScore(breakdown);

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** The view as the app shows it: inside the interface's language. */
function inLanguage(node: ReactElement, locale: Locale = 'en'): ReactElement {
  return <I18nextProvider i18n={createI18n(locale, [initReactI18next])}>{node}</I18nextProvider>;
}

function render(b: ScoreBreakdown = breakdown, locale: Locale = 'en') {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(inLanguage(<ScoreBreakdownView breakdown={b} />, locale)));
  const value = (id: string) => host.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-value');
  const text = (id: string) => host.querySelector(`[data-testid="${id}"]`)?.textContent;
  return { host, value, text };
}

describe('ScoreBreakdownView', () => {
  it('shows rounded numbers and carries the exact values', () => {
    const { value, text } = render();
    expect(value('bd-final')).toBe(String(breakdown.final));
    expect(text('bd-final')).toBe(breakdown.final.toFixed(4));
    expect(value('bd-bm25')).toBe('-3.1234567');
    expect(value('bd-idf-mass')).toBe('2.75');
    expect(value('bd-keyword-score')).toBe('0.7574692');
    expect(value('bd-cosine')).toBe('0.81234');
    expect(value('bd-hybrid')).toBe(String(breakdown.hybrid));
    expect(value('bd-decay')).toBe('0.4227');
    expect(value('bd-age-days')).toBe('37.25');
    expect(value('bd-date-source')).toBe('path');
    expect(value('bd-mmr-penalty')).toBe('0.15');
    expect(text('bd-mmr-similar-to')).toBe('memory/a.md:1-9');
  });

  it('never shows an evergreen file as dated or ageing: only when it was last edited', () => {
    const evergreen: ScoreBreakdown = {
      ...breakdown,
      decay: {
        enabled: true,
        date: '2026-12-01',
        dateSource: 'mtime',
        ageDays: 0.2,
        halfLifeDays: 30,
        multiplier: 1,
        evergreen: true,
      },
    };
    const { host, value } = render(evergreen);
    const decay = host.textContent ?? '';
    expect(decay).toContain('evergreen: never decays');
    expect(decay).toContain('last edited 2026-12-01');
    expect(value('bd-age-days')).toBeUndefined();
    expect(decay).not.toContain('half-life');
  });

  it('labels its rows in the interface language, the numbers unchanged', () => {
    const { host, value, text } = render(breakdown, 'zh-CN');
    const labels = [...host.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(labels).toEqual(['关键词（BM25）', '向量（余弦）', '权重', '混合', '衰减', 'MMR（λ 0.7）', '最终']);
    expect(host.textContent).toContain('半衰期 30 天');
    expect(host.textContent).toContain('= 混合 × 衰减');
    expect(text('bd-date-source')).toBe('(取自文件名)');
    expect(value('bd-final')).toBe(String(breakdown.final));
  });

  it('stacks weight × score for each side; the two add up to hybrid', () => {
    const { value } = render();
    const keyword = Number(value('bd-bar-keyword'));
    const vector = Number(value('bd-bar-vector'));
    expect(keyword).toBeCloseTo(0.3 * 0.7574692, 12);
    expect(vector).toBeCloseTo(0.7 * 0.81234, 12);
    expect(keyword + vector).toBeCloseTo(breakdown.hybrid, 12);
  });

  it('says the keyword part in words, term by term, with the FTS5 query behind a toggle', () => {
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    const keyword = {
      ...breakdown.keyword!,
      relaxed: false,
      matchedTerms: ['备份'],
      termCount: 2,
      query: '"备份" OR "云端"',
      totalChunks: 110,
      chunkTokens: 300,
      avgChunkTokens: 200,
      terms: [
        { term: '云端', asWritten: ['云端'], occurrences: 0, chunksWithTerm: 2, idf: 3.8, contribution: 0 },
        { term: '备份', asWritten: ['备份'], occurrences: 3, chunksWithTerm: 12, idf: 2.1, contribution: 3.1234567 },
      ],
    };
    const dates = {
      enabled: true,
      mentions: [{ text: '昨天', from: '2026-11-05', to: '2026-11-05' }],
      boost: 2,
      multiplier: 2,
      match: {
        evidence: 'file-date' as const,
        from: '2026-11-05',
        to: '2026-11-05',
        written: null,
        mention: '昨天',
        broader: false,
      },
    };
    const withTerms = { ...breakdown, keyword, dates, final: 0 };
    withTerms.final = computeFinalScore(withTerms);
    act(() => root!.render(inLanguage(<ScoreBreakdownView breakdown={withTerms} />)));
    const q = (id: string) => host.querySelector(`[data-testid="${id}"]`);
    expect(q('bd-matched-summary')?.textContent).toBe('Matched 1 of 2 terms (not here: “云端”).');
    const terms = [...host.querySelectorAll('[data-testid="bd-term"]')];
    expect(terms.map((li) => li.getAttribute('data-term'))).toEqual(['备份', '云端']);
    expect(terms[0]!.textContent).toBe(
      '“备份” occurs 3× here; 12 of 110 chunks contain it — fairly common, weight 2.10 → adds 3.12.',
    );
    expect(terms[0]!.getAttribute('data-contribution')).toBe('3.1234567');
    expect(host.textContent).toContain('This chunk is 300 tokens, 1.5× the average of 200');
    // The MATCH string is there for the curious, folded away.
    const details = q('bd-fts-details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.querySelector('code')?.textContent).toBe('"备份" OR "云端"');
    expect(q('bd-dates-words')?.textContent).toBe(
      'The query mentions 5 Nov 2026 (“昨天”); this file is dated 5 Nov 2026: ×2.',
    );
    expect(q('bd-date-multiplier')?.getAttribute('data-value')).toBe('2');
    expect(host.textContent).toContain('= hybrid × decay × dates');
  });

  it('says when vectors were unavailable and the side was not a candidate', () => {
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() =>
      root!.render(
        inLanguage(
          <ScoreBreakdownView
            breakdown={{ ...breakdown, keyword: null, vector: { unavailable: true, reason: 'no model' }, mmr: null }}
          />,
        ),
      ),
    );
    expect(host.querySelector('[data-testid="bd-vector-unavailable"]')?.textContent).toContain('no model');
    expect(host.querySelector('[data-testid="bd-keyword-none"]')).not.toBeNull();
    expect(host.querySelector('[data-testid="bd-mmr"]')).toBeNull();
  });

  it('says why vectors were unavailable in Chinese when the reason came by id', () => {
    const vector = {
      unavailable: true as const,
      reason: 'query embedding timed out after 50 ms',
      reasonId: 'explain:modeReason.queryTimeout',
      reasonParams: { ms: 50 },
    };
    const { host } = render({ ...breakdown, vector, mmr: null }, 'zh-CN');
    const row = host.querySelector('[data-testid="bd-vector-unavailable"]')!;
    expect(row.textContent).toContain('查询向量在 50 毫秒后超时');
    expect(row.getAttribute('title')).toBe('查询向量在 50 毫秒后超时');
  });
});

describe('ScoreBreakdownView: agent access', () => {
  it('shows the access count and the boost multiplier the final score includes', () => {
    const access = {
      count: 4,
      lastAccessAt: Date.UTC(2026, 10, 6, 2),
      enabled: true,
      factor: 0.1,
      multiplier: 1 + 0.1 * Math.log1p(4),
    };
    const boosted: ScoreBreakdown = { ...breakdown, access, final: 0 };
    boosted.final = computeFinalScore(boosted);
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root!.render(inLanguage(<ScoreBreakdownView breakdown={boosted} />)));
    const q = (id: string) => host.querySelector(`[data-testid="${id}"]`);
    expect(q('bd-access-count')?.getAttribute('data-value')).toBe('4');
    expect(q('bd-access-multiplier')?.getAttribute('data-value')).toBe(String(access.multiplier));
    expect(q('bd-access-factor')?.getAttribute('data-value')).toBe('0.1');
    expect(Number(q('bd-final')?.getAttribute('data-value'))).toBeCloseTo(breakdown.final * access.multiplier, 12);
    expect(host.textContent).toContain('= hybrid × decay × access');
  });

  it('has no access row when the host keeps no counts', () => {
    const { host } = render();
    expect(host.querySelector('[data-testid="bd-access"]')).toBeNull();
  });
});
