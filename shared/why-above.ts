// "Why is #1 above #2?" in one plain sentence, for any two results of one search. The final score
// is a product (hybrid × decay × dates × access), so the factor with the largest ratio between the
// two is what decided; inside the keyword side it is the words matched, how often, their rarity or
// the chunks' length. Only words here: every number is the engine's breakdown.
import type { ScoreBreakdown } from './domain.js';
import type { TFunction } from 'i18next';
import { lengthFactor } from './explain-words.js';
import { translator } from './i18n.js';

export interface RankedBreakdown {
  rank: number;
  breakdown: ScoreBreakdown;
}

const n3 = (x: number): string => x.toFixed(3);
const ratio = (a: number, b: number): number =>
  a > 0 && b > 0 ? Math.log(a / b) : a > 0 ? Infinity : b > 0 ? -Infinity : 0;

/** The words of the sentence: `explain:whyAbove.<key>` in the caller's language. */
type Say = (key: string, params?: Record<string, unknown>) => string;

interface Factor {
  /** log(upper / lower): positive favours the upper result. */
  weight: number;
  say(): string;
}

function keywordReason(up: RankedBreakdown, low: RankedBreakdown, say: Say): string {
  const a = up.breakdown.keyword;
  const b = low.breakdown.keyword;
  if (!a) return say('noKeywordLower', { low: low.rank });
  if (!b) return say('keywordOnlyUpper', { up: up.rank, low: low.rank });
  if (a.matchedTerms.length !== b.matchedTerms.length) {
    return say('moreTerms', { up: up.rank, a: a.matchedTerms.length, b: b.matchedTerms.length });
  }
  const occ = (k: typeof a) =>
    (k.terms ?? []).filter((t) => !t.fragment && !t.dateWord && !t.expansion).reduce((s, t) => s + t.occurrences, 0);
  const [oa, ob] = [occ(a), occ(b)];
  if (
    a.chunkTokens !== undefined &&
    b.chunkTokens !== undefined &&
    a.avgChunkTokens !== undefined &&
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
  if (oa > ob) return say('moreOften', { up: up.rank, oa, ob });
  return say('rarer', { up: up.rank, a: n3(a.score), b: n3(b.score) });
}

/** One sentence saying why `upper` ranks above `lower` (pass them in either order), in `t`'s language. */
export function whyAbove(x: RankedBreakdown, y: RankedBreakdown, t: TFunction = translator('en')): string {
  const say: Say = (key, params) => t(`explain:whyAbove.${key}`, params);
  const [up, low] = x.rank <= y.rank ? [x, y] : [y, x];
  const a = up.breakdown;
  const b = low.breakdown;
  if (a.final < b.final && a.mmr && b.mmr) {
    return say('mmr', {
      up: up.rank,
      low: low.rank,
      a: n3(a.final),
      b: n3(b.final),
      similar: b.mmr.similarTo ?? say('aResultAbove'),
      sim: b.mmr.maxSimilarity.toFixed(2),
    });
  }
  if (a.final === b.final) return say('same', { up: up.rank, low: low.rank, a: n3(a.final) });
  const factors: Factor[] = [];
  const va = a.vector && 'score' in a.vector ? a.vector.score : 0;
  const vb = b.vector && 'score' in b.vector ? b.vector.score : 0;
  const ka = a.keyword?.score ?? 0;
  const kb = b.keyword?.score ?? 0;
  // The hybrid score's two parts, each weighed by how much of the hybrid ratio it explains.
  const hybridWeight = ratio(a.hybrid, b.hybrid);
  const keywordPart = a.weights.text * (ka - kb);
  const vectorPart = a.weights.vector * (va - vb);
  const total = Math.abs(keywordPart) + Math.abs(vectorPart) || 1;
  factors.push({ weight: (hybridWeight * keywordPart) / total, say: () => keywordReason(up, low, say) });
  factors.push({
    weight: (hybridWeight * vectorPart) / total,
    say: () => say('closer', { up: up.rank, a: n3(va), b: n3(vb) }),
  });
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
  const sentence = decisive ? decisive.say() : say('higher', { up: up.rank });
  const reason = `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`;
  return say('sentence', { reason, a: n3(a.final), b: n3(b.final) });
}
