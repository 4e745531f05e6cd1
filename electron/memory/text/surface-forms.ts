// From index forms back to the words a person wrote: which words of a text (as written, case and
// accents kept) stand for given index terms. The index stores stems ("meet"); a snippet should
// light up "Meetings" and the breakdown should name it.
import { stemToken, tokenize } from './segment.js';

/** Runs of letters, digits and marks outside the scripts written without spaces. */
const LATIN_WORD = /(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc])[\p{L}\p{N}\p{M}])+/gu;

/**
 * Per index term, the distinct words of `text` that produce it. Chinese, Japanese and Korean
 * terms are their own written form and are not looked up here.
 */
export function surfaceForms(text: string, terms: Iterable<string>): Map<string, string[]> {
  const wanted = new Set(terms);
  const out = new Map<string, string[]>();
  if (wanted.size === 0) return out;
  for (const match of text.matchAll(LATIN_WORD)) {
    const tokens = tokenize(match[0]);
    if (tokens.length !== 1) continue;
    const term = stemToken(tokens[0]!);
    if (!wanted.has(term)) continue;
    const forms = out.get(term);
    if (!forms) out.set(term, [match[0]]);
    else if (!forms.includes(match[0])) forms.push(match[0]);
  }
  return out;
}
