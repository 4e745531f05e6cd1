// Dated headings inside a Markdown file — `## 2026-02-05`, `## 2月5日`, `### Feb 5 standup`,
// dreaming's `## Promoted From Short-Term Memory (2026-02-05)` — date the lines under them, so a
// log kept in one file answers "what did we do on Feb 5th" like a daily note does. Dates are read
// by shared/query-dates.ts, a year left out resolved against the file's own date (else its mtime):
// the last such day not after it. Pure.
import { parseSections } from '../../../shared/memory-sections.js';
import { findQueryDates } from '../../../shared/query-dates.js';
import type { Chunk } from './chunker.js';

export interface DatedSection {
  startLine: number;
  endLine: number;
  /** The ISO day the heading names. */
  day: string;
}

/** A bare "2/5" or "02-05" is a date only when it is the whole heading ("## Step 3/4" is not March 4th). */
const NUMERIC_ONLY =
  /^[\s\p{P}]*(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?|周[一二三四五六日天]|星期[一二三四五六日天])?[\s\p{P}]*$/iu;

/** The day a heading names, or null: one written date (not a period, not a relative word). */
export function headingDay(title: string, referenceMs: number): string | null {
  for (const date of findQueryDates(title, referenceMs, 0)) {
    if (!date.absolute || date.from !== date.to) continue;
    const rest = title.slice(0, date.start) + title.slice(date.end);
    if (date.reading === 'month/day' && !NUMERIC_ONLY.test(rest)) continue;
    return date.from;
  }
  return null;
}

/** Sections under dated headings; a nested dated heading dates its own lines, not its parent's. */
export function datedSections(text: string, referenceMs: number): DatedSection[] {
  const found: DatedSection[] = [];
  for (const section of parseSections(text)) {
    const day = headingDay(section.title, referenceMs);
    if (day) found.push({ startLine: section.startLine, endLine: section.endLine, day });
  }
  return found;
}

/**
 * Sets `dayFrom` / `dayTo` on each chunk that holds lines under a dated heading: the first and
 * last day named over its lines (a chunk spanning 4 and 5 Feb covers both). Returns the chunks.
 */
export function dateChunksByHeadings(chunks: Chunk[], sections: readonly DatedSection[]): Chunk[] {
  if (sections.length === 0) return chunks;
  for (const chunk of chunks) {
    const near = sections.filter((s) => s.startLine <= chunk.endLine && chunk.startLine <= s.endLine);
    if (near.length === 0) continue;
    let from: string | null = null;
    let to: string | null = null;
    for (let line = chunk.startLine; line <= chunk.endLine; line++) {
      const day = innermostDay(near, line);
      if (day === null) continue;
      if (from === null || day < from) from = day;
      if (to === null || day > to) to = day;
    }
    if (from !== null && to !== null) {
      chunk.dayFrom = from;
      chunk.dayTo = to;
    }
  }
  return chunks;
}

/** The day of the innermost (latest-starting) dated section holding `line`. */
function innermostDay(sections: readonly DatedSection[], line: number): string | null {
  let best: DatedSection | null = null;
  for (const s of sections) {
    if (s.startLine <= line && line <= s.endLine && (best === null || s.startLine > best.startLine)) best = s;
  }
  return best?.day ?? null;
}
