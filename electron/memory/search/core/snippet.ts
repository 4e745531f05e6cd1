// The text shown for a result: up to 700 characters (OpenClaw's snippet size) of the chunk,
// positioned so the first matched term is visible, plus the ranges to highlight. The ranges travel
// with every result (SearchResult.highlights); the UI and the CLI draw them and find nothing again.
import type { HighlightRange } from '../../../../shared/domain.js';

export const SNIPPET_MAX_CHARS = 700;
/** How much context to keep before the first match when the chunk has to be cut. */
const LEAD_CHARS = 120;
const ELLIPSIS = '…';

export interface Snippet {
  text: string;
  highlights: HighlightRange[];
  /** Lines of the chunk before the snippet's first line (0 when it starts with the chunk). */
  lineOffset: number;
}

/**
 * Where each term occurs in `text`, case-insensitively, merged where they overlap. Terms are
 * the normalised tokens of the index, so a term is looked for both as-is and, for long digit
 * runs, with thousands separators (the index stores "12,345" as 12345).
 */
export function highlightRanges(text: string, terms: readonly string[]): HighlightRange[] {
  const haystack = text.toLowerCase();
  const ranges: HighlightRange[] = [];
  for (const term of terms) {
    for (const needle of termVariants(term)) {
      if (!needle) continue;
      let from = 0;
      for (;;) {
        const at = haystack.indexOf(needle, from);
        if (at < 0) break;
        ranges.push({ start: at, end: at + needle.length });
        from = at + needle.length;
      }
    }
  }
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: HighlightRange[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

function termVariants(term: string): string[] {
  const lower = term.toLowerCase();
  if (/^\d{4,}$/.test(lower)) return [lower, Number(lower).toLocaleString('en-US')];
  return [lower];
}

/** Cut `text` at [start, end) without splitting a surrogate pair. */
function safeSlice(text: string, start: number, end: number): [number, number] {
  let s = Math.max(0, start);
  let e = Math.min(text.length, end);
  if (s > 0 && isLowSurrogate(text.charCodeAt(s))) s += 1;
  if (e < text.length && isLowSurrogate(text.charCodeAt(e))) e -= 1;
  return [s, e];
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * A snippet of at most `maxChars` characters (ellipses included). A chunk that fits is returned
 * whole; otherwise the window starts a little before the first matched term (at a line start
 * when one is close) so the reason the chunk matched is on screen.
 */
export function makeSnippet(text: string, matchedTerms: readonly string[], maxChars = SNIPPET_MAX_CHARS): Snippet {
  const trimmed = text.trim();
  const all = highlightRanges(trimmed, matchedTerms);
  if (trimmed.length <= maxChars) return { text: trimmed, highlights: all, lineOffset: 0 };

  const firstMatch = all[0]?.start ?? 0;
  let start = Math.max(0, firstMatch - LEAD_CHARS);
  // Prefer starting at the beginning of the match's line when that line starts close enough.
  const lineStart = firstMatch > 0 ? trimmed.lastIndexOf('\n', firstMatch - 1) + 1 : 0;
  if (lineStart >= firstMatch - 2 * LEAD_CHARS) start = Math.min(start, lineStart);
  // Near the end of the chunk, slide back so the window is full.
  start = Math.max(0, Math.min(start, trimmed.length - (maxChars - ELLIPSIS.length)));

  // Leave room for the ellipses so the whole snippet stays within maxChars.
  const prefix = start > 0 ? ELLIPSIS : '';
  let end = start + maxChars - prefix.length;
  const suffix = end < trimmed.length ? ELLIPSIS : '';
  if (suffix) end -= suffix.length;
  const [s, e] = safeSlice(trimmed, start, end);
  const snippetText = prefix + trimmed.slice(s, e) + suffix;
  const highlights = all
    .filter((r) => r.end > s && r.start < e)
    .map((r) => ({ start: Math.max(r.start, s) - s + prefix.length, end: Math.min(r.end, e) - s + prefix.length }));
  return { text: snippetText, highlights, lineOffset: countNewlines(trimmed, s) };
}

function countNewlines(text: string, end: number): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) n++;
  return n;
}
