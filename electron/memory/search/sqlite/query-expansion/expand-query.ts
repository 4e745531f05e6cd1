// The words a search adds to the query's own, from the sources its options switch on: lexical ones
// (thesaurus, dictionary, same-gloss Chinese words) from the query's words, and feedback ones from
// a first pass over the query (with the lexical words already in it).
import type { DictionaryPending } from '../../core/response-notices.js';
import type { ResolvedSearchOptions } from '../../core/filters.js';
import { indexHoldsHan } from '../bm25-terms.js';
import { sessionSlot, type IndexSession } from '../index-session.js';
import { keywordSearch, queryWordsOf } from '../keyword-search.js';
import { addExpansion, expansionEnabled, type ExpansionTerm } from '../../core/expansion-terms.js';
import { ExpansionResources, lexicalExpansions } from './lexical-expansion.js';
import { feedbackExpansions } from './pseudo-relevance.js';

/**
 * For a search run without an engine's resources (tests, benchmarks over a bare index): the
 * package's dictionary file, closed with the session (WordNet holds files open).
 */
const RESOURCES = sessionSlot<ExpansionResources>('expansion resources', (resources) => void resources.close());

export interface QueryExpansion {
  terms: ExpansionTerm[];
  /** The dictionary's state when it was left out of this search (its first build is running, or it is unusable). */
  dictionaryPending: DictionaryPending | null;
}

export function expandQuery(
  session: IndexSession,
  options: ResolvedSearchOptions,
  limit: number,
  dateRange: { from: string | null; to: string | null } | null,
  resources: ExpansionResources = session.slot(RESOURCES, () => new ExpansionResources()),
): QueryExpansion {
  const e = options.expansion;
  if (!expansionEnabled(e)) return { terms: [], dictionaryPending: null };
  const { terms, written, fragments } = queryWordsOf(session, options.keywordQuery, options.questionTerms);
  if (terms.length === 0) return { terms: [], dictionaryPending: null };
  const skip = new Set([...fragments, ...options.dateTerms]);
  const found =
    e.thesaurus || e.dictionary || e.pivot
      ? lexicalExpansions(resources, { terms, written, skip }, e, { han: !e.dictionary || indexHoldsHan(session) })
      : null;
  const lexical = found?.terms ?? [];
  // Left out only where a word of the query needed it (its first build runs, or it is unusable).
  const dictionary = found?.dictionary ?? null;
  const dictionaryPending = dictionary && dictionary.state !== 'ready' ? dictionary : null;
  if (!e.feedback) return { terms: lexical, dictionaryPending };
  const first = keywordSearch(session, options.keywordQuery, {
    limit,
    sources: options.sources,
    dateRange,
    dateTerms: options.dateTerms,
    expansions: lexical,
    questionTerms: options.questionTerms,
    hideAutomated: options.hideAutomated,
  });
  const asked = terms.filter((t) => !skip.has(t)).map((t) => (written.get(t) ?? [t])[0]!);
  const known = new Set([...terms, ...lexical.map((x) => x.term)]);
  const out = [...lexical];
  for (const f of feedbackExpansions(session, first.candidates, asked, known, { weight: e.weight }))
    addExpansion(out, f, known);
  return { terms: out, dictionaryPending };
}
