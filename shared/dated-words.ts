// A date-only question's part of the breakdown said in words, for the CLI's --explain, its human
// output and the UI alike: "dated the asked day", which tier and why, which words were the date and
// which the question, and how the final score follows, in `t`'s language. Only words: the numbers are the engine's.
import type { TFunction } from 'i18next';
import type { DateBoostBreakdown, DatedBreakdown } from './domain.js';
import { breakdownSay, quoteWords } from './breakdown-say.js';
import { describeDays } from './explain-words.js';
import { translator } from './i18n.js';
import { DATED_TIERS } from './score.js';

/** Best first: the order of the tiers, as ranked. */
export const DATED_TIER_ORDER: readonly DatedBreakdown['tier'][] = [
  'note',
  'dated-note',
  'broader-note',
  'conversation',
  'mention',
  'automated',
  'undated',
];

/** A tier in a few words: "the note of that day", for a why-sentence (in `t`'s language). */
export function tierWords(tier: DatedBreakdown['tier'], t: TFunction = translator('en')): string {
  return t(`explain:whyAbove.tiers.${tier}`);
}

/** The dated part in sentences: what the memory is, the words read as date and question, the score's band. */
export function describeDated(
  d: DatedBreakdown,
  dates: DateBoostBreakdown | null | undefined,
  t?: TFunction,
): string[] {
  const say = (key: string, params?: Record<string, unknown>): string => breakdownSay(t)(`dated.${key}`, params);
  const words = breakdownSay(t);
  const period = d.days > 1;
  const asked = (dates?.mentions ?? []).map((m) => describeDays(m.from, m.to, t)).join(words('and'));
  const unit = say(period ? 'period' : 'day');
  const what = asked ? say('which', { what: unit, days: asked }) : unit;
  const rank = say('rank', { n: DATED_TIER_ORDER.indexOf(d.tier) + 1, total: DATED_TIER_ORDER.length });
  const tier = say(`tiers.${d.tier}`);
  const first =
    d.tier === 'undated'
      ? say('undated', { what, rank })
      : period
        ? say('firstPeriod', { what, tier, rank, day: d.dayIndex + 1, days: d.days })
        : say('first', { what, tier, rank });
  const dateWords = quoteWords(words, d.dateWords);
  const { floor, span } = DATED_TIERS[d.tier];
  return [
    first,
    d.questionWords.length > 0
      ? say('readAsQuestion', { words: dateWords, question: quoteWords(words, d.questionWords) })
      : say('readAs', { words: dateWords }),
    say('band', { from: floor.toFixed(2), to: (floor + span).toFixed(2) }),
  ];
}
