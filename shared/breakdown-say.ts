// The score breakdown's words come from `explain:breakdown.*` messages: one helper for every module
// that says a part of it, in the caller's language (English unless told, as the API and CLI speak).
import type { TFunction } from 'i18next';
import { translator } from './i18n.js';

/** The words of a breakdown sentence: `explain:breakdown.<key>` in one language. */
export type BreakdownSay = (key: string, params?: Record<string, unknown>) => string;

/** `t`'s breakdown messages, English when no `t` is given. */
export function breakdownSay(t: TFunction = translator('en')): BreakdownSay {
  return (key, params) => t(`explain:breakdown.${key}`, params);
}

/** “word” in the language's quotes. */
export const quoteWord = (say: BreakdownSay, word: string): string => say('quote', { word });

/** “a”, “b” in the language's quotes and list separator. */
export const quoteWords = (say: BreakdownSay, words: readonly string[]): string =>
  words.map((w) => quoteWord(say, w)).join(say('sep'));
