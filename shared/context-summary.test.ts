// The prompt-budget words the Context view, the editor's budget bar and `memlens context` share:
// English unchanged by default, every outcome worded in Chinese from the same facts.
import { describe, expect, it } from 'vitest';
import type { ContextFile } from './domain.js';
import { budgetConsequence, budgetHeadline, capWords } from './context-summary.js';
import { translator } from './i18n.js';
import { englishLeft } from './test-support/english-left.js';

type Facts = Parameters<typeof budgetHeadline>[0];
const file = (status: ContextFile['status'], over: Partial<Facts> = {}): Facts => ({
  name: 'MEMORY.md',
  status,
  measuredChars: 23418,
  injectedChars: 20000,
  cap: { kind: 'per-file', value: 20000 },
  remainingBefore: 150000,
  dropped: [{ startLine: 212, endLine: 288 }],
  ...over,
});

const EVERY: Facts[] = [
  file('full', { measuredChars: 1200 }),
  file('full', { measuredChars: 18000 }),
  file('full', { cap: null }),
  file('truncated'),
  file('truncated', { dropped: [] }),
  file('truncated', { dropped: [{ startLine: 7, endLine: 7 }] }),
  file('over-budget', { cap: null, remainingBefore: 40 }),
  file('over-budget', { cap: null, remainingBefore: 0 }),
  file('missing', { injectedChars: 61, measuredChars: 0, cap: null }),
  file('absent', { measuredChars: 0, cap: null }),
  file('empty', { measuredChars: 0 }),
  file('not-loaded', { cap: null }),
  file('unreadable', { cap: null }),
];

describe('prompt-budget words', () => {
  const zh = translator('zh-CN');

  it('English stays as the CLI and the budget bar always said it', () => {
    expect(budgetHeadline(file('truncated'))).toBe(
      'MEMORY.md 23,418 / 20,000 chars — the agent will not see lines 212–288',
    );
    expect(budgetConsequence(file('full', { measuredChars: 18000 }))).toBe('90% of the cap: close to being cut');
    expect(budgetConsequence(file('missing', { injectedChars: 61 }))).toBe(
      'absent; OpenClaw injects a 61-character [MISSING] note instead',
    );
    expect(capWords({ kind: 'user', value: 5000 })).toBe("5,000 (USER.md's own cap)");
  });

  it('every outcome reads in Chinese, with no English sentence left', () => {
    for (const f of EVERY) {
      const headline = budgetHeadline(f, zh);
      expect(headline, f.status).toMatch(/[\u4e00-\u9fff]/);
      expect(englishLeft(headline), headline).toEqual([]);
    }
    expect(budgetHeadline(file('truncated'), zh)).toBe('MEMORY.md 23,418 / 20,000 字符 — 智能体将看不到第 212–288 行');
    expect(budgetConsequence(file('over-budget', { remainingBefore: 40 }), zh)).toBe('未注入：总预算只剩 40 字符');
    expect(capWords({ kind: 'remaining-total', value: 1800 }, zh)).toBe('1,800（总预算的剩余部分）');
  });
});
