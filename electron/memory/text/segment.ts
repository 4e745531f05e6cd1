// Turns text into the tokens that go into FTS5 (unicode61) and into queries, so that both sides
// agree token for token. Latin/number words split on anything that is not a letter or a digit;
// Chinese/Japanese/Korean runs have no spaces, so they are cut by Intl.Segmenter AND into
// overlapping character bigrams: words give precise matches, bigrams catch partial overlaps and
// segmenter disagreements. Of the token sets tried on CMRC 2018 this one ranked best
// (docs/performance.md, "Choices the code makes").
//
// Segmentation is the costliest step of indexing, so the hot paths avoid regexes per word and
// share Intl.Segmenter calls (see segmentRuns); segment.test.ts pins the tokens.
import { STOPWORDS } from './stopwords.js';
import { scanLatinWords } from './latin-words.js';
import { stemToken } from './stem.js';

/** Han, kana (with the prolonged sound mark) and Hangul: scripts written without spaces. */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]+/gu;

/** Intl.Segmenter is superlinear on long input: segment pieces of at most this many chars. */
const MAX_SEGMENT_PIECE = 2000;
/**
 * CJK runs are short (punctuation ends them), and each Intl.Segmenter call costs several µs before
 * its first word: runs are joined with line breaks, which always end a word (UAX #29 WB3a/b), into
 * calls of about this many chars — where the cost per char is lowest (docs/performance.md). On 190k
 * runs (CMRC 2018, synthetic notes, kana/Hangul/astral Han fuzz) every run came out exactly as segmented alone.
 */
const SEGMENT_BATCH_CHARS = 200;
const RUN_SEPARATOR = '\n';

// Made on first use: making it loads ICU's word dictionaries (~25 ms), which a process that meets
// no Chinese, Japanese or Korean text (a one-shot English search, say) never needs.
let madeSegmenter: Intl.Segmenter | null | undefined;
function wordSegmenter(): Intl.Segmenter | null {
  madeSegmenter ??=
    typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function'
      ? new Intl.Segmenter('zh', { granularity: 'word' })
      : null;
  return madeSegmenter;
}

/** Lowercased, stemmed tokens joined by single spaces: what goes into the FTS5 text column. */
export function segmentForIndex(text: string): string {
  return indexTokens(tokenize(text)).join(' ');
}

/** segmentForIndex of each text, sharing segmenter calls across them (a file's lines, say). */
export function segmentManyForIndex(texts: readonly string[]): string[] {
  return tokenizeMany(texts).map((tokens) => indexTokens(tokens).join(' '));
}

function indexTokens(tokens: string[]): string[] {
  for (let i = 0; i < tokens.length; i++) tokens[i] = stemToken(tokens[i]!);
  return tokens;
}

export interface QueryTerms {
  /** Index forms (stems) to search for, deduplicated, in query order. */
  terms: string[];
  /** Stop words, as written (lowercased). */
  stopwords: string[];
  /** Per index form, the query's words it came from (lowercased, unstemmed). */
  written: Map<string, string[]>;
}

/**
 * The same segmentation applied to a query, deduplicated by index form, with zh/en stop words
 * separated out. Stop words are judged before stemming ("does" is one; its stem "doe" is not).
 */
export function queryTerms(query: string): QueryTerms {
  const terms: string[] = [];
  const stopwords: string[] = [];
  const written = new Map<string, string[]>();
  for (const token of tokenize(query)) {
    if (STOPWORDS.has(token)) {
      if (!stopwords.includes(token)) stopwords.push(token);
      continue;
    }
    const term = stemToken(token);
    const forms = written.get(term);
    if (forms) {
      if (!forms.includes(token)) forms.push(token);
      continue;
    }
    written.set(term, [token]);
    terms.push(term);
  }
  return { terms, stopwords, written };
}

/** The index form of each word a person might type: for matching query words to text (highlights). */
export { stemToken };

/**
 * The segmenter's words of a text's Chinese/Japanese/Korean runs (no bigrams): what tells a word
 * of the query ("报价") from a character pair that only straddles two words ("密报").
 */
export function cjkWords(text: string): Set<string> {
  const runs = text.normalize('NFKC').toLowerCase().match(CJK_RUN) ?? [];
  const words: string[] = [];
  segmentRuns(runs, words);
  return new Set(words);
}

/** The segmenter's words of each Chinese/Japanese/Korean run of a text, run by run, in order. */
export function cjkRunWords(text: string): { run: string; words: string[] }[] {
  const runs = text.normalize('NFKC').toLowerCase().match(CJK_RUN) ?? [];
  const words: string[] = [];
  const ends = segmentRuns(runs, words);
  return runs.map((run, r) => ({ run, words: words.slice(r === 0 ? 0 : ends[r - 1]!, ends[r]!) }));
}

/**
 * The segmenter's words of a text's Chinese/Japanese/Korean runs with their UTF-16 offsets in the
 * text as given (not normalised): for reading a query's words in place (question-words.ts).
 */
export function cjkWordSpans(text: string): { start: number; end: number; word: string }[] {
  const spans: { start: number; end: number; word: string }[] = [];
  for (const match of text.matchAll(CJK_RUN)) {
    let at = match.index;
    const segmenter = wordSegmenter();
    for (const piece of splitPieces(match[0])) {
      if (!segmenter || isSingleCodePoint(piece)) spans.push({ start: at, end: at + piece.length, word: piece });
      else
        for (const seg of segmenter.segment(piece))
          spans.push({ start: at + seg.index, end: at + seg.index + seg.segment.length, word: seg.segment });
      at += piece.length;
    }
  }
  return spans;
}

/** Distinct tokens of a text, for Jaccard similarity (MMR) and matched-term reporting. */
export function tokenSet(text: string): Set<string> {
  return new Set(tokenize(text));
}

/** True when the text contains a character of a script written without spaces. */
export function hasCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}

export function tokenize(text: string): string[] {
  return tokenizeMany([text])[0]!;
}

/**
 * Tokens of each text. Per text, in order: Latin/number words of the stretches between CJK runs,
 * and for each CJK run its segmenter words, then its character bigrams.
 */
export function tokenizeMany(texts: readonly string[]): string[][] {
  // Pass 1: cut each text into Latin stretches (strings) and CJK runs (indices into `runs`).
  const runs: string[] = [];
  const parts: (string | number)[][] = [];
  for (const text of texts) {
    const normalized = text.normalize('NFKC').toLowerCase();
    const textParts: (string | number)[] = [];
    let last = 0;
    CJK_RUN.lastIndex = 0;
    for (let match = CJK_RUN.exec(normalized); match !== null; match = CJK_RUN.exec(normalized)) {
      if (match.index > last) textParts.push(normalized.slice(last, match.index));
      textParts.push(runs.length);
      runs.push(match[0]);
      last = match.index + match[0].length;
    }
    if (last < normalized.length) textParts.push(last === 0 ? normalized : normalized.slice(last));
    parts.push(textParts);
  }
  // Pass 2: the words of every run, in few segmenter calls.
  const words: string[] = [];
  const wordEnds = segmentRuns(runs, words);
  // Pass 3: assemble.
  return parts.map((textParts) => {
    const out: string[] = [];
    for (const part of textParts) {
      if (typeof part === 'string') {
        scanLatinWords(part, out);
        continue;
      }
      for (let i = part === 0 ? 0 : wordEnds[part - 1]!; i < wordEnds[part]!; i++) out.push(words[i]!);
      pushBigrams(runs[part]!, out);
    }
    return out;
  });
}

/** Overlapping pairs of code points (a run's characters outside the BMP are surrogate pairs). */
function pushBigrams(run: string, out: string[]): void {
  if (!hasSurrogate(run)) {
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
    return;
  }
  const chars = Array.from(run);
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
}

function hasSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return true;
  }
  return false;
}

function isSingleCodePoint(run: string): boolean {
  return run.length === 1 || (run.length === 2 && hasSurrogate(run));
}

/**
 * Appends the words of each run to `words`, in run order; returns, per run, the end index of its
 * words. A one-character run is its own word. Without a segmenter a run's characters stand in for
 * its words (CMRC 2018 Hit@1: bigrams alone 0.970, bigrams + characters 0.973).
 */
function segmentRuns(runs: readonly string[], words: string[]): number[] {
  const ends = new Array<number>(runs.length);
  const segmenter = runs.length > 0 ? wordSegmenter() : null;
  if (!segmenter) {
    for (let r = 0; r < runs.length; r++) {
      const run = runs[r]!;
      if (isSingleCodePoint(run)) words.push(run);
      else for (const char of run) words.push(char);
      ends[r] = words.length;
    }
    return ends;
  }
  const batch = new SegmentBatch(segmenter, words, ends);
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r]!;
    if (isSingleCodePoint(run)) {
      batch.addWord(r, run);
      continue;
    }
    for (const piece of splitPieces(run)) {
      if (batch.chars > 0 && batch.chars + piece.length > SEGMENT_BATCH_CHARS) batch.flush();
      batch.addText(r, piece);
    }
  }
  batch.flush();
  return ends;
}

interface BatchItem {
  run: number;
  /** Text to segment, or (when `word`) a one-character run that is its own word. */
  text: string;
  word: boolean;
}

/** Runs (or ≤ MAX_SEGMENT_PIECE pieces of long runs) waiting for one segmenter call, in run order. */
class SegmentBatch {
  /** Length of the joined text so far. */
  chars = 0;
  private items: BatchItem[] = [];

  constructor(
    private readonly segmenter: Intl.Segmenter,
    private readonly words: string[],
    private readonly ends: number[],
  ) {}

  addWord(run: number, word: string): void {
    if (this.items.length === 0) {
      this.words.push(word);
      this.ends[run] = this.words.length;
    } else {
      this.items.push({ run, text: word, word: true });
    }
  }

  addText(run: number, text: string): void {
    this.items.push({ run, text, word: false });
    this.chars += text.length + RUN_SEPARATOR.length;
  }

  flush(): void {
    const items = this.items;
    if (items.length === 0) return;
    this.items = [];
    this.chars = 0;
    const mark = this.words.length;
    if (this.segmentJoined(items)) return;
    // A word ran across a separator (never seen; the guard keeps tokens exact): one call per item.
    this.words.length = mark;
    for (const item of items) {
      if (item.word) this.words.push(item.text);
      else
        for (const seg of this.segmenter.segment(item.text)) if (seg.isWordLike !== false) this.words.push(seg.segment);
      this.ends[item.run] = this.words.length;
    }
  }

  /** One segmenter call over the items' texts; false if a word crossed from one item into the next. */
  private segmentJoined(items: readonly BatchItem[]): boolean {
    const texts: string[] = [];
    const starts: number[] = [];
    let offset = 0;
    for (const item of items) {
      starts.push(item.word ? -1 : offset);
      if (!item.word) {
        texts.push(item.text);
        offset += item.text.length + RUN_SEPARATOR.length;
      }
    }
    let next = 0;
    // Closes the items that end before `index`, in order: a one-character run adds its word here.
    const closeUntil = (index: number): void => {
      while (next < items.length) {
        const item = items[next]!;
        const start = starts[next]!;
        if (start >= 0 && index < start + item.text.length) return;
        if (item.word) this.words.push(item.text);
        this.ends[item.run] = this.words.length;
        next += 1;
      }
    };
    for (const seg of this.segmenter.segment(texts.join(RUN_SEPARATOR))) {
      closeUntil(seg.index);
      if (next === items.length || seg.index < starts[next]!) continue; // a separator
      if (seg.index + seg.segment.length > starts[next]! + items[next]!.text.length) return false;
      if (seg.isWordLike !== false) this.words.push(seg.segment);
    }
    closeUntil(Number.POSITIVE_INFINITY);
    return true;
  }
}

/** Cut a long run into pieces of at most MAX_SEGMENT_PIECE chars (CJK runs contain no punctuation). */
function splitPieces(run: string): string[] {
  if (run.length <= MAX_SEGMENT_PIECE) return [run];
  const pieces: string[] = [];
  let start = 0;
  while (start < run.length) {
    let end = Math.min(run.length, start + MAX_SEGMENT_PIECE);
    // Never split a surrogate pair (rare Han characters live outside the BMP).
    if (end < run.length && /[\ud800-\udbff]/.test(run[end - 1]!)) end -= 1;
    pieces.push(run.slice(start, end));
    start = end;
  }
  return pieces;
}
