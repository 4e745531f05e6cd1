// "Why is #1 above #2?" in one plain sentence, for any two results of one search. The final score
// is a product (hybrid × decay × importance × dates × access), so the factor with the largest
// ratio in #1's favour is what decided; inside the keyword side it is the words matched, how
// often, their rarity or the chunks' length. A date-only question is decided by its tiers and days
// first. Only words here: every number is the engine's breakdown, and every claim holds for it.
import type { ScoreBreakdown } from './domain.js';
import { DATED_TIER_ORDER, tierWords } from './dated-words.js';
import { lengthFactor } from './explain-words.js';

export interface RankedBreakdown {
  rank: number;
  breakdown: ScoreBreakdown;
}

const n3 = (x: number): string => x.toFixed(3);
/** "0.4341 vs 0.4338": three decimals, or as many more as it takes to tell the two apart. */
function vs(a: number, b: number): string {
  let digits = 3;
  while (digits < 12 && a.toFixed(digits) === b.toFixed(digits)) digits += 1;
  return `${a.toFixed(digits)} vs ${b.toFixed(digits)}`;
}
const ratio = (a: number, b: number): number =>
  a > 0 && b > 0 ? Math.log(a / b) : a > 0 ? Infinity : b > 0 ? -Infinity : 0;

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
function keywordReason(up: RankedBreakdown, low: RankedBreakdown): string {
  const a = up.breakdown.keyword;
  const b = low.breakdown.keyword;
  if (!a) return `#${up.rank} scores higher overall`;
  if (!b) {
    const resembles = low.breakdown.vector !== null && !('unavailable' in low.breakdown.vector);
    return resembles
      ? `#${up.rank} matches the query's words and #${low.rank} only resembles it in meaning`
      : `#${low.rank} does not match the query's words at all`;
  }
  const [ma, mb] = [a.matchedTerms.length, b.matchedTerms.length];
  if (ma > mb) return `#${up.rank} holds more of the query's words (${ma} vs ${mb})`;
  // #1 holds as many of the words, or fewer: its keyword score comes from how often, how rare, or length.
  const fewer = ma < mb ? `although #${low.rank} holds more of the query's words (${mb} vs ${ma}), ` : '';
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
    const more = oa < ob ? `although #${low.rank} has the words more often (${ob} vs ${oa}), ` : '';
    return `${more}#${up.rank} is shorter (${a.chunkTokens} vs ${b.chunkTokens} tokens), so each occurrence counts more there (×${fa.toFixed(2)} vs ×${fb.toFixed(2)} of an average chunk's)`;
  }
  if (ma === mb && oa > ob) return `#${up.rank} has the query's words more often (${oa} vs ${ob} times)`;
  return `${fewer}#${up.rank} holds the rarer of the query's words (keyword score ${vs(a.score, b.score)})`;
}

/** A date-only question: a higher tier, or an earlier day of the asked period, decides. */
function datedReason(up: RankedBreakdown, low: RankedBreakdown): string | null {
  const a = up.breakdown.dated;
  const b = low.breakdown.dated;
  if (!a || !b) return null;
  const [ta, tb] = [DATED_TIER_ORDER.indexOf(a.tier), DATED_TIER_ORDER.indexOf(b.tier)];
  if (ta < tb) return `#${up.rank} is ${tierWords(a.tier)} and #${low.rank} ${tierWords(b.tier)}`;
  if (ta === tb && a.days === b.days && a.dayIndex < b.dayIndex)
    return `#${up.rank} is from an earlier day of the asked period (day ${a.dayIndex + 1} vs ${b.dayIndex + 1} of ${a.days})`;
  return null;
}

/** One sentence saying why `upper` ranks above `lower` (pass them in either order). */
export function whyAbove(x: RankedBreakdown, y: RankedBreakdown): string {
  const [up, low] = x.rank <= y.rank ? [x, y] : [y, x];
  const a = up.breakdown;
  const b = low.breakdown;
  if (a.final < b.final && a.mmr && b.mmr) {
    return `#${up.rank} scores less (${vs(a.final, b.final)}) but MMR lists it first: #${low.rank} repeats ${b.mmr.similarTo ?? 'a result above it'} (similarity ${b.mmr.maxSimilarity.toFixed(2)}).`;
  }
  if (a.final === b.final)
    return `#${up.rank} and #${low.rank} score the same (${n3(a.final)}); the order between them is the index's.`;
  const dated = a.final > b.final ? datedReason(up, low) : null;
  if (dated) return `${dated.charAt(0).toUpperCase()}${dated.slice(1)}: ${vs(a.final, b.final)}.`;
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
    factors.push({ weight: (hybridWeight * keywordPart) / total, say: () => keywordReason(up, low) });
    factors.push({
      weight: (hybridWeight * vectorPart) / total,
      say: () => `#${up.rank} is closer in meaning (vector score ${vs(va, vb)})`,
    });
  }
  if (a.decay.enabled) {
    factors.push({
      weight: ratio(a.decay.multiplier, b.decay.multiplier),
      say: () =>
        `#${low.rank} is older (${b.decay.evergreen ? 'evergreen' : `${Math.round(b.decay.ageDays ?? 0)} days`}, ×${b.decay.multiplier.toFixed(2)} vs ×${a.decay.multiplier.toFixed(2)} for age)`,
    });
  }
  const ia = a.importance?.multiplier ?? 1;
  const ib = b.importance?.multiplier ?? 1;
  factors.push({
    weight: ratio(ia, ib),
    say: () => `#${up.rank} is marked more important (×${+ia.toFixed(3)} vs ×${+ib.toFixed(3)})`,
  });
  const da = a.dates?.multiplier ?? 1;
  const db = b.dates?.multiplier ?? 1;
  factors.push({
    weight: ratio(da, db),
    say: () => `#${up.rank} is from the date the query mentions (×${+da.toFixed(3)} vs ×${+db.toFixed(3)})`,
  });
  const aa = a.access?.multiplier ?? 1;
  const ab = b.access?.multiplier ?? 1;
  factors.push({
    weight: ratio(aa, ab),
    say: () =>
      `the agent has retrieved #${up.rank} more often (${a.access?.count ?? 0} vs ${b.access?.count ?? 0} times)`,
  });
  const decisive = factors
    .filter((f) => (Number.isFinite(f.weight) ? f.weight > 0 : f.weight === Infinity))
    .sort((p, q) => q.weight - p.weight)[0];
  const sentence = decisive ? decisive.say() : `#${up.rank} scores higher overall`;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}: ${vs(a.final, b.final)}.`;
}
