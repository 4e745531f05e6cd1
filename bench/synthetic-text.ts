// Deterministic mixed Chinese/English text for synthetic workspaces: a seeded PRNG and sentence,
// paragraph and query builders. Content words come from a hand-written head list (common words,
// drawn Zipf-like) and a long tail (Chinese dictionary words, English pseudo-words standing in for
// names and jargon), so 100k chunks have realistic posting lists: a few terms in a large share of
// chunks, most terms in few. A 200-word vocabulary alone would put every word in ~20% of chunks.
import { seededRandom } from '../electron/memory/embed/test-support/tiny-model.js';
import {
  CHINESE_FILLERS,
  CHINESE_TAIL_CHARS,
  CHINESE_WORDS,
  ENGLISH_FILLERS,
  ENGLISH_WORDS,
  PEOPLE,
} from './synthetic-words.js';

export type Rng = () => number;

/** Same seed → same workspace (mulberry32, shared with the embedder's fixture model). */
export function createRng(seed: number): Rng {
  return seededRandom(seed);
}

export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

/** Skewed pick: index = n·u^skew favours the head of the list. */
export function pickZipf<T>(rng: Rng, items: readonly T[], skew = 2.2): T {
  return items[Math.floor(items.length * Math.pow(rng(), skew))]!;
}

interface LongTail {
  chinese: readonly string[];
  english: readonly string[];
}

let longTail: LongTail | null = null;

/**
 * Chinese tail: pairs of common characters that Intl.Segmenter (ICU's dictionary) treats as one
 * word, i.e. real words, ~1,800 of them (the list is fixed for a given Node/ICU build). English
 * tail: 4,000 pronounceable pseudo-words from a fixed seed.
 */
export function longTailWords(): LongTail {
  if (longTail) return longTail;
  const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
  const chars = [...new Set(CHINESE_TAIL_CHARS)];
  const chinese: string[] = [];
  for (const a of chars) {
    for (const b of chars) {
      const word = a + b;
      if ([...segmenter.segment(word)].length === 1 && !CHINESE_WORDS.includes(word)) chinese.push(word);
    }
  }
  const rng = createRng(0x7a11);
  const onsets = [
    'b',
    'c',
    'd',
    'f',
    'g',
    'h',
    'j',
    'k',
    'l',
    'm',
    'n',
    'p',
    'r',
    's',
    't',
    'v',
    'w',
    'z',
    'br',
    'cl',
    'dr',
    'st',
    'tr',
    'sh',
    'ch',
    'qu',
  ];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'io'];
  const codas = ['', '', 'n', 'r', 's', 'l', 'm', 'x', 'th', 'nd'];
  const english = new Set<string>();
  while (english.size < 4000) {
    let word = '';
    const syllables = randomInt(rng, 2, 3);
    for (let i = 0; i < syllables; i++)
      word += pick(rng, onsets) + pick(rng, vowels) + (i === syllables - 1 ? pick(rng, codas) : '');
    if (!ENGLISH_WORDS.includes(word)) english.add(word);
  }
  // Shuffle the Chinese list so the Zipf head of the tail is not all one leading character.
  for (let i = chinese.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [chinese[i], chinese[j]] = [chinese[j]!, chinese[i]!];
  }
  longTail = { chinese, english: [...english] };
  return longTail;
}

/** A content word: 55% from the common head (Zipf), 45% from the long tail (milder Zipf). */
export function chineseWord(rng: Rng): string {
  return rng() < 0.55 ? pickZipf(rng, CHINESE_WORDS, 1.8) : pickZipf(rng, longTailWords().chinese, 1.5);
}

export function englishWord(rng: Rng): string {
  return rng() < 0.55 ? pickZipf(rng, ENGLISH_WORDS, 1.8) : pickZipf(rng, longTailWords().english, 1.5);
}

/** Token estimate matching the chunker's rule: a CJK character ≈ 1 token, else ≈ 4 characters. */
export function estimateTextTokens(text: string): number {
  let cjk = 0;
  let other = 0;
  for (const ch of text) {
    if (/[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/u.test(ch)) cjk += 1;
    else other += 1;
  }
  return cjk + Math.ceil(other / 4);
}

function numberPhrase(rng: Rng): string {
  const kind = randomInt(rng, 0, 3);
  if (kind === 0) return `${randomInt(rng, 1, 99)},${String(randomInt(rng, 0, 999)).padStart(3, '0')}万元`;
  if (kind === 1)
    return `2026-${String(randomInt(rng, 1, 12)).padStart(2, '0')}-${String(randomInt(rng, 1, 28)).padStart(2, '0')}`;
  if (kind === 2) return `${randomInt(rng, 1, 99)}%`;
  return `v${randomInt(rng, 0, 3)}.${randomInt(rng, 0, 9)}.${randomInt(rng, 0, 20)}`;
}

export function chineseSentence(rng: Rng): string {
  const words: string[] = [];
  const count = randomInt(rng, 5, 12);
  for (let i = 0; i < count; i++) {
    const roll = rng();
    if (roll < 0.22) words.push(pick(rng, CHINESE_FILLERS));
    else if (roll < 0.3) words.push(pick(rng, PEOPLE));
    else if (roll < 0.36) words.push(` ${englishWord(rng)} `);
    else if (roll < 0.4) words.push(numberPhrase(rng));
    else words.push(chineseWord(rng));
    if (i > 2 && i < count - 1 && rng() < 0.12) words.push('，');
  }
  return `${words.join('').replace(/\s+/g, ' ').trim()}。`;
}

export function englishSentence(rng: Rng): string {
  const words: string[] = [];
  const count = randomInt(rng, 6, 14);
  for (let i = 0; i < count; i++) {
    const roll = rng();
    if (roll < 0.28) words.push(pick(rng, ENGLISH_FILLERS));
    else if (roll < 0.34) words.push(pick(rng, PEOPLE));
    else if (roll < 0.4) words.push(chineseWord(rng));
    else if (roll < 0.44) words.push(numberPhrase(rng));
    else words.push(englishWord(rng));
  }
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export function sentence(rng: Rng): string {
  return rng() < 0.55 ? chineseSentence(rng) : englishSentence(rng);
}

/** One Markdown line: a paragraph of 1–4 sentences, sometimes a bullet. */
export function paragraphLine(rng: Rng): string {
  const parts: string[] = [];
  const count = randomInt(rng, 1, 4);
  for (let i = 0; i < count; i++) parts.push(sentence(rng));
  const text = parts.join(' ');
  return rng() < 0.35 ? `- ${text}` : text;
}

export function heading(rng: Rng): string {
  return rng() < 0.5 ? `${chineseWord(rng)}${chineseWord(rng)}` : `${englishWord(rng)} ${englishWord(rng)}`;
}

/** Markdown body lines (no frontmatter) of about `targetTokens` tokens, with a heading every few paragraphs. */
export function markdownBody(rng: Rng, title: string, targetTokens: number): string[] {
  const lines = [`# ${title}`, ''];
  let tokens = estimateTextTokens(title);
  let sinceHeading = 0;
  while (tokens < targetTokens) {
    if (sinceHeading >= randomInt(rng, 3, 7)) {
      const h = `## ${heading(rng)}`;
      lines.push('', h, '');
      tokens += estimateTextTokens(h);
      sinceHeading = 0;
    }
    const line = paragraphLine(rng);
    lines.push(line);
    tokens += estimateTextTokens(line);
    sinceHeading += 1;
  }
  return lines;
}

export type QueryClass = 'common-zh' | 'common-en' | 'rare' | 'multi-term' | 'absent-term';

export interface BenchQuery {
  query: string;
  kind: QueryClass;
}

/**
 * Benchmark queries drawn like the corpus: a single common word (zh or en; the slowest case, its
 * posting list is long), a single long-tail word, 2–3 mixed terms (a common word narrowed by others,
 * as people search their notes), and a real word with an absent one (the AND → OR relaxation path).
 */
export function buildQueryMix(seed: number, count: number): BenchQuery[] {
  const rng = createRng(seed ^ 0x5eed);
  const tail = longTailWords();
  const queries: BenchQuery[] = [];
  for (let i = 0; i < count; i++) {
    const slot = i % 5;
    if (slot === 0) queries.push({ kind: 'common-zh', query: pickZipf(rng, CHINESE_WORDS, 1.8) });
    else if (slot === 1) queries.push({ kind: 'common-en', query: pickZipf(rng, ENGLISH_WORDS, 1.8) });
    else if (slot === 2)
      queries.push({ kind: 'rare', query: rng() < 0.5 ? pick(rng, tail.chinese) : pick(rng, tail.english) });
    else if (slot === 3) {
      const terms = [chineseWord(rng), englishWord(rng)];
      if (rng() < 0.5) terms.push(rng() < 0.5 ? pick(rng, PEOPLE) : chineseWord(rng));
      queries.push({ kind: 'multi-term', query: terms.join(' ') });
    } else
      queries.push({ kind: 'absent-term', query: `${englishWord(rng)} zq${Math.floor(rng() * 1e6).toString(36)}x` });
  }
  return queries;
}

/** The query texts of buildQueryMix, for benchmarks that do not report per class. */
export function buildQueries(seed: number, count: number): string[] {
  return buildQueryMix(seed, count).map((q) => q.query);
}
