// One constructor per search notice code and one meaning per code, for both pipelines (ours and
// `--profile openclaw`); the UI and the CLI decide what to show by code alone.
import type { SearchNotice } from './domain.js';
import { describeDays } from './explain-words.js';
import { englishText, type MessageParams } from './i18n.js';
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

/** " “做了什么” is read as the question, not searched." — or '' when the query asks no question. */
export function questionSentence(questionWords: readonly string[]): string {
  const words = questionWords.map((q) => `“${q.trim()}”`);
  if (words.length === 0) return '';
  return ` ${words.join(', ')} ${words.length === 1 ? 'is' : 'are'} read as the question, not searched.`;
}

/** `no-terms`: the query has no searchable words (`questionWords`: the words read as its question). */
export function noTermsNotice(questionWords: readonly string[]): SearchNotice {
  return { code: 'no-terms', message: `The query has no searchable words.${questionSentence(questionWords)}` };
}

function describeQueryDate(d: QueryDate): string {
  const reading = d.reading ? `, read as ${d.reading}` : '';
  return `“${d.text}” (${describeDays(d.from, d.to)}${reading})`;
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
  const mentions = dates.mentions.map(describeQueryDate).join(', ');
  const period = dates.mentions.some((m) => m.from !== m.to);
  const effect = dates.dateOnly
    ? `; nothing else is asked, so the memories dated then come first: the day's notes, other notes from then, conversations, then automated runs${period ? ', earlier days first' : ''}.`
    : `; memories from then are boosted ×${dates.boost}.`;
  return {
    code: 'query-dates',
    message: `The query mentions ${mentions}${effect}${questionSentence(dates.questionWords)}`,
  };
}

/** `no-memory-then`: no memory is dated in `empty` (the periods asked); `nearest` names the closest dated ones. */
export function noMemoryThenNotice(
  empty: readonly QueryDate[],
  nearest: readonly { path: string; from: string; to: string }[],
): SearchNotice {
  const asked = empty.map((m) => `${describeDays(m.from, m.to)} (“${m.text}”)`).join(' or ');
  if (nearest.length === 0)
    return { code: 'no-memory-then', message: `No memory is dated ${asked}, and no memory carries a date at all.` };
  const named = nearest.map((r) => `${r.path} (${describeDays(r.from, r.to)})`);
  return {
    code: 'no-memory-then',
    message: `No memory is from ${asked}; the nearest dated memories: ${named.join(', ')}.`,
  };
}

/** `not-agent-model`: the vector half is not the agent's model's (`agentModel` null: no agent index says which). */
export function notAgentModelNotice(embedderModel: string, agentModel: string | null): SearchNotice {
  return {
    code: 'not-agent-model',
    message:
      agentModel === null
        ? `No agent index found beside this workspace to say which model your agent embeds with: the vector half is "${embedderModel}"'s.`
        : `The agent's index was embedded with "${agentModel}", Memory Lens with "${embedderModel}": the vector half is this model's, not your agent's.`,
  };
}
