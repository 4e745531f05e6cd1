// The keyword side of one search: the query the keywords come from (date words handled), the
// candidates, and whether no memory holds every term.
import type { DictionaryPending } from '../core/response-notices.js';
import type { ResolvedSearchOptions } from '../core/filters.js';
import type { IndexSession } from '../sqlite/index-session.js';
import { keywordSearch, someChunkHasEveryTerm, type KeywordSearchResult } from '../sqlite/keyword-search.js';
import type { TracedCandidate } from '../core/traced-candidate.js';
import { expandQuery } from '../sqlite/query-expansion/expand-query.js';
import type { ExpansionResources } from '../sqlite/query-expansion/lexical-expansion.js';
import type { DateOnlyQuestion } from '../core/dated-score.js';

/** The keyword side's candidates, and why expansion was left out of it when it was. */
export interface KeywordSide extends KeywordSearchResult {
  /** The dictionary's state when it was left out of this search (not ready yet, or unusable). */
  dictionaryPending: DictionaryPending | null;
}

/**
 * The keyword side of a search. Date phrases are left out of the keywords (filters.ts resolved
 * them, and days written as dates join as optional words); when the query mentions
 * dates (and no date filter narrows the search already), the best keyword hits from files dated
 * around then join the candidates, so a memory from that day is considered even when its BM25 alone
 * would not reach the candidate list. Both lists come from the same terms, so their bm25 values
 * compare, and the merged list is ranked by them.
 */
export function searchKeywords(
  session: IndexSession,
  options: ResolvedSearchOptions,
  limit: number,
  dateRange: { from: string | null; to: string | null } | null,
  expansion?: ExpansionResources,
): KeywordSide {
  // A date phrase is read as a date, never searched as words (上周二 must not find 上一步): a query
  // of date words alone has no keywords, and one whose other words find nothing finds nothing.
  const query = options.keywordQuery;
  const dateTerms = options.dateTerms;
  const expanded = expandQuery(session, options, limit, dateRange, expansion);
  const expansions = expanded.terms;
  const questionTerms = options.questionTerms;
  const keyword = keywordSearch(session, query, {
    limit,
    sources: options.sources,
    dateRange,
    dateTerms,
    expansions,
    questionTerms,
    hideAutomated: options.hideAutomated,
  });
  const booster = options.dateBooster;
  if (!booster || !options.dates.enabled || dateRange || keyword.candidates.length < limit)
    return { ...keyword, dictionaryPending: expanded.dictionaryPending };
  const from = booster.mentions.reduce((min, m) => (m.from < min ? m.from : min), booster.mentions[0]!.from);
  const to = booster.mentions.reduce((max, m) => (m.to > max ? m.to : max), booster.mentions[0]!.to);
  const dated = keywordSearch(session, query, {
    limit,
    sources: options.sources,
    dateRange: { from, to },
    dateTerms,
    expansions,
    questionTerms,
    hideAutomated: options.hideAutomated,
  });
  const seen = new Set(keyword.candidates.map((c) => c.chunkRowid));
  const merged = [...keyword.candidates, ...dated.candidates.filter((c) => !seen.has(c.chunkRowid))];
  merged.sort((a, b) => a.keyword.bm25 - b.keyword.bm25 || a.chunkRowid - b.chunkRowid);
  merged.forEach((c, i) => (c.keyword.rank = i + 1));
  return { ...keyword, candidates: merged, dictionaryPending: expanded.dictionaryPending };
}

/**
 * "No memory contains every query term" — true when a term occurs nowhere, or when none of the
 * shown results holds them all and an any-match AND probe finds no chunk that does. Marks every
 * keyword breakdown of the search as relaxed, so each result says it matched only some terms;
 * returns the terms that occur nowhere, as written, or null when some memory holds them all.
 */
export function markRelaxedWhenNoChunkHasEveryTerm(
  session: IndexSession,
  keyword: KeywordSearchResult,
  results: readonly TracedCandidate[],
  filters: Parameters<typeof someChunkHasEveryTerm>[2],
): { missing: string[] } | null {
  const required = keyword.requiredTerms;
  if (required.length <= 1 || keyword.candidates.length === 0) return null;
  let relaxed = keyword.termMissing;
  if (!relaxed) {
    const shownHasAll = results.some(
      (r) => r.breakdown.keyword !== null && r.breakdown.keyword.matchedTerms.length === required.length,
    );
    relaxed = !shownHasAll && !(keyword.everyTermSomewhere ?? someChunkHasEveryTerm(session, required, filters));
  }
  if (!relaxed) return null;
  keyword.relaxed = true;
  for (const c of keyword.candidates) c.keyword.relaxed = true;
  return { missing: keyword.missingTerms.map((t) => (keyword.written.get(t) ?? [t])[0]!) };
}

/**
 * The question when the query is dates and nothing else — every word is a date's or the
 * question's ("what did we do on Feb 5th", "上周二做了什么", "notes from last week") — else null.
 * A query with words of its own keeps keywords in charge and the date as a boost.
 */
export function dateOnlyQuestion(
  options: Pick<ResolvedSearchOptions, 'dateBooster' | 'dates' | 'questionWords'>,
  keyword: Pick<KeywordSearchResult, 'requiredTerms'>,
): DateOnlyQuestion | null {
  const booster = options.dateBooster;
  if (!booster || !options.dates.enabled || keyword.requiredTerms.length > 0) return null;
  return { mentions: booster.mentions, questionWords: options.questionWords.map((q) => q.text.trim()) };
}
