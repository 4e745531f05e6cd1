// An expansion word of the breakdown said in words: which query word it stands for and how, and
// that it counts less than the query's own ("matched “automobile” (a synonym of “car”, counted ×0.30)").
import type { TermBreakdown } from './domain.js';

const quote = (word: string): string => `“${word}”`;

const RELATION: Record<NonNullable<TermBreakdown['expansion']>['source'], string> = {
  thesaurus: 'a synonym of',
  dictionary: 'a translation of',
  pivot: 'a Chinese word glossed like',
  feedback: 'a word the best matches for',
};

/** "a synonym of “car”" / "a word the best matches for “fine”, “late” share". */
export function expansionRelation(e: NonNullable<TermBreakdown['expansion']>): string {
  const words = e.from.map(quote).join(', ');
  return e.source === 'feedback' ? `${RELATION.feedback} ${words} share` : `${RELATION[e.source]} ${words}`;
}

/** The term's sentence; `held` is the "n of N chunks contain it — rare, weight w" clause. */
export function describeExpansion(
  t: Pick<TermBreakdown, 'asWritten' | 'term' | 'occurrences' | 'contribution' | 'expansion'>,
  held: string,
): string {
  const e = t.expansion!;
  const name = `${quote(t.asWritten[0] ?? t.term)} (${expansionRelation(e)}, counted ×${e.weight.toFixed(2)})`;
  if (t.occurrences === 0) return `${name} is not here; ${held}.`;
  return `matched ${name}: occurs ${t.occurrences}× here; ${held} → adds ${t.contribution.toFixed(2)}.`;
}
