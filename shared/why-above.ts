// "Why is #1 above #2?" in one plain sentence, for any two results of one search. The final score
// is a product (hybrid × decay × importance × dates × access), so the factor with the largest
// ratio in #1's favour is what decided; inside the keyword side it is the words matched, how
// often, their rarity or the chunks' length. A date-only question is decided by its tiers and days
// first. Only words here: every number is the engine's breakdown, and every claim holds for it.
import type { TFunction } from 'i18next';
import type { ScoreBreakdown } from './domain.js';
import { DATED_TIER_ORDER } from './dated-words.js';
import { lengthFactor } from './explain-words.js';
import { translator } from './i18n.js';

export interface RankedBreakdown {
  rank: number;
  breakdown: ScoreBreakdown;
}

const n3 = (x: number): string => x.toFixed(3);
/** 0.4341 and 0.4338: three decimals, or as many more as it takes to tell the two apart. */
function vs(a: number, b: number): { a: string; b: string } {
  let digits = 3;
  while (digits < 12 && a.toFixed(digits) === b.toFixed(digits)) digits += 1;
  return { a: a.toFixed(digits), b: b.toFixed(digits) };
}
const ratio = (a: number, b: number): number =>
  a > 0 && b > 0 ? Math.log(a / b) : a > 0 ? Infinity : b > 0 ? -Infinity : 0;

/** The words of the sentence: `explain:whyAbove.<key>` in the caller's language. */
type Say = (key: string, params?: Record<string, unknown>) => string;

interface Factor {
  /** log(upper / lower): positive favours the upper result. */
  weight: number;
  say(): string;
}

/** Occurrences of the query's own words (not date words, fragments or expansions) in a chunk. */
function ownOccurrences(k: NonNullable<ScoreBreakdown['keyword']>): number {
  return (k.terms ?? [])
    .filter((t) => !t.fragment && !t.dateWord && !t.expansion)
    .reduce((s, t) => s + t.occurrences, 0);
}

/** Why #1's keyword score is the higher one (the caller checked that it is). */
function keywordReason(up: RankedBreakdown, low: RankedBreakdown, say: Say): string {
  const a = up.breakdown.keyword;
  const b = low.breakdown.keyword;
  if (!a) return say('higher', { up: up.rank });
  if (!b) {
    const resembles = low.breakdown.vector !== null && !('unavailable' in low.breakdown.vector);
    return resembles
      ? say('keywordOnlyUpper', { up: up.rank, low: low.rank })
      : say('noKeywordLower', { low: low.rank });
  }
  const [ma, mb] = [a.matchedTerms.length, b.matchedTerms.length];
  if (ma > mb) return say('moreTerms', { up: up.rank, a: ma, b: mb });
  // #1 holds as many of the words, or fewer: its keyword score comes from how often, how rare, or length.
  const fewer = ma < mb ? say('fewerTerms', { low: low.rank, mb, ma }) : '';
  const [oa, ob] = [ownOccurrences(a), ownOccurrences(b)];
  if (
    a.chunkTokens !== undefined &&
    b.chunkTokens !== undefined &&
    a.avgChunkTokens !== undefined &&
    ma === mb &&
    oa <= ob &&
    a.chunkTokens < b.chunkTokens
  ) {
    const fa = lengthFactor(a.chunkTokens, a.avgChunkTokens);
    const fb = lengthFactor(b.chunkTokens, b.avgChunkTokens ?? a.avgChunkTokens);
    const although = oa < ob ? say('although', { low: low.rank, ob, oa }) : '';
    return say('shorter', {
      although,
      up: up.rank,
      ta: a.chunkTokens,
      tb: b.chunkTokens,
      fa: fa.toFixed(2),
      fb: fb.toFixed(2),
    });
  }
  if (ma === mb && oa > ob) return say('moreOften', { up: up.rank, oa, ob });
  return say('rarer', { fewer, up: up.rank, ...vs(a.score, b.score) });
}

/** A date-only question: a higher tier, or an earlier day of the asked period, decides. */
function datedReason(up: RankedBreakdown, low: RankedBreakdown, say: Say): string | null {
  const a = up.breakdown.dated;
  const b = low.breakdown.dated;
  if (!a || !b) return null;
  const [ta, tb] = [DATED_TIER_ORDER.indexOf(a.tier), DATED_TIER_ORDER.indexOf(b.tier)];
  if (ta < tb) return say('tier', { up: up.rank, low: low.rank, a: say(`tiers.${a.tier}`), b: say(`tiers.${b.tier}`) });
  if (ta === tb && a.days === b.days && a.dayIndex < b.dayIndex)
    return say('earlierDay', { up: up.rank, a: a.dayIndex + 1, b: b.dayIndex + 1, days: a.days });
  return null;
}

/** One sentence saying why `upper` ranks above `lower` (pass them in either order), in `t`'s language. */
export function whyAbove(x: RankedBreakdown, y: RankedBreakdown, t: TFunction = translator('en')): string {
  const say: Say = (key, params) => t(`explain:whyAbove.${key}`, params);
  const [up, low] = x.rank <= y.rank ? [x, y] : [y, x];
  const a = up.breakdown;
  const b = low.breakdown;
  const sentence = (reason: string): string =>
    say('sentence', { reason: `${reason.charAt(0).toUpperCase()}${reason.slice(1)}`, ...vs(a.final, b.final) });
  if (a.final < b.final && a.mmr && b.mmr) {
    return say('mmr', {
      up: up.rank,
      low: low.rank,
      ...vs(a.final, b.final),
      similar: b.mmr.similarTo ?? say('aResultAbove'),
      sim: b.mmr.maxSimilarity.toFixed(2),
    });
  }
  if (a.final === b.final) return say('same', { up: up.rank, low: low.rank, a: n3(a.final) });
  const dated = a.final > b.final ? datedReason(up, low, say) : null;
  if (dated) return sentence(dated);
  const factors: Factor[] = [];
  const va = a.vector && 'score' in a.vector ? a.vector.score : 0;
  const vb = b.vector && 'score' in b.vector ? b.vector.score : 0;
  const ka = a.keyword?.score ?? 0;
  const kb = b.keyword?.score ?? 0;
  // The hybrid score's two parts: when #1's hybrid is the higher, each part in #1's favour takes
  // its share of that ratio (a part in #2's favour is no reason for #1).
  const hybridWeight = ratio(a.hybrid, b.hybrid);
  const keywordPart = Math.max(0, a.weights.text * ka - b.weights.text * kb);
  const vectorPart = Math.max(0, a.weights.vector * va - b.weights.vector * vb);
  const total = keywordPart + vectorPart || 1;
  if (hybridWeight > 0) {
    factors.push({ weight: (hybridWeight * keywordPart) / total, say: () => keywordReason(up, low, say) });
    factors.push({
      weight: (hybridWeight * vectorPart) / total,
      say: () => say('closer', { up: up.rank, ...vs(va, vb) }),
    });
  }
  if (a.decay.enabled) {
    factors.push({
      weight: ratio(a.decay.multiplier, b.decay.multiplier),
      say: () =>
        say('older', {
          low: low.rank,
          age: b.decay.evergreen ? say('evergreen') : say('days', { days: Math.round(b.decay.ageDays ?? 0) }),
          mb: b.decay.multiplier.toFixed(2),
          ma: a.decay.multiplier.toFixed(2),
        }),
    });
  }
  const ia = a.importance?.multiplier ?? 1;
  const ib = b.importance?.multiplier ?? 1;
  factors.push({
    weight: ratio(ia, ib),
    say: () => say('important', { up: up.rank, a: +ia.toFixed(3), b: +ib.toFixed(3) }),
  });
  const da = a.dates?.multiplier ?? 1;
  const db = b.dates?.multiplier ?? 1;
  factors.push({
    weight: ratio(da, db),
    say: () => say('dated', { up: up.rank, a: +da.toFixed(3), b: +db.toFixed(3) }),
  });
  const aa = a.access?.multiplier ?? 1;
  const ab = b.access?.multiplier ?? 1;
  factors.push({
    weight: ratio(aa, ab),
    say: () => say('access', { up: up.rank, a: a.access?.count ?? 0, b: b.access?.count ?? 0 }),
  });
  const decisive = factors
    .filter((f) => (Number.isFinite(f.weight) ? f.weight > 0 : f.weight === Infinity))
    .sort((p, q) => q.weight - p.weight)[0];
  return sentence(decisive ? decisive.say() : say('higher', { up: up.rank }));
}
