// The words to mark for a result — in its snippet, and in the editor or transcript view when it is
// opened — as the chunk writes them. A Latin term is a stem ("hakon" for "Hakone", "meet" for
// "meetings"): marking the stem would light up part of a word ("Hakon|e") or other words that
// start with it ("meetup"), so Latin terms are marked by the forms the chunk has. Other terms
// (Chinese, numbers) are their own written form.
import type { ScoreBreakdown } from './domain.js';

// The pieces of a date ("3", "月", "05") are searched but not marked: lit up one by one they mark
// every digit in the chunk. The date as the chunk writes it is marked instead, when it is there.
export function highlightWords(keyword: ScoreBreakdown['keyword'], dates?: ScoreBreakdown['dates']): string[] {
  const written = dates?.match?.written ? [dates.match.written] : [];
  if (!keyword) return written;
  if (!keyword.terms) return [...keyword.matchedTerms, ...written];
  const words = keyword.terms
    .filter((t) => t.occurrences > 0 && !t.dateWord)
    .flatMap((t) => (/^[a-z]+$/.test(t.term) ? t.asWritten : [t.term, ...t.asWritten]));
  return [...words, ...written];
}
