// Where a result's matched terms occur in its cited lines, in the file as it is now: the editor and
// the transcript view mark those words. The engine's own highlighter (search/core/snippet.ts) finds them
// — the same one that marks snippets — so the UI draws ranges and never searches text itself.
import type { LineMatch } from '../../shared/domain.js';
import type { MemoryEngineApi } from '../memory/engine-types.js';
import { highlightRanges } from '../memory/search/core/snippet.js';

/** A cited range is one chunk (a few dozen lines); this bounds the work for a hand-made request. */
const MAX_LINES = 5000;

const TRANSCRIPT = /\.jsonl(\.(reset|deleted)\..*)?$/;

export interface FindMatchesArgs {
  path: string;
  startLine: number;
  endLine: number;
  terms: string[];
}

export async function findMatches(engine: MemoryEngineApi, args: FindMatchesArgs): Promise<LineMatch[]> {
  const terms = args.terms.map((t) => t.trim()).filter(Boolean);
  const from = Math.min(args.startLine, args.endLine);
  const to = Math.min(Math.max(args.startLine, args.endLine), from + MAX_LINES - 1);
  if (terms.length === 0) return [];
  const matches: LineMatch[] = [];
  if (TRANSCRIPT.test(args.path)) {
    // A transcript cites JSONL lines; its messages are what the view shows, line breaks included.
    const transcript = await engine.readTranscript(args.path);
    for (const message of transcript.messages) {
      if (message.line < from || message.line > to) continue;
      for (const range of highlightRanges(message.text, terms)) matches.push({ line: message.line, ...range });
      // The viewer shows the words without the envelope unless asked for the raw text: mark both.
      if (message.body !== undefined)
        for (const range of highlightRanges(message.body, terms))
          matches.push({ line: message.line, ...range, part: 'body' });
    }
    return matches;
  }
  const file = await engine.readFile(args.path);
  // CodeMirror's lines: split on any line break, the break itself not part of the line.
  const lines = file.text.split(/\r\n|\r|\n/);
  for (let n = from; n <= Math.min(to, lines.length); n++) {
    for (const range of highlightRanges(lines[n - 1]!, terms)) matches.push({ line: n, ...range });
  }
  return matches;
}
