// Offsets ↔ 1-based line numbers, splitting lines the way the editor (CodeMirror) does: on \r\n,
// \r or \n. The budget reports which lines the agent does not see; the editor shades them.

/** Offset at which each line starts; index 0 is line 1. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** 1-based line holding `offset` (an offset at a line break belongs to the line it ends). */
export function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

export interface LineSpan {
  from: number;
  to: number;
  /** First and last line (1-based) holding a character of [from, to). */
  startLine: number;
  endLine: number;
}

export function withLines(text: string, ranges: readonly { from: number; to: number }[]): LineSpan[] {
  const starts = lineStarts(text);
  return ranges
    .filter((r) => r.to > r.from)
    .map((r) => ({ ...r, startLine: lineAt(starts, r.from), endLine: lineAt(starts, r.to - 1) }));
}

/** "212–288, 301" (the words around it are the caller's, in its language) */
export function lineRanges(spans: readonly Pick<LineSpan, 'startLine' | 'endLine'>[]): string {
  return spans.map((s) => (s.startLine === s.endLine ? `${s.startLine}` : `${s.startLine}–${s.endLine}`)).join(', ');
}

/** "lines 212–288", "line 7" */
export function describeLines(spans: readonly Pick<LineSpan, 'startLine' | 'endLine'>[]): string {
  const single = spans.length === 1 && spans[0]!.startLine === spans[0]!.endLine;
  return `${single ? 'line' : 'lines'} ${lineRanges(spans)}`;
}
