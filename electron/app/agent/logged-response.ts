// The replay log's copy of a search answer, masked: shared by the agent tools and `memlens search`,
// which loads it without the tools' argument schemas (zod).
import type { AgentSearchEntry, SearchResponse } from '../../../shared/domain.js';
import { maskWithRanges } from '../../../shared/secrets.js';

/** What the replay log keeps of a response: everything the agent was shown and why. */
export function loggedResponse(response: SearchResponse): AgentSearchEntry['response'] {
  const logged: AgentSearchEntry['response'] = {
    // Masked even when the asker saw them raw (--show-secrets): the log is kept for good.
    results: response.results.map((r) => {
      const { text, ranges } = maskWithRanges(r.snippet, r.highlights);
      return { ...r, snippet: text, highlights: ranges };
    }),
    provider: response.provider,
    model: response.model,
    fallback: response.fallback,
    notices: response.notices,
  };
  if (response.modeReason !== undefined) logged.modeReason = response.modeReason;
  return logged;
}
