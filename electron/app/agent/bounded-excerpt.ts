// memory_get's bounded excerpt, as OpenClaw 2026.9.6 shapes it: at most 120 lines and 12,000
// characters per call, whole lines kept while they fit, a single over-long line cut (never in the
// middle of a surrogate pair), and a notice telling the agent how to continue. Pure.
import { truncateUtf16Safe } from '../../../shared/utf16-safe-slice.js';

/** OpenClaw's DEFAULT_MEMORY_READ_LINES; here also the most one call returns (the cap). */
export const MEMORY_GET_MAX_LINES = 120;
/** OpenClaw's DEFAULT_MEMORY_READ_MAX_CHARS: about 3,000 tokens, a small slice of an agent's context. */
export const MEMORY_GET_MAX_CHARS = 12_000;

export interface BoundedExcerpt {
  status: 'ok';
  /** The lines, plus the continuation notice when more content exists. */
  text: string;
  path: string;
  from: number;
  /** Lines included (a hard-cut single line counts as one). */
  lines: number;
  truncated?: true;
  /** Where the next call should start, when more lines remain. */
  nextFrom?: number;
}

/**
 * `selected` are the file's lines from `from` on (at most MEMORY_GET_MAX_LINES of them);
 * `moreLinesAfter` says whether the file continues past them.
 */
export function boundedExcerpt(params: {
  path: string;
  from: number;
  selected: readonly string[];
  moreLinesAfter: boolean;
  maxChars?: number;
}): BoundedExcerpt {
  const maxChars = params.maxChars ?? MEMORY_GET_MAX_CHARS;
  let included = 0;
  let chars = 0;
  for (const line of params.selected) {
    const next = chars + line.length + (included > 0 ? 1 : 0);
    if (included > 0 && next > maxChars) break;
    included += 1;
    chars = next;
  }
  const hardCut = chars > maxChars;
  const text = truncateUtf16Safe(params.selected.slice(0, included).join('\n'), maxChars);
  const cutByChars = hardCut || included < params.selected.length;
  const truncated = cutByChars || params.moreLinesAfter;
  // A cut single line has no "next line" to offer: continuing would skip the rest of it.
  const nextFrom = !hardCut && truncated ? params.from + included : undefined;
  const result: BoundedExcerpt = { status: 'ok', text, path: params.path, from: params.from, lines: included };
  if (truncated) {
    result.text = `${text}${continuationNotice(nextFrom)}`;
    result.truncated = true;
  }
  if (nextFrom !== undefined) result.nextFrom = nextFrom;
  return result;
}

/** OpenClaw's wording, so agents prompted for it recognise it. */
export function continuationNotice(nextFrom: number | undefined): string {
  return nextFrom !== undefined
    ? `\n\n[More content available. Use from=${nextFrom} to continue.]`
    : '\n\n[More content available. Requested excerpt exceeded the default maxChars budget. If you need the full raw line, use read on the source file.]';
}
