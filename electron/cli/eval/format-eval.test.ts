import { describe, expect, it } from 'vitest';
import { translator } from '../../../shared/i18n.js';
import { formatEvalReport } from './format-eval.js';
import type { EvalReport } from './run-eval.js';

const metrics = { queries: 2, hitAt1: 1, hitAt5: 1, hitAt10: 1, mrrAt10: 1, ndcgAt10: 1, recallAt10: 1 };

describe('formatEvalReport', () => {
  it('says every query found its evidence instead of a dangling "0 queries with no relevant result…:"', () => {
    const report = {
      options: { query: '' },
      overall: metrics,
      byTag: {},
      outcomes: [],
      failures: [],
      queryP50Ms: 1,
    } as unknown as EvalReport;
    const text = formatEvalReport(report, { maxFailures: 10, t: translator('en') });
    expect(text).not.toMatch(/0 queries with no relevant result/);
    expect(text.trimEnd().split('\n').at(-1)).toBe('Every query has a relevant result in the top 10.');
  });
});
