// Draws a result's snippet with the matched words the engine marked (SearchResult.highlights).
// Nothing here searches the text again: the engine knows which words matched (stems, digit
// groups, CJK segments) and the UI only cuts the snippet at those offsets.
import type { HighlightRange } from '../../../../../shared/domain';

export interface SnippetPart {
  text: string;
  hit: boolean;
}

/** The snippet as plain and marked parts, in order; ranges outside the text are ignored. */
export function snippetParts(snippet: string, highlights: readonly HighlightRange[]): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let last = 0;
  for (const { start, end } of highlights) {
    const s = Math.max(start, last);
    const e = Math.min(end, snippet.length);
    if (e <= s) continue;
    if (s > last) parts.push({ text: snippet.slice(last, s), hit: false });
    parts.push({ text: snippet.slice(s, e), hit: true });
    last = e;
  }
  if (last < snippet.length || parts.length === 0) parts.push({ text: snippet.slice(last), hit: false });
  return parts;
}

/**
 * When the first marked word is far into the snippet, start the shown text at its line (with an
 * ellipsis) so the reason for the match is on screen; the ranges move with the cut.
 */
export function focusSnippet(snippet: string, highlights: readonly HighlightRange[], maxLead = 120): { text: string; highlights: HighlightRange[] } {
  const first = highlights[0]?.start;
  if (first === undefined || first <= maxLead) return { text: snippet, highlights: [...highlights] };
  const lineStart = snippet.lastIndexOf('\n', first - 1) + 1;
  const start = first - lineStart > maxLead ? first - Math.floor(maxLead / 2) : lineStart;
  const shift = start - 1; // one character of ellipsis replaces the cut text
  return {
    text: `…${snippet.slice(start)}`,
    highlights: highlights.filter((r) => r.end > start).map((r) => ({ start: Math.max(r.start, start) - shift, end: r.end - shift })),
  };
}
