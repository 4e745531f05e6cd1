// From index forms back to the words a person wrote: which words of a text (as written, case and
// accents kept) stand for given index terms. The index stores stems ("meet"); a snippet should
// light up "Meetings" and the breakdown should name it.
import { stemToken, tokenize } from './segment.js';

/** Only stemmed Latin terms have other spellings; everything else is written as indexed. */
const LATIN_TERM = /^[a-z]+$/;
const ASCII_WORD = /^[A-Za-z0-9]+$/;

/** Runs of letters, digits and marks; the parts in scripts written without spaces are cut out below. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]+/u;

/** Whether a term can be written other ways (a stemmed Latin word); other terms are written as indexed. */
export function hasSpellings(term: string): boolean {
  return LATIN_TERM.test(term);
}

/**
 * Per index term, the distinct words of `text` that produce it. Chinese, Japanese and Korean
 * terms are their own written form and are not looked up here.
 */
export function surfaceForms(text: string, terms: Iterable<string>): Map<string, string[]> {
  const wanted = new Set([...terms].filter((t) => LATIN_TERM.test(t)));
  if (wanted.size === 0) return new Map();
  // Porter2 changes only a word's ending, never its first letter (checked on ~240k words), so a
  // plain ASCII word whose first letter starts no wanted term needs no stemming at all.
  if (!NON_ASCII.test(text)) return asciiForms(text, wanted);
  const firstLetters = new Set([...wanted].map((t) => t.charCodeAt(0)));
  return collectForms(
    text,
    (term) => wanted.has(term),
    (letter) => firstLetters.has(letter),
  );
}

const NON_ASCII = /[^\0-\x7f]/;
/** Per set of first letters, the whole ASCII words that start with one of them (any case). */
const wordsStartingWith = new Map<string, RegExp>();

/**
 * surfaceForms for a text that is all ASCII (nearly every chunk): its words are the runs of
 * [A-Za-z0-9], and the regex engine skips the words no wanted term can come from, so a chunk's
 * other words cost no JavaScript at all.
 */
function asciiForms(text: string, wanted: ReadonlySet<string>): Map<string, string[]> {
  const letters = [...new Set([...wanted].map((t) => t[0]!))].sort().join('');
  let words = wordsStartingWith.get(letters);
  if (!words) {
    words = new RegExp(`(?<![A-Za-z0-9])[${letters}${letters.toUpperCase()}][A-Za-z0-9]*`, 'g');
    wordsStartingWith.set(letters, words);
  }
  const out = new Map<string, string[]>();
  for (const match of text.matchAll(words)) {
    const word = match[0];
    const term = stemToken(word.toLowerCase());
    if (!wanted.has(term)) continue;
    const forms = out.get(term);
    if (!forms) out.set(term, [word]);
    else if (!forms.includes(word)) forms.push(word);
  }
  return out;
}

function collectForms(
  text: string,
  wants: (term: string) => boolean,
  mayStart: (lowerFirstLetter: number) => boolean,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const record = (word: string, token: string): void => {
    const term = stemToken(token);
    if (!wants(term)) return;
    const forms = out.get(term);
    if (!forms) out.set(term, [word]);
    else if (!forms.includes(word)) forms.push(word);
  };
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    // Plain ASCII words (nearly all) need no Unicode normalisation: lowercase is their token.
    if (ASCII_WORD.test(word)) {
      if (mayStart(word.charCodeAt(0) | 0x20)) record(word, word.toLowerCase());
      continue;
    }
    for (const piece of CJK_RUN.test(word) ? word.split(new RegExp(CJK_RUN.source, 'u')) : [word]) {
      if (!piece) continue;
      const tokens = tokenize(piece);
      if (tokens.length === 1) record(piece, tokens[0]!);
    }
  }
  return out;
}
