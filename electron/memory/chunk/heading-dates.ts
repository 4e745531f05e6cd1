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

const WEEKDAY = String.raw`(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?|周[一二三四五六日天]|星期[一二三四五六日天])`;
/** Before the date: nothing but punctuation and a weekday ("## Thursday, February 5th"). */
const LEADS = new RegExp(String.raw`^[\s\p{P}]*(?:${WEEKDAY}[\s\p{P}]*)?$`, 'iu');
/** A bare "2/5" or "02-05" is a date only when it is the whole heading ("## Step 3/4" is not March 4th). */
const ONLY = new RegExp(String.raw`^[\s\p{P}]*(?:${WEEKDAY})?[\s\p{P}]*$`, 'iu');

/**
 * The day a heading is dated, or null: one written date (not a period, not a relative word) that
 * opens the heading ("## 2月5日 周四", "### Feb 5 standup") or stands alone in its closing
 * parentheses (dreaming's "(2026-02-05)"). A date inside a heading's words ("### Chengdu —
 * 2026-08-18 → 08-20") is what the section is about, not when it was written.
 */
export function headingDay(title: string, referenceMs: number): string | null {
  for (const date of findQueryDates(title, referenceMs, 0)) {
    if (!date.absolute || date.from !== date.to) continue;
    const before = title.slice(0, date.start);
    const after = title.slice(date.end);
    if (date.reading === 'month/day' && !ONLY.test(before + after)) continue;
    const opens = LEADS.test(before);
    const closes = /\(\s*$/.test(before) && /^\s*\)\s*$/.test(after);
    if (opens || closes) return date.from;
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
 * Sets `days` on each chunk that holds lines under dated headings: every day named over its lines,
 * in order (a chunk spanning the entries of 4 and 5 Feb is from both, and from no day between
 * two entries). Returns the chunks.
 */
export function dateChunksByHeadings(chunks: Chunk[], sections: readonly DatedSection[]): Chunk[] {
  if (sections.length === 0) return chunks;
  for (const chunk of chunks) {
    const near = sections.filter((s) => s.startLine <= chunk.endLine && chunk.startLine <= s.endLine);
    if (near.length === 0) continue;
    const days = new Set<string>();
    for (let line = chunk.startLine; line <= chunk.endLine; line++) {
      const day = innermostDay(near, line);
      if (day !== null) days.add(day);
    }
    if (days.size > 0) chunk.days = [...days].sort();
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
