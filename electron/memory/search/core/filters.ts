// Which candidates a search may return: source and date filters, then minScore and maxResults.
// Also the one place SearchOptions get their defaults and are validated.
import type { FileDate, MemorySource, SearchOptions } from '../../../../shared/domain.js';
import { MemoryLensError } from '../../../../shared/errors.js';
import { createDateBooster, periodEnd, type DateBooster } from './date-boost.js';
import { findQueryDates } from '../../../../shared/query-dates.js';
import { blankSpans, findQuestionWords, questionTerms, type QuestionSpan } from './question-words.js';
import { queryTerms } from '../../text/segment.js';
import { EXPANSION_DEFAULTS, SEARCH_DEFAULTS } from '../../../../shared/search-defaults.js';
import type { ResolvedExpansion } from './expansion-terms.js';

export interface ResolvedSearchOptions {
  query: string;
  maxResults: number;
  minScore: number;
  /** Null: every source. */
  sources: MemorySource[] | null;
  weights: { vector: number; text: number };
  decay: { enabled: boolean; halfLifeDays: number };
  mmr: { enabled: boolean; lambda: number };
  from: string | null;
  to: string | null;
  nowMs: number;
  accessBoost: { enabled: boolean; factor: number };
  /** The asker's time zone, minutes east of UTC: what a day is, for dates in the query. */
  timeZoneOffsetMinutes: number;
  dates: { enabled: boolean; boost: number };
  /** Dates the query mentions and the boost they give; null when it mentions none or dates are off. */
  dateBooster: DateBooster | null;
  /** The query the keyword side searches: relative date words and question words blanked out. */
  keywordQuery: string;
  /** The words read as the question ("what did we do", "做了什么"): never searched. */
  questionWords: QuestionSpan[];
  /** Index terms that only the question's words give (what, 了什 of 做了什么): left out of the keywords. */
  questionTerms: Set<string>;
  /** Index terms of the dates written as dates: searched, but not required. */
  dateTerms: Set<string>;
  /** Which words besides the query's are searched, and their weight (query-expansion/). */
  expansion: ResolvedExpansion;
  /** Leave automated runs' transcripts out before candidates are cut. */
  hideAutomated: boolean;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const SOURCES: readonly MemorySource[] = ['memory', 'sessions'];

/** A search option out of range, by message id (`errors:searchOption.*`). */
function invalid(key: string, params?: Record<string, string>): never {
  throw new MemoryLensError('INVALID_ARGUMENT', {
    messageId: `errors:searchOption.${key}`,
    ...(params ? { params } : {}),
  });
}

function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Defaults from SEARCH_DEFAULTS; anything out of range is an INVALID_ARGUMENT, never clamped silently. */
export function resolveSearchOptions(options: SearchOptions): ResolvedSearchOptions {
  if (typeof options.query !== 'string') invalid('query');
  const maxResults = options.maxResults ?? SEARCH_DEFAULTS.maxResults;
  if (!Number.isInteger(maxResults) || maxResults < 1) invalid('maxResults', { got: String(options.maxResults) });
  const minScore = options.minScore ?? SEARCH_DEFAULTS.minScore;
  if (!Number.isFinite(minScore) || minScore < 0 || minScore > 1)
    invalid('minScore', { got: String(options.minScore) });
  const sources = options.sources && options.sources.length > 0 ? [...new Set(options.sources)] : null;
  for (const source of sources ?? []) {
    if (!SOURCES.includes(source)) invalid('source', { got: String(source) });
  }
  const vector = options.vectorWeight ?? SEARCH_DEFAULTS.vectorWeight;
  const text = options.textWeight ?? SEARCH_DEFAULTS.textWeight;
  if (!(vector >= 0) || !(text >= 0)) invalid('weights');
  const halfLifeDays = options.decay?.halfLifeDays ?? SEARCH_DEFAULTS.halfLifeDays;
  if (!Number.isFinite(halfLifeDays) || halfLifeDays <= 0) invalid('halfLife', { got: String(halfLifeDays) });
  const lambda = options.mmr?.lambda ?? SEARCH_DEFAULTS.mmrLambda;
  if (!Number.isFinite(lambda) || lambda < 0 || lambda > 1) invalid('lambda', { got: String(lambda) });
  const from = options.from ?? null;
  const to = options.to ?? null;
  if (from !== null && !isValidIsoDate(from)) invalid('from', { got: from });
  if (to !== null && !isValidIsoDate(to)) invalid('to', { got: to });
  if (from !== null && to !== null && from > to) invalid('order', { from, to });
  const nowMs = options.now ?? Date.now();
  if (!Number.isFinite(nowMs)) invalid('now');
  const accessFactor = options.accessBoost?.factor ?? SEARCH_DEFAULTS.accessBoostFactor;
  if (!Number.isFinite(accessFactor) || accessFactor < 0) invalid('accessBoost', { got: String(accessFactor) });
  const timeZoneOffsetMinutes = options.timeZoneOffsetMinutes ?? -new Date(nowMs).getTimezoneOffset();
  if (!Number.isInteger(timeZoneOffsetMinutes) || Math.abs(timeZoneOffsetMinutes) > 840)
    invalid('timeZone', { got: String(options.timeZoneOffsetMinutes) });
  const dateBoost = options.dates?.boost ?? SEARCH_DEFAULTS.dateBoost;
  if (!Number.isFinite(dateBoost) || dateBoost < 1 || dateBoost > 10)
    invalid('dateBoost', { got: String(options.dates?.boost) });
  const datesEnabled = options.dates?.enabled ?? SEARCH_DEFAULTS.datesEnabled;
  const mentions = datesEnabled ? findQueryDates(options.query, nowMs, timeZoneOffsetMinutes) : [];
  const dateBooster = createDateBooster(mentions, { enabled: datesEnabled, boost: dateBoost, timeZoneOffsetMinutes });
  // A day written as a date is also searched the way memory writes days (2026-10-21: "2026 10 21"),
  // so "Oct 21st" finds "10-15 → 10-21". Those words are searched but never required.
  const isoDays = mentions.filter((m) => m.absolute && m.from === m.to).map((m) => m.from);
  // Blanked in place (same length), so the question's words keep their offsets in it.
  const dateless = blankSpans(
    options.query,
    mentions.filter((m) => !m.absolute),
  );
  const keywordQuery = mentions.length > 0 ? [dateless, ...isoDays].join(' ') : options.query;
  // Every date is read before the question, so 前 of 前天 stays a date's.
  const questionWords = findQuestionWords(options.query, mentions);
  const dateTerms = new Set(
    mentions
      .filter((m) => m.absolute)
      .flatMap((m) => queryTerms(m.text).terms)
      .concat(isoDays.flatMap((d) => queryTerms(d).terms)),
  );
  return {
    query: options.query,
    maxResults,
    minScore,
    sources,
    weights: { vector, text },
    decay: { enabled: options.decay?.enabled ?? SEARCH_DEFAULTS.decayEnabled, halfLifeDays },
    mmr: { enabled: options.mmr?.enabled ?? SEARCH_DEFAULTS.mmrEnabled, lambda },
    from,
    to,
    nowMs,
    accessBoost: { enabled: options.accessBoost?.enabled ?? SEARCH_DEFAULTS.accessBoostEnabled, factor: accessFactor },
    timeZoneOffsetMinutes,
    dates: { enabled: datesEnabled, boost: dateBoost },
    dateBooster,
    keywordQuery,
    questionWords,
    questionTerms: questionTerms(dateless, questionWords),
    dateTerms,
    expansion: { ...EXPANSION_DEFAULTS, ...options.expansion },
    hideAutomated: options.automated === 'hide',
  };
}

export function matchesSource(source: MemorySource, sources: readonly MemorySource[] | null): boolean {
  return sources === null || sources.includes(source);
}

/**
 * Inclusive date range. A file matches when the period its date covers (a day, a week, a month)
 * overlaps [from, to], so a monthly summary of April shows up for 2026-04-15..2026-04-20.
 * Files without a date — evergreen memory like MEMORY.md — are excluded whenever a range is set:
 * a range asks "what happened then", and evergreen memory has no "then".
 */
export function matchesDateRange(date: FileDate | null, from: string | null, to: string | null): boolean {
  if (from === null && to === null) return true;
  if (!date) return false;
  if (to !== null && date.date > to) return false;
  if (from !== null && periodEnd(date) < from) return false;
  return true;
}

/** Evergreen files are excluded from a date range even if they carry a display date. */
export function matchesDateFilter(
  file: { kind: string; date: FileDate | null },
  from: string | null,
  to: string | null,
): boolean {
  if (from === null && to === null) return true;
  return file.kind !== 'evergreen' && matchesDateRange(file.date, from, to);
}

export function meetsMinScore(score: number, minScore: number): boolean {
  return score >= minScore;
}
