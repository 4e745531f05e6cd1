// A search's snippets are masked however often the same text comes back: the masker remembers
// what a snippet holds, and each result's own highlights still move along with its masked text.
import { describe, expect, it } from 'vitest';
import type { SearchResponse, SearchResult } from '../../../shared/domain.js';
import { SnippetMasker } from './search-secrets.js';

const KEY = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv';
const SNIPPET = `deploy uses ${KEY} for the nightly build`;

function response(highlights: { start: number; end: number }[][]): SearchResponse {
  return {
    results: highlights.map(
      (h, i) => ({ path: `memory/${i}.md`, snippet: SNIPPET, highlights: h }) as unknown as SearchResult,
    ),
  } as SearchResponse;
}

describe('SnippetMasker', () => {
  it('masks a snippet each time it is shown, moving each result’s highlights', () => {
    const masker = new SnippetMasker();
    const nightly = SNIPPET.indexOf('nightly');
    const first = masker.mask(response([[{ start: 0, end: 6 }]]));
    const again = masker.mask(response([[{ start: nightly, end: nightly + 7 }], [{ start: 0, end: 6 }]]));
    for (const r of [...first.results, ...again.results]) {
      expect(r.snippet).not.toContain(KEY);
      expect(r.snippet).toContain('sk-…8tUv');
    }
    const moved = again.results[0]!;
    expect(moved.snippet.slice(moved.highlights[0]!.start, moved.highlights[0]!.end)).toBe('nightly');
    expect(again.results[1]!.highlights).toEqual([{ start: 0, end: 6 }]);
  });
});
