// "Why is #1 above #2?" in one plain sentence, for any two results of one search. The final score
// is a product (hybrid × decay × dates × access), so the factor with the largest ratio between the
// two is what decided; inside the keyword side it is the words matched, how often, their rarity or
// the chunks' length. Only words here: every number is the engine's breakdown.
import type { ScoreBreakdown } from './domain.js';
import { lengthFactor } from './explain-words.js';

export interface RankedBreakdown {
  rank: number;
  breakdown: ScoreBreakdown;
}

const n3 = (x: number): string => x.toFixed(3);
const ratio = (a: number, b: number): number =>
  a > 0 && b > 0 ? Math.log(a / b) : a > 0 ? Infinity : b > 0 ? -Infinity : 0;

interface Factor {
  /** log(upper / lower): positive favours the upper result. */
  weight: number;
  say(): string;
}

function keywordReason(up: RankedBreakdown, low: RankedBreakdown): string {
  const a = up.breakdown.keyword;
  const b = low.breakdown.keyword;
  if (!a) return `#${low.rank} does not match the query's words at all`;
  if (!b) return `#${up.rank} matches the query's words and #${low.rank} only resembles it in meaning`;
  if (a.matchedTerms.length !== b.matchedTerms.length) {
    return `#${up.rank} holds more of the query's words (${a.matchedTerms.length} vs ${b.matchedTerms.length})`;
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
    const more = oa < ob ? `although #${low.rank} has the words more often (${ob} vs ${oa}), ` : '';
    return `${more}#${up.rank} is shorter (${a.chunkTokens} vs ${b.chunkTokens} tokens), so each occurrence counts more there (×${fa.toFixed(2)} vs ×${fb.toFixed(2)} of an average chunk's)`;
  }
  if (oa > ob) return `#${up.rank} has the query's words more often (${oa} vs ${ob} times)`;
  return `#${up.rank} holds the rarer of the query's words (keyword score ${n3(a.score)} vs ${n3(b.score)})`;
}

/** One sentence saying why `upper` ranks above `lower` (pass them in either order). */
export function whyAbove(x: RankedBreakdown, y: RankedBreakdown): string {
  const [up, low] = x.rank <= y.rank ? [x, y] : [y, x];
  const a = up.breakdown;
  const b = low.breakdown;
  if (a.final < b.final && a.mmr && b.mmr) {
    return `#${up.rank} scores less (${n3(a.final)} vs ${n3(b.final)}) but MMR lists it first: #${low.rank} repeats ${b.mmr.similarTo ?? 'a result above it'} (similarity ${b.mmr.maxSimilarity.toFixed(2)}).`;
  }
  if (a.final === b.final)
    return `#${up.rank} and #${low.rank} score the same (${n3(a.final)}); the order between them is the index's.`;
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
  factors.push({ weight: (hybridWeight * keywordPart) / total, say: () => keywordReason(up, low) });
  factors.push({
    weight: (hybridWeight * vectorPart) / total,
    say: () => `#${up.rank} is closer in meaning (vector score ${n3(va)} vs ${n3(vb)})`,
  });
  if (a.decay.enabled) {
    factors.push({
      weight: ratio(a.decay.multiplier, b.decay.multiplier),
      say: () =>
        `#${low.rank} is older (${b.decay.evergreen ? 'evergreen' : `${Math.round(b.decay.ageDays ?? 0)} days`}, ×${b.decay.multiplier.toFixed(2)} vs ×${a.decay.multiplier.toFixed(2)} for age)`,
    });
  }
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
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}: ${n3(a.final)} vs ${n3(b.final)}.`;
}
