// A returned candidate as the SearchResult the caller sees: its snippet cut around the matched
// words, its lines (the merged region's, when chunks were merged), citations, merged chunks and copies.
import type { SearchResult } from '../../../../shared/domain.js';
import { citationFor } from '../../../../shared/citation.js';
import { highlightWords } from '../../../../shared/highlight-words.js';
import { makeSnippet } from './snippet.js';
import type { TracedCandidate } from './traced-candidate.js';

export function toSearchResult(c: TracedCandidate): SearchResult {
  const snippet = makeSnippet(c.text, highlightWords(c.breakdown.keyword, c.breakdown.dates));
  const startLine = c.region?.startLine ?? c.startLine;
  const endLine = c.region?.endLine ?? c.endLine;
  const result: SearchResult = {
    id: c.chunkId,
    chunkHash: c.chunkHash,
    path: c.path,
    startLine,
    endLine,
    score: c.breakdown.final,
    snippet: snippet.text,
    highlights: snippet.highlights,
    source: c.source,
    citation: citationFor(c.path, startLine, endLine),
    date: c.date,
    breakdown: c.breakdown,
  };
  // A Markdown chunk is its file's lines in order; a transcript chunk skips records, so no numbers.
  if (c.source !== 'sessions') result.snippetLine = c.startLine + snippet.lineOffset;
  if (c.merged.length > 0) {
    result.merged = c.merged.map((m) => ({
      id: m.chunkId,
      startLine: m.startLine,
      endLine: m.endLine,
      score: m.breakdown.final,
    }));
  }
  if (c.alsoIn.length > 0) {
    result.alsoIn = c.alsoIn.map((d) => ({
      path: d.path,
      startLine: d.startLine,
      endLine: d.endLine,
      citation: citationFor(d.path, d.startLine, d.endLine),
    }));
  }
  return result;
}
