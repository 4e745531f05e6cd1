// Parts every `openclaw` profile result shows, keyword-only or hybrid: the matched words in the
// snippet, and the line whose importance annotation set the chunk's multiplier.
import { scanAnnotations } from '../../../shared/memory-annotations.js';
import type { HighlightRange } from '../../../shared/domain.js';
import type { IndexedOpenClawChunk } from './openclaw-chunker.js';

export function highlightsOf(snippet: string, words: ReadonlySet<string>): HighlightRange[] {
  const out: HighlightRange[] = [];
  for (const m of snippet.matchAll(/[\p{L}\p{N}_]+/gu)) if (words.has(m[0].normalize('NFC').toLowerCase())) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}

export function importanceLine(chunk: IndexedOpenClawChunk | undefined): number | null {
  if (!chunk || chunk.importance === null) return null;
  const lines = chunk.sourceText.split('\n');
  for (let i = 0; i < lines.length; i++) if (scanAnnotations(lines[i] ?? '').some((a) => a.kind === 'importance' && a.value === String(chunk.importance))) return chunk.startLine + i;
  return null;
}
