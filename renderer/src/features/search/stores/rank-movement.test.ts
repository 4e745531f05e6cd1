import { describe, expect, it } from 'vitest';
import { computeRankMovement, formatRankMove, resultKey } from './rank-movement';
import { focusSnippet, highlightTerms } from './highlight-terms';
import type { SearchResult } from '../../../../../shared/domain';

const r = (path: string, startLine = 1, endLine = 5) => ({ path, startLine, endLine }) as SearchResult;

describe('computeRankMovement', () => {
  it('reports up, down, new, unchanged and dropped results', () => {
    const before = [r('a.md'), r('b.md'), r('c.md'), r('d.md')];
    const after = [r('c.md'), r('a.md'), r('e.md'), r('d.md')];
    const { moves, dropped } = computeRankMovement(before, after);
    expect(formatRankMove(moves[resultKey(r('c.md'))])).toBe('↑2');
    expect(formatRankMove(moves[resultKey(r('a.md'))])).toBe('↓1');
    expect(formatRankMove(moves[resultKey(r('e.md'))])).toBe('new');
    expect(moves[resultKey(r('d.md'))]).toEqual({ kind: 'same' });
    expect(dropped).toEqual([resultKey(r('b.md'))]);
  });

  it('tells chunks of the same file apart by their lines', () => {
    const { moves } = computeRankMovement([r('a.md', 1, 5), r('a.md', 6, 9)], [r('a.md', 6, 9), r('a.md', 1, 5)]);
    expect(moves['a.md:6-9']).toEqual({ kind: 'up', by: 1 });
    expect(moves['a.md:1-5']).toEqual({ kind: 'down', by: 1 });
  });
});

describe('highlightTerms', () => {
  it('marks every matched term, longest first, case-insensitively', () => {
    const parts = highlightTerms('The API design: api keys and API-design.', ['api', 'design']);
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(['API', 'design', 'api', 'API', 'design']);
    expect(parts.map((p) => p.text).join('')).toBe('The API design: api keys and API-design.');
  });

  it('marks CJK words inside unsegmented text and escapes regex characters', () => {
    const parts = highlightTerms('合同金额是12,345万元 (c++)', ['合同', '金额', 'c++']);
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(['合同', '金额', 'c++']);
  });

  it('returns the snippet whole when nothing matched', () => {
    expect(highlightTerms('plain', [])).toEqual([{ text: 'plain', hit: false }]);
  });
});

describe('focusSnippet', () => {
  it('starts at the line of the first match when it is far in', () => {
    const snippet = `# Title\n\n${'intro line\n'.repeat(20)}- 合同金额是12,345万元\nmore`;
    expect(focusSnippet(snippet, ['合同'])).toBe('…- 合同金额是12,345万元\nmore');
  });

  it('leaves a snippet alone when the match is near the start or absent', () => {
    expect(focusSnippet('# 合同\ntext', ['合同'])).toBe('# 合同\ntext');
    expect(focusSnippet('no match here', ['合同'])).toBe('no match here');
  });
});
