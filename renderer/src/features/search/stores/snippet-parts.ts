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

/** A matched line this far down (or this many characters in) would be hidden by the card's line clamp. */
const MAX_LEAD_LINES = 2;

/**
 * When the first marked word is far into the snippet — more than two lines or `maxLead`
 * characters in — start the shown text one line above its line (with an ellipsis), so the reason
 * for the match is on screen; the ranges move with the cut and `linesCut` says how many lines went.
 */
export function focusSnippet(
  snippet: string,
  highlights: readonly HighlightRange[],
  maxLead = 120,
): { text: string; highlights: HighlightRange[]; linesCut: number } {
  const first = highlights[0]?.start;
  if (first === undefined) return { text: snippet, highlights: [...highlights], linesCut: 0 };
  const lineStart = snippet.lastIndexOf('\n', first - 1) + 1;
  const matchLine = countLines(snippet, lineStart);
  if (first <= maxLead && matchLine <= MAX_LEAD_LINES)
    return { text: snippet, highlights: [...highlights], linesCut: 0 };
  const above = lineStart > 0 ? snippet.lastIndexOf('\n', lineStart - 2) + 1 : 0;
  const start =
    first - lineStart > maxLead ? first - Math.floor(maxLead / 2) : first - above > maxLead ? lineStart : above;
  if (start === 0) return { text: snippet, highlights: [...highlights], linesCut: 0 };
  const shift = start - 1; // one character of ellipsis replaces the cut text
  return {
    text: `…${snippet.slice(start)}`,
    highlights: highlights
      .filter((r) => r.end > start)
      .map((r) => ({ start: Math.max(r.start, start) - shift, end: r.end - shift })),
    linesCut: countLines(snippet, start),
  };
}

/** Lines holding any non-space character before the line of `at`. */
function wordLinesBefore(text: string, at: number): number {
  return text
    .slice(0, text.lastIndexOf('\n', at - 1) + 1)
    .split('\n')
    .filter((line) => line.trim() !== '').length;
}

function countLines(text: string, end: number): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

export interface SnippetLine {
  /** The file's line number, when the engine knows where the snippet starts. */
  line: number | null;
  parts: SnippetPart[];
}

/** The marked parts split into lines, numbered from `firstLine` when given. */
export function snippetLines(parts: readonly SnippetPart[], firstLine: number | null): SnippetLine[] {
  const lines: SnippetLine[] = [{ line: firstLine, parts: [] }];
  for (const part of parts) {
    const pieces = part.text.split('\n');
    pieces.forEach((piece, i) => {
      if (i > 0) {
        const prev = lines[lines.length - 1]!.line;
        lines.push({ line: prev === null ? null : prev + 1, parts: [] });
      }
      if (piece) lines[lines.length - 1]!.parts.push({ text: piece, hit: part.hit });
    });
  }
  return lines;
}

/** A compact card's passage: about three to five lines of a results panel (issue 34). */
export const CARD_SNIPPET_CHARS = 300;
/** A cut this close to a line break moves to it, so the passage starts and ends with whole lines. */
const SNAP_TO_LINE = 60;

export interface CardSnippet {
  text: string;
  highlights: HighlightRange[];
  /** Line breaks before the passage: the snippet's first line number plus this is the passage's. */
  linesCut: number;
  /** Lines of the passage (1 + its line breaks). */
  lineCount: number;
  /** True when the passage is not the whole snippet. */
  cut: boolean;
}

/**
 * The best `max` characters of a snippet: the window holding the most different marked words
 * (ties: the earliest), a third of it before the first of them, its ends moved to line breaks
 * when one is near and marked "…" where a line was cut.
 */
export function cardSnippet(
  snippet: string,
  highlights: readonly HighlightRange[],
  max = CARD_SNIPPET_CHARS,
): CardSnippet {
  const whole = (): CardSnippet => ({
    text: snippet,
    highlights: [...highlights],
    linesCut: 0,
    lineCount: countLines(snippet, snippet.length) + 1,
    cut: false,
  });
  let anchor = 0;
  let bestWords = -1;
  for (const h of highlights) {
    const words = new Set(
      highlights
        .filter((o) => o.start >= h.start && o.end <= h.start + max)
        .map((o) => snippet.slice(o.start, o.end).toLowerCase()),
    ).size;
    if (words > bestWords) {
      bestWords = words;
      anchor = h.start;
    }
  }
  // A short snippet is shown whole unless its matches sit below the lines the card's clamp shows
  // (blank lines are dropped on a closed card, so only lines with words count).
  if (snippet.length <= max && (bestWords < 0 || wordLinesBefore(snippet, anchor) < MAX_LEAD_LINES)) return whole();
  let start = Math.max(0, anchor - Math.floor(max / 3));
  const lineStart = snippet.lastIndexOf('\n', anchor - 1) + 1;
  // Start at the match's line when it begins near the cut; else at the next line break after it.
  if (anchor - lineStart <= Math.floor(max / 3) + SNAP_TO_LINE) start = lineStart;
  else {
    const next = snippet.indexOf('\n', start);
    if (next !== -1 && next < anchor && next - start <= SNAP_TO_LINE) start = next + 1;
  }
  let end = Math.min(snippet.length, start + max);
  const lineEnd = snippet.lastIndexOf('\n', end);
  if (end < snippet.length && lineEnd > start && end - lineEnd <= SNAP_TO_LINE && lineEnd > anchor) end = lineEnd;
  const lead = start > 0 && snippet[start - 1] !== '\n' ? '…' : '';
  const tail = end < snippet.length && snippet[end] !== '\n' ? '…' : '';
  const text = `${lead}${snippet.slice(start, end).replace(/\n+$/, '')}${tail}`;
  const shift = start - lead.length;
  return {
    text,
    highlights: highlights
      .filter((r) => r.end > start && r.start < end)
      .map((r) => ({ start: Math.max(r.start, start) - shift, end: Math.min(r.end, end) - shift })),
    linesCut: countLines(snippet, start),
    lineCount: countLines(text, text.length) + 1,
    cut: true,
  };
}
