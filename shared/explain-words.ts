// The score breakdown said in words, once, for the CLI's --explain and the UI alike: each query
// term's occurrences, how many chunks hold it and what that makes its weight, the chunk's length
// against the average, how BM25 becomes the keyword score, and why a date boost applies. Only
// words and rounding here: every number comes from the engine's breakdown. The words are
// `explain:breakdown.*` messages in `t`'s language (English unless the caller passes another).
import type { TFunction } from 'i18next';
import type { DateBoostBreakdown, KeywordBreakdown, TermBreakdown } from './domain.js';
import { FTS5_BM25_B, FTS5_BM25_K1 } from './score.js';
import { describeExpansion } from './expansion-words.js';
import { breakdownSay, quoteWord, quoteWords } from './breakdown-say.js';
import { daysWords } from './days-words.js';

/** "16 Apr 2026", or "26 Oct – 1 Nov 2026" for a range (in Chinese, "2026年10月26日至11月1日"). */
export function describeDays(from: string, to: string, t?: TFunction): string {
  return daysWords(breakdownSay(t), from, to);
}

/** How rare a term is, from the share of chunks that hold it: what its BM25 weight (IDF) rewards. */
export function rarity(chunksWithTerm: number, totalChunks: number, t?: TFunction): string {
  const say = breakdownSay(t);
  if (chunksWithTerm <= 0 || totalChunks <= 0) return say('rarity.none');
  const share = chunksWithTerm / totalChunks;
  if (share <= 0.02) return say('rarity.veryRare');
  if (share <= 0.1) return say('rarity.rare');
  if (share <= 0.3) return say('rarity.fairlyCommon');
  if (share <= 0.6) return say('rarity.common');
  return say('rarity.most');
}

/** “meetings” (here “Meeting”): the query's word, then this chunk's other spellings of it. */
export function termName(term: Pick<TermBreakdown, 'term' | 'asWritten'>, t?: TFunction): string {
  const say = breakdownSay(t);
  const [asked, ...here] = term.asWritten.length > 0 ? term.asWritten : [term.term];
  return here.length > 0
    ? say('termHere', { asked: quoteWord(say, asked!), here: quoteWords(say, here) })
    : quoteWord(say, asked!);
}

const fixed = (n: number, digits = 2): string => n.toFixed(digits);

/** ", part of “毛不易” — partial matches count less (×0.2)", or nothing for a whole match. */
export function describePartial(term: Pick<TermBreakdown, 'partOf' | 'partialWeight'>, t?: TFunction): string {
  if (term.partOf === undefined) return '';
  const say = breakdownSay(t);
  return say('partial', { word: quoteWord(say, term.partOf), w: +(term.partialWeight ?? 1).toFixed(2) });
}

/** "“备份” occurs 3× here; 12 of 110 chunks contain it — rare, weight 2.10 → adds 3.42." */
export function describeTerm(term: TermBreakdown, totalChunks: number, t?: TFunction): string {
  const say = breakdownSay(t);
  const held = say('held', {
    n: term.chunksWithTerm,
    total: totalChunks,
    rarity: rarity(term.chunksWithTerm, totalChunks, t),
    idf: fixed(term.idf),
  });
  const name = term.dateWord ? say('dateWord', { name: termName(term, t) }) : termName(term, t);
  if (term.expansion) return describeExpansion(term, held, t);
  if (term.occurrences === 0) return say('absent', { name, held });
  return say('occurs', {
    name,
    times: term.occurrences,
    partial: describePartial(term, t),
    held,
    adds: fixed(term.contribution),
  });
}

/** Character pairs across word boundaries, folded into one sentence (listing each would say nothing). */
export function describeFragments(fragments: readonly TermBreakdown[], t?: TFunction): string | null {
  const say = breakdownSay(t);
  const present = fragments.filter((f) => f.occurrences > 0);
  if (present.length === 0) return null;
  const adds = present.reduce((sum, f) => sum + f.contribution, 0);
  const partial = present.filter((f) => f.partOf !== undefined);
  const less =
    partial.length > 0
      ? say('fragmentsLess', {
          count: partial.length,
          items: partial
            .map((f) => say('fragmentOf', { term: f.term, word: quoteWord(say, f.partOf!) }))
            .join(say('sep')),
          w: +(partial[0]!.partialWeight ?? 1).toFixed(2),
        })
      : '';
  return say('fragments', {
    count: present.length,
    pairs: present.map((f) => f.term).join(' '),
    adds: fixed(adds),
    less,
  });
}

/**
 * What BM25's length normalisation does to one occurrence here, against an average-length chunk:
 * (k1 + 1) / (1 + k1·(1 − b + b·len/avg)) over the same at len = avg. Exact, so the sentence can
 * never say "barely matters" while length decides the order.
 */
export function lengthFactor(chunkTokens: number, avgChunkTokens: number): number {
  const ratio = avgChunkTokens > 0 ? chunkTokens / avgChunkTokens : 1;
  return (1 + FTS5_BM25_K1) / (1 + FTS5_BM25_K1 * (1 - FTS5_BM25_B + FTS5_BM25_B * ratio));
}

/** "This chunk is 312 tokens, 1.4× the average of 220: one occurrence counts 17% less than in an average-length chunk." */
export function describeLength(chunkTokens: number, avgChunkTokens: number, t?: TFunction): string {
  const say = breakdownSay(t);
  const ratio = avgChunkTokens > 0 ? chunkTokens / avgChunkTokens : 1;
  const pct = Math.round((lengthFactor(chunkTokens, avgChunkTokens) - 1) * 100);
  const effect = pct === 0 ? say('lengthSame') : say(pct < 0 ? 'lengthLess' : 'lengthMore', { pct: Math.abs(pct) });
  return say('length', {
    tokens: chunkTokens,
    ratio: fixed(ratio, 1),
    avg: Math.round(avgChunkTokens),
    effect,
  });
}

/** The terms a memory should hold (date words aside) and how many this one does: "matched 2 of 3 terms". */
export function describeMatched(k: KeywordBreakdown, t?: TFunction): string {
  const say = breakdownSay(t);
  const required = (k.terms ?? []).filter((term) => !term.dateWord && !term.fragment && !term.expansion);
  const total = k.termCount ?? required.length;
  const missing = required.filter((term) => term.occurrences === 0).map((term) => termName(term, t));
  const base = say('matched', { matched: k.matchedTerms.length, count: total });
  return missing.length > 0 ? say('notHere', { base, missing: missing.join(say('sep')) }) : base;
}

/** "BM25 7.32 (the sum above) ÷ 5.92, what every term once in an average-length chunk scores, = 1.24 → keyword score 0.553." */
export function describeKeywordScore(k: KeywordBreakdown, t?: TFunction): string {
  const x = k.idfMass > 0 ? -k.bm25 / k.idfMass : 0;
  return breakdownSay(t)('keywordScore', {
    bm25: fixed(-k.bm25),
    mass: fixed(k.idfMass),
    x: fixed(x),
    score: fixed(k.score, 3),
  });
}

/** Why a date boost applies, or why it does not: "The query mentions 16 Apr 2026; this file is dated 16 Apr 2026: ×2." */
export function describeDates(d: DateBoostBreakdown, t?: TFunction): string {
  const say = breakdownSay(t);
  const asked = d.mentions
    .map((m) => say('dates.mention', { days: describeDays(m.from, m.to, t), text: quoteWord(say, m.text) }))
    .join(say('and'));
  if (!d.enabled) return say('dates.off', { asked });
  if (!d.match) return say('dates.none', { asked });
  const when = describeDays(d.match.from, d.match.to, t);
  const oneDay = d.match.from === d.match.to;
  const evidence = (() => {
    switch (d.match.evidence) {
      case 'file-date':
        return say(d.match.broader ? 'dates.fileBroader' : 'dates.file', { when });
      case 'session-messages': {
        const messages = say(oneDay ? 'dates.messagesOn' : 'dates.messagesBetween', { when });
        return d.match.broader ? say('dates.messagesBroader', { messages }) : messages;
      }
      case 'heading':
        return say(oneDay ? 'dates.heading' : 'dates.headings', { when });
      default:
        return say('dates.written', { text: quoteWord(say, d.match.written ?? d.match.from) });
    }
  })();
  return say('dates.sentence', { asked, evidence, m: +d.multiplier.toFixed(3) });
}

/**
 * The terms a breakdown lists, the largest contribution first: the query's words (matched or not)
 * and the expansion words the index holds; an expansion no chunk contains said nothing.
 */
export function listedTerms(k: Pick<KeywordBreakdown, 'terms'>): TermBreakdown[] {
  return (k.terms ?? [])
    .filter((t) => !t.fragment && !(t.expansion && t.chunksWithTerm === 0))
    .sort((a, b) => b.contribution - a.contribution);
}

/**
 * The keyword part as sentences, in reading order: what matched, each term (words first, then the
 * character pairs folded into one line), the chunk's length, and how BM25 became the score.
 */
export function describeKeyword(k: KeywordBreakdown, t?: TFunction): string[] {
  const say = breakdownSay(t);
  const lines = [say(k.relaxed ? 'headlineRelaxed' : 'headline', { matched: capitalize(describeMatched(k, t)) })];
  const terms = k.terms ?? [];
  const total = k.totalChunks ?? 0;
  for (const term of listedTerms(k)) lines.push(describeTerm(term, total, t));
  const fragments = describeFragments(
    terms.filter((term) => term.fragment),
    t,
  );
  if (fragments) lines.push(fragments);
  if (k.chunkTokens !== undefined && k.avgChunkTokens !== undefined)
    lines.push(describeLength(k.chunkTokens, k.avgChunkTokens, t));
  lines.push(describeKeywordScore(k, t));
  return lines;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
