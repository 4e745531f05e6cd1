// The words to mark for a result — in its snippet, and in the editor or transcript view when it is
// opened — as the chunk writes them. A Latin term is a stem ("hakon" for "Hakone", "meet" for
// "meetings"): marking the stem would light up part of a word ("Hakon|e") or other words that
// start with it ("meetup"), so Latin terms are marked by the forms the chunk has. Other terms
// (Chinese, numbers) are their own written form.
import type { ScoreBreakdown } from './domain.js';

export function highlightWords(keyword: ScoreBreakdown['keyword']): string[] {
  if (!keyword) return [];
  if (!keyword.terms) return keyword.matchedTerms;
  return keyword.terms.filter((t) => t.occurrences > 0).flatMap((t) => (/^[a-z]+$/.test(t.term) ? t.asWritten : [t.term, ...t.asWritten]));
}
