// An expansion word of the breakdown said in words: which query word it stands for and how, and
// that it counts less than the query's own ("matched “automobile” (a synonym of “car”, counted ×0.30)").
import type { TFunction } from 'i18next';
import type { TermBreakdown } from './domain.js';
import { breakdownSay, quoteWord, quoteWords } from './breakdown-say.js';

/** "a synonym of “car”" / "a word the best matches for “fine”, “late” share". */
export function expansionRelation(e: NonNullable<TermBreakdown['expansion']>, t?: TFunction): string {
  const say = breakdownSay(t);
  return say(`relation.${e.source}`, { words: quoteWords(say, e.from) });
}

/** The term's sentence; `held` is the "n of N chunks contain it — rare, weight w" clause. */
export function describeExpansion(
  term: Pick<TermBreakdown, 'asWritten' | 'term' | 'occurrences' | 'contribution' | 'expansion'>,
  held: string,
  t?: TFunction,
): string {
  const say = breakdownSay(t);
  const e = term.expansion!;
  const name = say('expansionName', {
    word: quoteWord(say, term.asWritten[0] ?? term.term),
    relation: expansionRelation(e, t),
    w: e.weight.toFixed(2),
  });
  if (term.occurrences === 0) return say('absent', { name, held });
  return say('expansionOccurs', { name, times: term.occurrences, held, adds: term.contribution.toFixed(2) });
}
