// A file-name slug from what a conversation was about, without an LLM: the words that recur across
// its messages (a topic spans turns; one long reply does not make one), the user's messages
// counting double (they name the topic; replies pad), names and codes ("Priya", "HG-2", "SRRC")
// half again, minus stop words and chat filler. Latin words keep their joiners ("hg-2", "ipv6");
// Chinese, Japanese and Korean are split by Intl.Segmenter, and runs of single characters it
// could not place (often a name: 恒/泰 → 恒泰) are joined. CJK words stay as they are in the slug:
// every current file system and sync service handles UTF-8 names.
import { isStopword } from '../../memory/text/stopwords.js';

/** OpenClaw's LLM slugs are cut at 30 characters; a file name stays readable in a sidebar. */
const MAX_SLUG_CHARS = 30;
/** Two words name most topics ("hengtai-contract"); a third only when the first two are short. */
const MAX_SLUG_WORDS = 3;

/** Words frequent in chat that say nothing about its topic (the query stop list covers the rest). */
const CHAT_FILLER = new Set([
  'also',
  'now',
  'let',
  'lets',
  'like',
  'want',
  'need',
  'get',
  'got',
  'make',
  'made',
  'done',
  'yes',
  'yeah',
  'ok',
  'okay',
  'thanks',
  'thank',
  'sure',
  'one',
  'two',
  'today',
  'tomorrow',
  'yesterday',
  'here',
  'there',
  'noted',
  'remember',
  'give',
  'list',
  'short',
  'new',
  'good',
  'great',
  'well',
  'still',
  'only',
  'after',
  'before',
  'back',
  'know',
  'think',
  'see',
  'look',
  'use',
  'used',
  'using',
  'add',
  'set',
  'next',
  'last',
  'first',
  'again',
  'more',
  'much',
  'many',
  'each',
  'every',
  'into',
  'onto',
  'out',
  'up',
  'down',
  'off',
  'over',
  'under',
  'same',
  'other',
  'want',
  'wants',
  'said',
  'say',
  'says',
  'ask',
  'asked',
  'going',
  'will',
  'would',
  'let\u2019s',
  'start',
  'started',
  'per',
  'within',
  'night',
  'week',
  'weekly',
  'day',
  'days',
  'time',
  'thing',
  'things',
  'way',
  'write',
  'send',
  '今天',
  '明天',
  '昨天',
  '一下',
  '一遍',
  '好的',
  '谢谢',
  '现在',
  '已经',
  '然后',
  '还是',
  '但是',
  '因为',
  '所以',
  '如果',
  '记得',
  '记住',
  '帮忙',
  '列一下',
  '看看',
  '需要',
  '我要',
  '一起',
  '之后',
  '以后',
  '的话',
  '这样',
  '那样',
  '还有',
  '上午',
  '下午',
  '中午',
  '晚上',
  '早上',
  '今晚',
  '明早',
  '如下',
  '一共',
  '大概',
]);

const LATIN_WORD = /[A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*/g;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

let segmenter: Intl.Segmenter | null = null;

function cjkWords(run: string): string[] {
  segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  const words: string[] = [];
  let singles: string[] = [];
  const flush = (): void => {
    if (singles.length >= 2) words.push(singles.join(''));
    singles = [];
  };
  for (const part of segmenter.segment(run)) {
    if (!part.isWordLike) continue;
    if ([...part.segment].length === 1) {
      if (isStopword(part.segment)) flush();
      else singles.push(part.segment);
      continue;
    }
    flush();
    words.push(part.segment);
  }
  flush();
  return words;
}

export interface CandidateWord {
  word: string;
  /** Written as a name or a code: capitalised mid-sentence, an acronym, or letters with digits. */
  proper: boolean;
}

/** The words of one message that could name a topic, lowercased, in order. */
export function candidateWords(text: string): CandidateWord[] {
  const words: { at: number; word: string; proper: boolean }[] = [];
  for (const match of text.matchAll(LATIN_WORD)) {
    const written = match[0].replace(/[-_.]+$/, '');
    const word = written.toLowerCase();
    if (/^[a-z]{1,2}$/.test(word) || /^\d+$/.test(word)) continue;
    const before = text.slice(0, match.index).trimEnd();
    const sentenceStart = before === '' || /[.!?。！？:：]$/.test(before);
    const proper =
      /[A-Z].*[A-Z]/.test(written) ||
      (/\d/.test(written) && /[a-z]/i.test(written)) ||
      (/^[A-Z]/.test(written) && !sentenceStart);
    words.push({ at: match.index, word, proper });
  }
  for (const match of text.matchAll(CJK_RUN)) {
    for (const word of cjkWords(match[0]))
      if ([...word].length >= 2) words.push({ at: match.index, word, proper: false });
  }
  return words
    .filter(({ word }) => !isStopword(word) && !CHAT_FILLER.has(word))
    .sort((a, b) => a.at - b.at)
    .map(({ word, proper }) => ({ word, proper }));
}

/**
 * The slug for a conversation, or null when nothing in it is specific enough (the caller then
 * falls back to the time, as OpenClaw does).
 */
export function salientSlug(messages: readonly { role: 'user' | 'assistant'; text: string }[]): string | null {
  const score = new Map<string, { score: number; first: number; proper: boolean }>();
  let position = 0;
  for (const message of messages) {
    const weight = message.role === 'user' ? 2 : 1;
    const seen = new Set<string>();
    for (const { word, proper } of candidateWords(message.text)) {
      const entry = score.get(word) ?? { score: 0, first: position, proper: false };
      entry.proper ||= proper;
      position += 1;
      score.set(word, entry);
      if (seen.has(word)) continue;
      seen.add(word);
      entry.score += weight;
    }
  }
  const worth = (e: { score: number; proper: boolean }): number => e.score * (e.proper ? 1.5 : 1);
  const ranked = [...score.entries()].sort((a, b) => worth(b[1]) - worth(a[1]) || a[1].first - b[1].first);
  const picked: { word: string; first: number }[] = [];
  let chars = 0;
  for (const [word, { first }] of ranked) {
    if (picked.length === MAX_SLUG_WORDS || (picked.length === 2 && chars > 12)) break;
    // A word that is part of one already picked ("hg" in "hg-2") adds nothing.
    if (picked.some((p) => p.word.includes(word) || word.includes(p.word))) continue;
    picked.push({ word, first });
    chars += word.length;
  }
  if (picked.length === 0) return null;
  const slug = picked
    .sort((a, b) => a.first - b.first)
    .map((p) => p.word)
    .join('-')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = [...slug].slice(0, MAX_SLUG_CHARS).join('').replace(/-+$/, '');
  return cut || null;
}
