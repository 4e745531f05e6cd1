// A date-only question's part of the breakdown said in words, for the CLI's --explain, its human
// output and the UI alike: "dated the asked day", which tier and why, which words were the date and
// which the question, and how the final score follows. Only words: the numbers are the engine's.
import type { DateBoostBreakdown, DatedBreakdown } from './domain.js';
import { describeDays } from './explain-words.js';
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

const TIER_WORDS: Record<DatedBreakdown['tier'], string> = {
  note: 'the note of that day (or week, or month)',
  'dated-note': 'a note dated then (its name, its frontmatter or a dated heading)',
  'broader-note': 'a note covering more than the asked days',
  conversation: 'a conversation from then',
  mention: 'a memory that only mentions the day',
  automated: 'an automated run from then (cron, heartbeat or sub-agent)',
  undated: 'not dated then',
};

/** A tier in a few words: "the note of that day", for a why-sentence. */
export function tierWords(tier: DatedBreakdown['tier']): string {
  return TIER_WORDS[tier].replace(/ \(.*\)$/, '');
}

const quoteAll = (words: readonly string[]): string => words.map((w) => `“${w}”`).join(', ');

/** The dated part in sentences: what the memory is, the words read as date and question, the score's band. */
export function describeDated(d: DatedBreakdown, dates: DateBoostBreakdown | null | undefined): string[] {
  const period = d.days > 1;
  const asked = (dates?.mentions ?? []).map((m) => describeDays(m.from, m.to)).join(' and ');
  const what = `the asked ${period ? 'period' : 'day'}${asked ? ` (${asked})` : ''}`;
  const rank = `tier ${DATED_TIER_ORDER.indexOf(d.tier) + 1} of ${DATED_TIER_ORDER.length}`;
  const first =
    d.tier === 'undated'
      ? `Not dated ${what}: ranked below every memory from then (${rank}).`
      : `Dated ${what}: ${TIER_WORDS[d.tier]}, ${rank}${period ? `; day ${d.dayIndex + 1} of ${d.days}, earlier days first` : ''}.`;
  const question = d.questionWords.length > 0 ? `; ${quoteAll(d.questionWords)} as the question` : '';
  const { floor, span } = DATED_TIERS[d.tier];
  return [
    first,
    `Read as the date: ${quoteAll(d.dateWords)}${question}. Nothing else was asked, so the date decides.`,
    `The tier holds scores ${floor.toFixed(2)}–${(floor + span).toFixed(2)}; keyword and vector matches only order memories within it.`,
  ];
}
