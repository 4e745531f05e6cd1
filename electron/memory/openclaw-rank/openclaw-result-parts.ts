// Parts every `openclaw` profile result shows, keyword-only or hybrid: the matched words in the
// snippet, the line whose importance annotation set the chunk's multiplier, and the result itself.
import { scanAnnotations } from '../../../shared/memory-annotations.js';
import type { HighlightRange, ScoreBreakdown, SearchResult } from '../../../shared/domain.js';
import type { IndexedOpenClawChunk } from './openclaw-chunker.js';
import { citationFor } from '../../../shared/citation.js';
import { openclawBreakdown } from './openclaw-breakdown.js';
import type { OpenClawRankedHit, OpenClawSearchFacts } from './openclaw-breakdown.js';
import { searchTokens } from './openclaw-query-terms.js';

export function highlightsOf(snippet: string, words: ReadonlySet<string>): HighlightRange[] {
  const out: HighlightRange[] = [];
  for (const m of snippet.matchAll(/[\p{L}\p{N}_]+/gu))
    if (words.has(m[0].normalize('NFC').toLowerCase())) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}

function importanceLine(chunk: IndexedOpenClawChunk | undefined): number | null {
  if (!chunk || chunk.importance === null) return null;
  const lines = chunk.sourceText.split('\n');
  for (let i = 0; i < lines.length; i++)
    if (scanAnnotations(lines[i] ?? '').some((a) => a.kind === 'importance' && a.value === String(chunk.importance)))
      return chunk.startLine + i;
  return null;
}

/** The fields of a profile hit that its result shows. */
interface ProfileHit {
  path: string;
  startLine: number;
  endLine: number;
  snippet: string;
  decay: { date: string | null };
}

/** A ranked hit of either pipeline as the result the profile returns. */
export function openclawResult(
  ranked: OpenClawRankedHit,
  search: OpenClawSearchFacts,
  chunk: IndexedOpenClawChunk | undefined,
): SearchResult {
  const words = new Set([...searchTokens(search.query), ...search.fallbackTerms]);
  const snippetWords = searchTokens(ranked.hit.snippet);
  const matched = [...words].filter((w) => snippetWords.includes(w));
  return profileResult(ranked.hit, chunk, openclawBreakdown(ranked, search, matched, importanceLine(chunk)), words);
}

function profileResult(
  hit: ProfileHit,
  chunk: IndexedOpenClawChunk | undefined,
  breakdown: ScoreBreakdown,
  words: ReadonlySet<string>,
): SearchResult {
  return {
    id: `${hit.path}#openclaw-${hit.startLine}-${hit.endLine}`,
    chunkHash: chunk?.hash ?? '',
    path: hit.path,
    startLine: hit.startLine,
    endLine: hit.endLine,
    score: breakdown.final,
    snippet: hit.snippet,
    highlights: highlightsOf(hit.snippet, words),
    source: 'memory',
    citation: citationFor(hit.path, hit.startLine, hit.endLine),
    date: hit.decay.date,
    breakdown,
  };
}
