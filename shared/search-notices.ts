// One constructor per search notice code and one meaning per code, for both pipelines (ours and
// `--profile openclaw`); the UI and the CLI decide what to show by code alone.
import type { SearchNotice } from './domain.js';
import { englishText, type MessageParams } from './i18n.js';

const quoted = (terms: readonly string[]) => terms.map((t) => `"${t}"`).join(', ');

// i18next takes ~0.1–0.3 ms to word a message, as much as a keyword query on a small workspace, and
// most searches carry the same few notices: their English texts are kept (a few hundred at most).
const englishTexts = new Map<string, string>();

function englishOf(ref: { messageId: string; params: MessageParams }): string {
  const key = `${ref.messageId}\u0000${JSON.stringify(ref.params)}`;
  let text = englishTexts.get(key);
  if (text === undefined) {
    if (englishTexts.size >= 512) englishTexts.clear();
    englishTexts.set(key, (text = englishText(ref)));
  }
  return text;
}

/** A notice by message id, its English text filled in for the API and CLI. */
function notice(code: SearchNotice['code'], key: string, params: MessageParams): SearchNotice {
  const ref = { messageId: `explain:notice.${key}`, params };
  return { code, message: englishOf(ref), ...ref };
}

/** `keyword-only`: this answer has no vector half — the workspace has none, or this query lost it. */
export function keywordOnlyNotice(reason: string, scope: 'search' | 'query' = 'search'): SearchNotice {
  return notice('keyword-only', `keywordOnly.${scope}`, { reason });
}

/** `openclaw-profile`: the list is OpenClaw's own ranking reproduced, not Memory Lens's. */
export function openclawProfileNotice(release: string, kind: 'keyword-only' | 'hybrid'): SearchNotice {
  return notice('openclaw-profile', `openclawProfile.${kind}`, { release });
}

/** `below-min-score`: nothing reached minScore; the keyword matches are shown anyway, as OpenClaw does. */
export function belowMinScoreNotice(minScore: number, best?: number): SearchNotice {
  return best === undefined
    ? notice('below-min-score', 'belowMinScore', { minScore })
    : notice('below-min-score', 'belowMinScoreBest', { minScore, best: best.toFixed(3) });
}

/** `relaxed-query`: not every query word had to match. */
export function relaxedQueryNotice(
  how: { missing: readonly string[] } | { oneByOne: readonly string[] },
): SearchNotice {
  if ('oneByOne' in how) return notice('relaxed-query', 'relaxedOneByOne', { terms: quoted(how.oneByOne) });
  if (how.missing.length === 0) return notice('relaxed-query', 'relaxedAll', {});
  const terms = how.missing.map((t) => `“${t}”`).join(', ');
  return notice('relaxed-query', 'relaxedMissing', { terms, count: how.missing.length });
}

/** `vector-timeout`: the query's embedding did not come back in time; this answer is keyword-only. */
export function vectorTimeoutNotice(timeoutMs: number): SearchNotice {
  return notice('vector-timeout', 'vectorTimeout', { ms: timeoutMs });
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
