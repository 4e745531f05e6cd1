// The keyword side of one search, and what it tells the person: the query the keywords come from
// (date words handled), the candidates, and the notices "no memory holds every term" and "the
// query mentions a date".
import type { SearchNotice } from '../../../../shared/domain.js';
import { describeDays } from '../../../../shared/explain-words.js';
import type { QueryDate } from '../../../../shared/query-dates.js';
import type { ResolvedSearchOptions } from '../core/filters.js';
import type { IndexSession } from '../sqlite/index-session.js';
import { keywordSearch, someChunkHasEveryTerm, type KeywordSearchResult } from '../sqlite/keyword-search.js';
import type { TracedCandidate } from '../core/traced-candidate.js';
import { expandQuery } from '../sqlite/query-expansion/expand-query.js';
import type { ExpansionResources } from '../sqlite/query-expansion/lexical-expansion.js';
import type { DateOnlyQuestion } from '../core/dated-score.js';

/** The keyword side's candidates, and why expansion was left out of it when it was. */
export interface KeywordSide extends KeywordSearchResult {
  expansionNotice: SearchNotice | null;
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
    return { ...keyword, expansionNotice: expanded.notice };
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
  return { ...keyword, candidates: merged, expansionNotice: expanded.notice };
}

function describeQueryDate(d: QueryDate): string {
  const reading = d.reading ? `, read as ${d.reading}` : '';
  return `“${d.text}” (${describeDays(d.from, d.to)}${reading})`;
}

/**
 * "No memory contains every query term" — true when a term occurs nowhere, or when none of the
 * shown results holds them all and an any-match AND probe finds no chunk that does. Marks every
 * keyword breakdown of the search as relaxed, so each result says it matched only some terms.
 */
export function noticeWhenNoChunkHasEveryTerm(
  session: IndexSession,
  keyword: KeywordSearchResult,
  results: readonly TracedCandidate[],
  filters: Parameters<typeof someChunkHasEveryTerm>[2],
): SearchNotice | null {
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
  const missing = keyword.missingTerms.map((t) => `“${(keyword.written.get(t) ?? [t])[0]}”`);
  const detail =
    missing.length > 0 ? ` (${missing.join(', ')} ${missing.length === 1 ? 'occurs' : 'occur'} nowhere)` : '';
  return {
    code: 'relaxed-query',
    message: `No memory contains every query term${detail}; showing the memories that match the most, ranked by BM25.`,
  };
}

/** " “做了什么” is read as the question, not searched." — or nothing when the query asks no question. */
export function questionSentence(options: Pick<ResolvedSearchOptions, 'questionWords'>): string {
  const words = options.questionWords.map((q) => `“${q.text.trim()}”`);
  if (words.length === 0) return '';
  return ` ${words.join(', ')} ${words.length === 1 ? 'is' : 'are'} read as the question, not searched.`;
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

/**
 * "The query mentions “昨天” (5 Nov 2026); memories from then are boosted ×2. “做了什么” is read as
 * the question, not searched." — which words were the date and which the question. `dateOnly`:
 * nothing else is asked, so the memories dated then are listed, in the order the tiers give.
 */
export function datesNotice(options: ResolvedSearchOptions, dateOnly = false): SearchNotice | null {
  const booster = options.dateBooster;
  if (!booster || !options.dates.enabled) return null;
  const mentions = booster.mentions.map(describeQueryDate).join(', ');
  const period = booster.mentions.some((m) => m.from !== m.to);
  const effect = dateOnly
    ? `; nothing else is asked, so the memories dated then come first: the day's notes, other notes from then, conversations, then automated runs${period ? ', earlier days first' : ''}.`
    : `; memories from then are boosted ×${options.dates.boost}.`;
  return { code: 'query-dates', message: `The query mentions ${mentions}${effect}${questionSentence(options)}` };
}
