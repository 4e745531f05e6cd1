// One word searched besides the query's own: its index term, the word as the source gave it, the
// query words it stands for, where it came from and how much less it weighs.
import type { z } from 'zod';
import type { ExpansionSourceSchema } from '../../../../shared/expansion-schemas.js';

export type ExpansionSource = z.output<typeof ExpansionSourceSchema>;

export interface ExpansionTerm {
  /** As indexed (lowercased, Latin words stemmed). */
  term: string;
  /** The word as the thesaurus, dictionary or feedback gave it ("automobile"). */
  word: string;
  /** The query's words it stands for, as written ("car"). */
  from: string[];
  source: ExpansionSource;
  /** 0..1: its BM25 contribution is multiplied by this. */
  weight: number;
}

export interface ResolvedExpansion {
  feedback: boolean;
  thesaurus: boolean;
  dictionary: boolean;
  pivot: boolean;
  weight: number;
}

export function expansionEnabled(e: ResolvedExpansion): boolean {
  return e.weight > 0 && (e.feedback || e.thesaurus || e.dictionary || e.pivot);
}

/** Adds `next` unless the term is a query term or already there (the first, weightiest, stays). */
export function addExpansion(list: ExpansionTerm[], next: ExpansionTerm, queryTerms: ReadonlySet<string>): void {
  if (queryTerms.has(next.term) || next.term === '') return;
  const known = list.find((e) => e.term === next.term);
  if (!known) list.push(next);
  else if (known.source === next.source) for (const w of next.from) if (!known.from.includes(w)) known.from.push(w);
}
