// FTS text for a file's chunks. Overlapping chunks share lines, and Intl.Segmenter is the
// costliest step of indexing (~3 µs per CJK character), so each distinct line of a file is
// segmented once. Tokens never span a line break, so the result equals segmentForIndex(chunk.text).
import { segmentForIndex } from '../text/segment.js';

export class ChunkSegmenter {
  private readonly lines = new Map<string, string>();

  segment(chunkText: string): string {
    const out: string[] = [];
    for (const line of chunkText.split('\n')) {
      let tokens = this.lines.get(line);
      if (tokens === undefined) {
        tokens = segmentForIndex(line);
        this.lines.set(line, tokens);
      }
      if (tokens !== '') out.push(tokens);
    }
    return out.join(' ');
  }
}
