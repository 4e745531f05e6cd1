// Maximal Marginal Relevance (Carbonell & Goldstein, 1998): pick, one at a time, the item with the
// best λ·relevance − (1−λ)·(max similarity to what is already picked). MMR only reorders; the
// relevance (a result's final score) is never changed, and every pick records why it landed where.
import type { MmrBreakdown } from '../../../../shared/domain.js';

export interface MmrItem {
  /** Shown as `similarTo`, e.g. `memory/notes.md:3-9`. */
  label: string;
  /** The result's final score. */
  relevance: number;
  tokens: ReadonlySet<string>;
}

/**
 * MMR compares every remaining item with every pick: quadratic. Over 4,000 candidates
 * (maxResults 1000) that took 45 s of one thread; over 256 it is ~30k comparisons, tens of ms.
 * Diversity matters at the top of a list: callers rerank the 256 most relevant and keep the rest
 * in relevance order after them.
 */
export const MMR_POOL_SIZE = 256;

/** |A ∩ B| / |A ∪ B|; two empty sets are identical (1). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const token of small) if (large.has(token)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * Reorder `items` (already sorted by relevance, best first) by MMR. Returns the indices into
 * `items` in their new order, each with its MMR breakdown. rankBefore/rankAfter are 1-based.
 * Ties in the MMR value keep the relevance order, so λ = 1 reproduces the input order.
 */
export function mmrRerank(items: readonly MmrItem[], lambda: number): { index: number; mmr: MmrBreakdown }[] {
  const remaining = items.map((_, i) => i);
  // maxSim[i]: highest similarity of item i to anything picked so far (updated incrementally).
  const maxSim = new Array<number>(items.length).fill(0);
  const simSource = new Array<number>(items.length).fill(-1);
  const picked: { index: number; mmr: MmrBreakdown }[] = [];

  while (remaining.length > 0) {
    let bestPos = 0;
    let bestValue = -Infinity;
    for (let pos = 0; pos < remaining.length; pos++) {
      const i = remaining[pos]!;
      const value = lambda * items[i]!.relevance - (1 - lambda) * maxSim[i]!;
      if (value > bestValue) {
        bestValue = value;
        bestPos = pos;
      }
    }
    const index = remaining.splice(bestPos, 1)[0]!;
    const penalty = (1 - lambda) * maxSim[index]!;
    picked.push({
      index,
      mmr: {
        lambda,
        maxSimilarity: maxSim[index]!,
        similarTo: simSource[index]! >= 0 ? items[simSource[index]!]!.label : null,
        penalty,
        mmrScore: lambda * items[index]!.relevance - penalty,
        rankBefore: index + 1,
        rankAfter: picked.length + 1,
      },
    });
    for (const other of remaining) {
      const sim = jaccard(items[index]!.tokens, items[other]!.tokens);
      if (sim > maxSim[other]!) {
        maxSim[other] = sim;
        simSource[other] = index;
      }
    }
  }
  return picked;
}
