// OpenClaw's citation of a hit, as its memory_search writes it: `path#L3` or `path#L3-L9`.
export function citationFor(path: string, startLine: number, endLine: number): string {
  return startLine === endLine ? `${path}#L${startLine}` : `${path}#L${startLine}-L${endLine}`;
}
