// FTS text for a file's chunks. Overlapping chunks share lines, and Intl.Segmenter is the
// costliest step of indexing, so each distinct line of a file is segmented once, and all of them
// in one segmentManyForIndex call (which shares segmenter calls between lines). Tokens never span
// a line break, so the result equals segmentForIndex(chunk.text).
import { segmentManyForIndex } from '../text/segment.js';

/** FTS text of each chunk text, in order. */
export function segmentChunkTexts(chunkTexts: readonly string[]): string[] {
  const lineTokens = new Map<string, string>();
  const chunkLines = chunkTexts.map((text) => text.split('\n'));
  for (const lines of chunkLines) for (const line of lines) lineTokens.set(line, '');
  const distinct = [...lineTokens.keys()];
  const segmented = segmentManyForIndex(distinct);
  for (let i = 0; i < distinct.length; i++) lineTokens.set(distinct[i]!, segmented[i]!);
  return chunkLines.map((lines) => {
    let out = '';
    for (const line of lines) {
      const tokens = lineTokens.get(line)!;
      if (tokens !== '') out = out === '' ? tokens : `${out} ${tokens}`;
    }
    return out;
  });
}
