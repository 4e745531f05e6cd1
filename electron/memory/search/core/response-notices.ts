// Which notices a search response carries, decided from what the search found (data in, notices
// out) for both pipelines: ours and `--profile openclaw`. Wording lives in shared/search-notices.ts.
import type { SearchNotice } from '../../../../shared/domain.js';
import {
  belowMinScoreNotice,
  dictionaryPendingNotice,
  keywordOnlyNotice,
  noMemoryThenNotice,
  noTermsNotice,
  notAgentModelNotice,
  openclawProfileNotice,
  queryDatesNotice,
  relaxedQueryNotice,
  vectorTimeoutNotice,
} from '../../../../shared/search-notices.js';
import type { ModeReason } from '../../../../shared/mode-reasons.js';
import type { QueryDate } from '../../../../shared/query-dates.js';

/** Why this search had no vector half: vectors are off (`search`), this query lost them (`query`), or timed out. */
export type VectorLoss = { reason: ModeReason; scope: 'search' | 'query' } | { timeoutMs: number };

export type DictionaryPending = Parameters<typeof dictionaryPendingNotice>[0];

/** What one of our searches found that the person should be told. */
export interface SearchFindings {
  /** The query has no searchable words and is not a date-only question. */
  noTerms: boolean;
  /** Words read as the question; `no-terms` names them only when the query mentions no date. */
  questionWords: readonly string[];
  /** The query mentions dates (read as dates even with the date boost off). */
  mentionsDates: boolean;
  /** The dates the query mentions, when the date boost is on; `dateOnly`: nothing else is asked. */
  dates: { mentions: readonly QueryDate[]; boost: number; dateOnly: boolean } | null;
  /** Mentioned periods no dated memory covers; `everyPeriod` silences the date line. */
  gap: {
    empty: readonly QueryDate[];
    nearest: readonly { path: string; from: string; to: string }[];
    everyPeriod: boolean;
  } | null;
  vectorLoss: VectorLoss | null;
  dictionaryPending: DictionaryPending | null;
  /** No memory holds every required term; `missing`: the terms that occur nowhere, as written. */
  relaxed: { missing: readonly string[] } | null;
  /** Nothing reached minScore and the keyword matches are shown anyway; `best`: the top final score. */
  keptBelowMinScore: { minScore: number; best: number } | null;
}

/** Our response's notices, most telling first: below minScore, relaxed, no terms, dates, gap, vectors, dictionary. */
export function searchNotices(found: SearchFindings): SearchNotice[] {
  const notices: SearchNotice[] = [];
  const below = found.keptBelowMinScore;
  if (below) notices.push(belowMinScoreNotice(below.minScore, below.best));
  if (found.relaxed) notices.push(relaxedQueryNotice(found.relaxed));
  if (found.noTerms) notices.push(noTermsNotice(found.mentionsDates ? [] : found.questionWords));
  if (found.dates && !found.gap?.everyPeriod)
    notices.push(queryDatesNotice({ ...found.dates, questionWords: found.questionWords }));
  if (found.gap) notices.push(noMemoryThenNotice(found.gap.empty, found.gap.nearest));
  const loss = found.vectorLoss;
  if (loss)
    notices.push(
      'timeoutMs' in loss ? vectorTimeoutNotice(loss.timeoutMs) : keywordOnlyNotice(loss.reason, loss.scope),
    );
  if (found.dictionaryPending) notices.push(dictionaryPendingNotice(found.dictionaryPending));
  return notices;
}

/** What a `--profile openclaw` search found that the person should be told. */
export interface OpenClawFindings {
  release: string;
  kind: 'keyword-only' | 'hybrid';
  /** Hybrid only: the model whose vectors ranked, and the agent's (null: no agent index says which). */
  vectors?: { embedderModel: string; agentModel: string | null | undefined };
  /** The keywords OpenClaw's fallback searched one by one, when it did. */
  oneByOne: readonly string[] | null;
  /** The minScore nothing reached, when the keyword matches were kept anyway. */
  keptBelowMinScore: number | null;
}

/** The OpenClaw profile's notices: the profile, a model mismatch, the one-by-one fallback, below minScore. */
export function openclawNotices(found: OpenClawFindings): SearchNotice[] {
  const notices = [openclawProfileNotice(found.release, found.kind)];
  const vectors = found.vectors;
  // `agentModel` undefined: the agent's index holds only keyword chunks, so no model to compare.
  if (vectors && vectors.agentModel !== undefined && vectors.agentModel !== vectors.embedderModel)
    notices.push(notAgentModelNotice(vectors.embedderModel, vectors.agentModel));
  if (found.oneByOne) notices.push(relaxedQueryNotice({ oneByOne: found.oneByOne }));
  if (found.keptBelowMinScore !== null) notices.push(belowMinScoreNotice(found.keptBelowMinScore));
  return notices;
}
