// The Latin/number words of a stretch of normalized (NFKC, lowercased) text without CJK: what
// `/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu` matches, diacritics folded as FTS5 unicode61 folds them.
// A hand-written scan instead of that regex: it runs over every character indexed, and the regex
// plus a normalize() per word cost more than the rest of the Latin path together.

/** 12,345 and 1,234,567 are one number; index them without separators so "12,345" and "12345" both find them. */
const GROUPED_NUMBER = /(?<![\p{N},])\d{1,3}(?:,\d{3})+(?![\p{N}]|,\d)/gu;
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;
const MARK = /^\p{M}$/u;
const MARKS = /\p{M}+/gu;

const OTHER = 1;
const WORD_START = 2;
/** A combining mark: continues a word, never starts one. */
const WORD_MARK = 3;

/** Class of each BMP code unit, filled in on first sight outside ASCII (0 = not yet known). */
const bmpClasses = new Uint8Array(0x10000);
const astralClasses = new Map<number, number>();
// ASCII is classed up front: a letter or digit starts a word, anything else ends one. One table read
// for every unit keeps the scan free of branches a first digit or capital would take for the first time.
for (let unit = 0; unit < 0x80; unit++) {
  const letterOrDigit =
    (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5a);
  bmpClasses[unit] = letterOrDigit ? WORD_START : OTHER;
}

function classOf(codePoint: number): number {
  const char = String.fromCodePoint(codePoint);
  return LETTER_OR_NUMBER.test(char) ? WORD_START : MARK.test(char) ? WORD_MARK : OTHER;
}

/** Appends the words of `text` to `out`. */
export function scanLatinWords(text: string, out: string[]): void {
  if (text.includes(',')) text = text.replace(GROUPED_NUMBER, (n) => n.replace(/,/g, ''));
  let start = -1;
  let ascii = true;
  const end = (at: number): void => {
    const word = text.slice(start, at);
    start = -1;
    if (ascii) {
      out.push(word);
      return;
    }
    // unicode61 folds Latin diacritics (remove_diacritics); do the same so tokenSet matches FTS.
    const folded = word.normalize('NFD').replace(MARKS, '').normalize('NFC');
    if (folded) out.push(folded);
  };
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    let cls: number;
    let width = 1;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const codePoint = text.codePointAt(i)!;
      width = codePoint > 0xffff ? 2 : 1;
      cls = astralClasses.get(codePoint) ?? 0;
      if (cls === 0) {
        cls = classOf(codePoint);
        astralClasses.set(codePoint, cls);
      }
    } else {
      cls = bmpClasses[unit]!;
      if (cls === 0) {
        cls = classOf(unit);
        bmpClasses[unit] = cls;
      }
    }
    if (cls === OTHER) {
      if (start >= 0) end(i);
    } else if (start >= 0) {
      if (unit >= 0x80) ascii = false;
    } else if (cls === WORD_START) {
      start = i;
      ascii = unit < 0x80;
    }
    i += width - 1;
  }
  if (start >= 0) end(text.length);
}
