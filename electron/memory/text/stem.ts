// English stemming for Latin-script words, at index and query time alike, so "researched" finds
// "research" and "meetings" finds "meeting". Porter2 (the Snowball English stemmer) through
// wink-porter2-stemmer; Chinese, Japanese and Korean tokens, numbers and words mixing letters
// and digits (ipv6, hg2, v0) are left as they are. Stems are what the index stores; everything a
// person sees (snippets, highlights, the breakdown's words) shows the words as written.
import porter2 from 'wink-porter2-stemmer';

/** Only plain a–z words are English-stemmable; anything else (digits, other scripts) passes through. */
const STEMMABLE = /^[a-z]{3,}$/;

/**
 * Words repeat endlessly in a memory, and Porter2 runs a dozen regexes per word: a bounded memo
 * keeps stemming off the indexing profile. Cleared when full rather than evicted one by one.
 */
const MEMO_LIMIT = 50_000;
const memo = new Map<string, string>();

/** The index form of one lowercased, diacritic-folded token. */
export function stemToken(token: string): string {
  // Most tokens of a Chinese memory are CJK: a first-character check spares them the regex.
  const first = token.charCodeAt(0);
  if (first < 0x61 || first > 0x7a || !STEMMABLE.test(token)) return token;
  let stem = memo.get(token);
  if (stem === undefined) {
    stem = porter2(token);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(token, stem);
  }
  return stem;
}
