// The words of a query that make it a question — "what did we do on", "做了什么", "哪些", "notes
// from" — as opposed to what it asks about. In a question they are never keywords: neither they
// nor a character pair across them and the next word ("了什" in 上周二做了什么) is searched, and a
// question of date words alone has no keywords left. The query's runs stay whole, so the other
// words are segmented and weighed as before. Chinese words are judged by the segmenter's cut, so
// 吗 in 吗啡 or 几 in 几何 stays. Pure.
import { cjkWordSpans, stemToken, tokenize } from '../../text/segment.js';

export interface QuestionSpan {
  start: number;
  end: number;
  text: string;
}

/** Whole phrases, read before single words: the verb of "做了什么" is part of the question. */
const ZH_PHRASE =
  /(?:我们|我|你|大家)?(?:都|又|还)?(?:做|干|忙|聊|谈|说|讨论|发生|搞)(?:了|过)?(?:些)?(?:什么|啥|哪些)(?:事情|事|东西|内容)?|有(?:什么|啥|哪些)(?:事情|事)?|(?:的)?(?:笔记|记录|日志)(?=[?？\s]*$)/g;
/** Chinese question words, each a whole segmenter word. */
const ZH_WORDS = new Set([
  '什么',
  '哪些',
  '哪个',
  '哪里',
  '哪儿',
  '哪天',
  '啥',
  '谁',
  '吗',
  '呢',
  '怎么',
  '怎样',
  '如何',
  '为什么',
  '什么时候',
  '何时',
]);
const EN_PHRASE =
  /\b(?:what|which)\s+(?:did|do|does|have|had|were|was)\s+(?:we|i|you)\s+(?:do(?:ing)?|done|get\s+up\s+to|work(?:ed|ing)?\s+on|talk(?:ed|ing)?\s+about|discuss(?:ed)?)\b|\bwhat\s+(?:happened|went\s+on)\b|^\s*(?:(?:show|list|find|give)\s+(?:me\s+)?)?(?:the\s+|my\s+|our\s+)?(?:notes?|memor(?:y|ies)|logs?|entries|records)\s+(?:from|on|of|for)\b/gi;
const EN_WORDS =
  /\b(?:what|when|where|which|who|whom|whose|why|how|did|do|does|done|we|i|you|us|our|me|my|have|has|had|was|were|is|are|anything|something)\b/gi;
/** What makes a query a question (or a request for a day's notes) at all. */
const EN_QUESTION =
  /^\s*(?:what|when|where|which|who|whom|whose|why|how|did|do|does|was|were|is|are|have|has|had|can|could|any)\b|^\s*(?:(?:show|list|find|give)\s+(?:me\s+)?)?(?:the\s+|my\s+|our\s+)?(?:notes?|memor(?:y|ies)|logs?|entries|records)\s+(?:from|on|of|for)\b/i;
const QUESTION_MARK = /[?？]\s*$/;

/** True when the spans of the segmenter's words hold [start, end) exactly (a cut before and after). */
function onWordBounds(words: readonly { start: number; end: number }[], start: number, end: number): boolean {
  return words.some((w) => w.start === start) && words.some((w) => w.end === end);
}

/**
 * The question words of `query`, in query order, non-overlapping; none when it is not a question.
 * `taken`: spans already read as something else (dates), left alone.
 */
export function findQuestionWords(
  query: string,
  taken: readonly { start: number; end: number }[] = [],
): QuestionSpan[] {
  const words = cjkWordSpans(query);
  const phrases = [...query.matchAll(ZH_PHRASE)].filter((m) => onWordBounds(words, m.index, m.index + m[0].length));
  const zhQuestion = phrases.length > 0 || words.some((w) => ZH_WORDS.has(w.word));
  if (!QUESTION_MARK.test(query) && !EN_QUESTION.test(query) && !zhQuestion) return [];
  const found: QuestionSpan[] = [];
  const free = (start: number, end: number): boolean =>
    ![...taken, ...found].some((s) => start < s.end && s.start < end);
  const add = (start: number, end: number): void => {
    if (end > start && free(start, end)) found.push({ start, end, text: query.slice(start, end) });
  };
  for (const m of phrases) add(m.index, m.index + m[0].length);
  for (const w of words) if (ZH_WORDS.has(w.word)) add(w.start, w.end);
  for (const m of query.matchAll(EN_PHRASE))
    add(m.index + m[0].length - m[0].trimStart().length, m.index + m[0].length);
  for (const m of query.matchAll(EN_WORDS)) add(m.index, m.index + m[0].length);
  found.sort((a, b) => a.start - b.start);
  // Neighbours with only spaces between them read as one phrase ("what did we do on").
  const merged: QuestionSpan[] = [];
  for (const span of found) {
    const last = merged[merged.length - 1];
    if (last && /^\s*$/.test(query.slice(last.end, span.start)))
      merged[merged.length - 1] = { start: last.start, end: span.end, text: query.slice(last.start, span.end) };
    else merged.push(span);
  }
  return merged;
}

/** The query with the given spans blanked out by as many spaces, so every other offset holds. */
export function blankSpans(query: string, spans: readonly { start: number; end: number }[]): string {
  let out = '';
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start < at) continue;
    out += query.slice(at, span.start) + ' '.repeat(span.end - span.start);
    at = span.end;
  }
  return out + query.slice(at);
}

/**
 * The index terms (stop words included) the query yields only through its question words: the
 * words themselves and the character pairs across their edges. A term the rest of the query also
 * gives stays.
 */
export function questionTerms(query: string, spans: readonly QuestionSpan[]): Set<string> {
  if (spans.length === 0) return new Set();
  const kept = new Set(tokenize(blankSpans(query, spans)).map(stemToken));
  return new Set(
    tokenize(query)
      .map(stemToken)
      .filter((t) => !kept.has(t)),
  );
}
