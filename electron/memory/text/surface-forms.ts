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
  return new TextSpellings(text).forms(terms);
}

const NON_ASCII = /[^\0-\x7f]/;
/** An all-ASCII text's words are exactly its runs of these. */
const ASCII_WORDS = /[A-Za-z0-9]+/g;

/**
 * One text's spellings of index terms, asked again and again as queries come (the same results
 * are shown for query after query): an all-ASCII text's distinct words are listed on the first
 * question, and those starting with a letter are stemmed the first time a term starts with it.
 */
export class TextSpellings {
  /**
   * Distinct words starting with a letter, in the order they first occur, the same lowercased, and
   * each one's index form when the text's indexed tokens line up with its words.
   */
  private words: { written: string[]; lower: string[]; stems: string[] | null } | null = null;
  /** Per lowercase first letter, the words as written behind each stem, in text order. */
  private readonly byLetter = new Map<number, Map<string, string[]>>();
  private readonly ascii: boolean;

  /**
   * `indexed`: the text's tokens as the index holds them (segmentForIndex), when at hand. An ASCII
   * text's words are then read off them instead of stemmed one by one: Porter2 is most of a
   * fresh process's work on the chunks it shows first.
   */
  constructor(
    private readonly text: string,
    private readonly indexed?: string,
  ) {
    this.ascii = !NON_ASCII.test(text);
  }

  /** Per term the text holds, its words for it (a term it does not hold is left out). */
  forms(terms: Iterable<string>): Map<string, string[]> {
    const wanted = new Set([...terms].filter((t) => LATIN_TERM.test(t)));
    if (wanted.size === 0) return new Map();
    // Porter2 changes only a word's ending, never its first letter (checked on ~240k words), so a
    // word whose first letter starts no wanted term needs no stemming at all.
    if (!this.ascii) {
      const firstLetters = new Set([...wanted].map((t) => t.charCodeAt(0)));
      return collectForms(
        this.text,
        (term) => wanted.has(term),
        (letter) => firstLetters.has(letter),
      );
    }
    const out = new Map<string, string[]>();
    for (const term of wanted) {
      const found = this.stemsStartingWith(term.charCodeAt(0)).get(term);
      if (found) out.set(term, [...found]);
    }
    return out;
  }

  private stemsStartingWith(letter: number): Map<string, string[]> {
    let stems = this.byLetter.get(letter);
    if (stems) return stems;
    stems = new Map();
    const { written, lower, stems: indexedStems } = (this.words ??= distinctWords(this.text, this.indexed));
    for (let i = 0; i < written.length; i++) {
      if (lower[i]!.charCodeAt(0) !== letter) continue;
      const term = indexedStems ? indexedStems[i]! : stemToken(lower[i]!);
      const forms = stems.get(term);
      if (forms) forms.push(written[i]!);
      else stems.set(term, [written[i]!]);
    }
    this.byLetter.set(letter, stems);
    return stems;
  }
}

/**
 * An all-ASCII text's distinct words that start with a letter (a digit starts no Latin term), and
 * their index forms from `indexed` when it holds one token per word. The index's tokens of ASCII
 * text are its letter-and-digit runs, lowercased and stemmed, in order; only a grouped number
 * ("12,345", one token) makes fewer of them, and then the words are stemmed here instead.
 */
function distinctWords(text: string, indexed?: string): { written: string[]; lower: string[]; stems: string[] | null } {
  const seen = new Set<string>();
  const written: string[] = [];
  const lower: string[] = [];
  const at: number[] = [];
  let count = 0;
  for (const match of text.matchAll(ASCII_WORDS)) {
    const word = match[0];
    count += 1;
    if (word.charCodeAt(0) < 0x41 || seen.has(word)) continue;
    seen.add(word);
    written.push(word);
    lower.push(word.toLowerCase());
    at.push(count - 1);
  }
  const tokens = indexed === undefined ? null : indexed === '' ? [] : indexed.split(' ');
  const stems = tokens !== null && tokens.length === count ? at.map((i) => tokens[i]!) : null;
  return { written, lower, stems };
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
