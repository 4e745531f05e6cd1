// RM3-style pseudo-relevance feedback: the words the best first-pass matches share, weighted by
// how well those matches scored, how often the word occurs in them and how rare it is, then scaled
// so the best feedback word weighs `weight` and the rest less (the query's own words weigh 1).
import type { IndexSession } from '../index-session.js';
import { chunkIndexReader, queryTermStats } from '../bm25-terms.js';
import { STOPWORDS } from '../../../text/stopwords.js';
import { addExpansion, type ExpansionTerm } from '../../core/expansion-terms.js';

export interface FeedbackOptions {
  /** First-pass matches read. */
  docs?: number;
  /** Feedback words kept. */
  terms?: number;
  weight: number;
}

export function feedbackExpansions(
  session: IndexSession,
  firstPass: readonly { chunkRowid: number; keyword: { bm25: number } }[],
  queryWords: readonly string[],
  queryTermSet: ReadonlySet<string>,
  options: FeedbackOptions,
): ExpansionTerm[] {
  const top = firstPass.slice(0, options.docs ?? 5);
  if (top.length === 0 || options.weight <= 0) return [];
  const best = -top[0]!.keyword.bm25;
  const read = chunkIndexReader(session);
  const mass = new Map<string, number>();
  for (const hit of top) {
    const indexed = read(hit.chunkRowid);
    if (!indexed || indexed.textSeg === '') continue;
    const tokens = indexed.textSeg.split(' ');
    const docWeight = best > 0 ? -hit.keyword.bm25 / best : 1;
    for (const token of tokens) {
      if (queryTermSet.has(token) || STOPWORDS.has(token) || /^[\d.]+$/.test(token) || token.length < 2) continue;
      mass.set(token, (mass.get(token) ?? 0) + docWeight / tokens.length);
    }
  }
  // Rarity decides among the frequent ones: a word every chunk holds says nothing about these.
  const shortlist = [...mass.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([t]) => t);
  const stats = queryTermStats(session, shortlist);
  const scored = shortlist
    .map((t) => ({ t, s: mass.get(t)! * (stats.idf.get(t) ?? 0) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s)
    .slice(0, options.terms ?? 5);
  const out: ExpansionTerm[] = [];
  const top1 = scored[0]?.s ?? 0;
  for (const { t, s } of scored)
    addExpansion(
      out,
      { term: t, word: t, from: [...queryWords], source: 'feedback', weight: options.weight * (s / top1) },
      queryTermSet,
    );
  return out;
}
