// One constructor per search notice code and one meaning per code, for both pipelines (ours and
// `--profile openclaw`); the UI and the CLI decide what to show by code alone.
import type { SearchNotice } from './domain.js';

const quoted = (terms: readonly string[]) => terms.map((t) => `"${t}"`).join(', ');

/** `keyword-only`: this answer has no vector half — the workspace has none, or this query lost it. */
export function keywordOnlyNotice(reason: string, scope: 'search' | 'query' = 'search'): SearchNotice {
  const lead = scope === 'search' ? 'Keyword-only search' : 'Keyword-only for this query';
  return { code: 'keyword-only', message: `${lead}: ${reason}.` };
}

/** `openclaw-profile`: the list is OpenClaw's own ranking reproduced, not Memory Lens's. */
export function openclawProfileNotice(release: string, kind: 'keyword-only' | 'hybrid'): SearchNotice {
  return {
    code: 'openclaw-profile',
    message: `Ranked as OpenClaw ${release}'s ${kind} memory_search ranks (its chunks, its scores).`,
  };
}

/** `below-min-score`: nothing reached minScore; the keyword matches are shown anyway, as OpenClaw does. */
export function belowMinScoreNotice(minScore: number, best?: number): SearchNotice {
  const bestText = best === undefined ? '' : ` (best ${best.toFixed(3)})`;
  return {
    code: 'below-min-score',
    message: `No result reached minScore ${minScore}; the keyword matches are shown anyway${bestText}, as OpenClaw does.`,
  };
}

/** `relaxed-query`: not every query word had to match. */
export function relaxedQueryNotice(
  how: { missing: readonly string[] } | { oneByOne: readonly string[] },
): SearchNotice {
  if ('oneByOne' in how)
    return {
      code: 'relaxed-query',
      message: `Like OpenClaw, also searched the keywords ${quoted(how.oneByOne)} one by one.`,
    };
  const missing = how.missing.map((t) => `“${t}”`);
  const detail =
    missing.length > 0 ? ` (${missing.join(', ')} ${missing.length === 1 ? 'occurs' : 'occur'} nowhere)` : '';
  return {
    code: 'relaxed-query',
    message: `No memory contains every query term${detail}; showing the memories that match the most, ranked by BM25.`,
  };
}

/** `vector-timeout`: the query's embedding did not come back in time; this answer is keyword-only. */
export function vectorTimeoutNotice(timeoutMs: number): SearchNotice {
  return {
    code: 'vector-timeout',
    message: `Vector search skipped for this query: query embedding timed out after ${timeoutMs} ms; results are keyword-only.`,
  };
}

/** `dictionary-pending`: this search ran without Chinese↔English translations (the dictionary is not ready). */
export function dictionaryPendingNotice(
  dictionary: { state: 'building' } | { state: 'unavailable'; reason: string },
): SearchNotice {
  return {
    code: 'dictionary-pending',
    message:
      dictionary.state === 'building'
        ? 'The Chinese↔English dictionary is being prepared for its first use (a few seconds); this search ran without translations.'
        : `The Chinese↔English dictionary cannot be used: ${dictionary.reason}. This search ran without translations.`,
  };
}
