import { describe, expect, it } from 'vitest';
import { highlightRanges, makeSnippet, SNIPPET_MAX_CHARS } from './snippet.js';

describe('snippet', () => {
  it('returns a short chunk whole, with highlight ranges for matched terms', () => {
    const s = makeSnippet('合同金额是12,345万元，Contract signed.', ['合同', '12345', 'contract']);
    expect(s.text).toBe('合同金额是12,345万元，Contract signed.');
    const marked = s.highlights.map((h) => s.text.slice(h.start, h.end));
    expect(marked).toEqual(['合同', '12,345', 'Contract']);
  });

  it('cuts a long chunk to at most 700 characters around the first match', () => {
    const text = `${'filler line about nothing\n'.repeat(60)}the router password is hunter2\n${'tail text\n'.repeat(60)}`;
    const s = makeSnippet(text, ['router']);
    expect(s.text.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    expect(s.text).toContain('the router password is hunter2');
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.highlights.map((h) => s.text.slice(h.start, h.end))).toEqual(['router']);
  });

  it('never splits a surrogate pair', () => {
    const text = '𠀀'.repeat(800);
    const s = makeSnippet(text, []);
    expect(s.text.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    expect(s.text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('merges overlapping highlight ranges', () => {
    expect(highlightRanges('合同金额', ['合同', '同金', '金额'])).toEqual([{ start: 0, end: 4 }]);
  });
});

describe('makeSnippet line offset', () => {
  it('says how many of the chunk lines come before the snippet, so the UI can number its lines', () => {
    const text = [
      ...Array.from({ length: 40 }, (_, i) => `line ${i + 1} filler filler filler`),
      'the quokkafruit line',
      'after',
    ].join('\n');
    const snippet = makeSnippet(text, ['quokkafruit']);
    const firstShown = snippet.text.replace(/^…/, '').split('\n')[0]!;
    expect(text.split('\n')[snippet.lineOffset]!.endsWith(firstShown)).toBe(true);
    expect(snippet.lineOffset).toBeGreaterThan(10);
    expect(makeSnippet('short\nquokkafruit', ['quokkafruit']).lineOffset).toBe(0);
  });
});
