// One constructor per search notice code and one meaning per code, for both pipelines (ours and
// `--profile openclaw`); the UI and the CLI decide what to show by code alone.
import type { SearchNotice } from './domain.js';
import { englishText, type MessageParams } from './i18n.js';
import { nestedReason, type ModeReason } from './mode-reasons.js';
import type { QueryDate } from './query-dates.js';

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
export function keywordOnlyNotice(reason: ModeReason | string, scope: 'search' | 'query' = 'search'): SearchNotice {
  return notice('keyword-only', `keywordOnly.${scope}`, { reason: nestedReason(reason) });
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
  return dictionary.state === 'building'
    ? notice('dictionary-pending', 'dictionary.building', {})
    : notice('dictionary-pending', 'dictionary.unavailable', { reason: dictionary.reason });
}

const json = (value: unknown) => JSON.stringify(value);

/** `no-terms`: the query has no searchable words (`questionWords`: the words read as its question). */
export function noTermsNotice(questionWords: readonly string[]): SearchNotice {
  return notice('no-terms', 'noTerms', { question: json(questionWords) });
}

/**
 * `query-dates`: which words were the date and which the question. `dateOnly`: nothing else is
 * asked, so the memories dated then are listed in tier order; otherwise they are boosted ×`boost`.
 */
export function queryDatesNotice(dates: {
  mentions: readonly QueryDate[];
  boost: number;
  dateOnly: boolean;
  questionWords: readonly string[];
}): SearchNotice {
  const mentions = json(
    dates.mentions.map((m) => ({ text: m.text, from: m.from, to: m.to, ...(m.reading ? { reading: m.reading } : {}) })),
  );
  const period = dates.mentions.some((m) => m.from !== m.to);
  const key = !dates.dateOnly ? 'queryDates.boost' : period ? 'queryDates.dateOnlyPeriod' : 'queryDates.dateOnly';
  return notice('query-dates', key, { mentions, boost: dates.boost, question: json(dates.questionWords) });
}

/** `no-memory-then`: no memory is dated in `empty` (the periods asked); `nearest` names the closest dated ones. */
export function noMemoryThenNotice(
  empty: readonly QueryDate[],
  nearest: readonly { path: string; from: string; to: string }[],
): SearchNotice {
  const asked = json(empty.map((m) => ({ text: m.text, from: m.from, to: m.to })));
  if (nearest.length === 0) return notice('no-memory-then', 'noMemoryThen.undated', { asked });
  return notice('no-memory-then', 'noMemoryThen.nearest', {
    asked,
    nearest: json(nearest.map((r) => ({ path: r.path, from: r.from, to: r.to }))),
  });
}

/** `not-agent-model`: the vector half is not the agent's model's (`agentModel` null: no agent index says which). */
export function notAgentModelNotice(embedderModel: string, agentModel: string | null): SearchNotice {
  return agentModel === null
    ? notice('not-agent-model', 'notAgentModel.noIndex', { model: embedderModel })
    : notice('not-agent-model', 'notAgentModel.differs', { model: embedderModel, agentModel });
}
