// OpenClaw's strict keyword query, as its keyword-only memory_search runs it first (2026.9.6
// extensions/memory-core keyword-query.ts buildFtsQuery): the query's words
// (/[\p{L}\p{N}_]+/gu) quoted and joined with AND, matched by FTS5's default unicode61 tokenizer.
// unicode61 splits on anything that is not a letter or digit (so `web_search` is the phrase
// "web search") and keeps a run of Chinese characters as ONE word: "日报" does not match "发日报".

/** The query's words as OpenClaw's buildFtsQuery quotes them (lower-cased, as its MATCH is). */
export function openclawQueryWords(query: string): string[] {
  return [...new Set((query.match(/[\p{L}\p{N}_]+/gu) ?? []).map((w) => w.toLowerCase()))];
}

/** unicode61's tokens of a text: maximal runs of letters, digits and combining marks, lower-cased. */
function unicode61Tokens(text: string): string[] {
  return (text.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).map((t) => t.toLowerCase());
}

/**
 * True when `text` holds every word of `query` the way OpenClaw's AND query needs: each word's
 * tokens (one, or several for `web_search`) as consecutive tokens of the text.
 */
export function holdsEveryWord(query: string, text: string): boolean {
  const words = openclawQueryWords(query);
  if (words.length === 0) return false;
  const tokens = unicode61Tokens(text);
  return words.every((word) => containsRun(tokens, unicode61Tokens(word)));
}

function containsRun(tokens: readonly string[], run: readonly string[]): boolean {
  if (run.length === 0) return true;
  outer: for (let i = 0; i + run.length <= tokens.length; i++) {
    for (let j = 0; j < run.length; j++) if (tokens[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}
