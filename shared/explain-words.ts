// The score breakdown said in words, once, for the CLI's --explain and the UI alike: each query
// term's occurrences, how many chunks hold it and what that makes its weight, the chunk's length
// against the average, how BM25 becomes the keyword score, and why a date boost applies. Only
// words and rounding here: every number comes from the engine's breakdown.
import type { DateBoostBreakdown, KeywordBreakdown, TermBreakdown } from './domain.js';
import { FTS5_BM25_B, FTS5_BM25_K1 } from './score.js';
import { describeExpansion } from './expansion-words.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "16 Apr 2026", or "26 Oct – 1 Nov 2026" for a range. */
export function describeDays(from: string, to: string): string {
  const day = (iso: string, withYear: boolean): string =>
    `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]}${withYear ? ` ${iso.slice(0, 4)}` : ''}`;
  if (from === to) return day(from, true);
  if (from.slice(8) === '01' && to === lastDayOfMonth(from))
    return `${MONTHS[Number(from.slice(5, 7)) - 1]} ${from.slice(0, 4)}`;
  return `${day(from, from.slice(0, 4) !== to.slice(0, 4))} – ${day(to, true)}`;
}

function lastDayOfMonth(iso: string): string {
  return new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), 0)).toISOString().slice(0, 10);
}

/** How rare a term is, from the share of chunks that hold it: what its BM25 weight (IDF) rewards. */
export function rarity(chunksWithTerm: number, totalChunks: number): string {
  if (chunksWithTerm <= 0 || totalChunks <= 0) return 'in no chunk';
  const share = chunksWithTerm / totalChunks;
  if (share <= 0.02) return 'very rare';
  if (share <= 0.1) return 'rare';
  if (share <= 0.3) return 'fairly common';
  if (share <= 0.6) return 'common';
  return 'in most chunks';
}

const quote = (word: string): string => `“${word}”`;

/** “meetings” (here “Meeting”): the query's word, then this chunk's other spellings of it. */
export function termName(t: Pick<TermBreakdown, 'term' | 'asWritten'>): string {
  const [asked, ...here] = t.asWritten.length > 0 ? t.asWritten : [t.term];
  return here.length > 0 ? `${quote(asked!)} (here ${here.map(quote).join(', ')})` : quote(asked!);
}

const times = (n: number): string => `${n}×`;
const fixed = (n: number, digits = 2): string => n.toFixed(digits);

/** ", part of “毛不易” — partial matches count less (×0.2)", or nothing for a whole match. */
export function describePartial(t: Pick<TermBreakdown, 'partOf' | 'partialWeight'>): string {
  if (t.partOf === undefined) return '';
  return `, part of ${quote(t.partOf)} — partial matches count less (×${+(t.partialWeight ?? 1).toFixed(2)})`;
}

/** "“备份” occurs 3× here; 12 of 110 chunks contain it — rare, weight 2.10 → adds 3.42." */
export function describeTerm(t: TermBreakdown, totalChunks: number): string {
  const held = `${t.chunksWithTerm} of ${totalChunks} chunks contain it — ${rarity(t.chunksWithTerm, totalChunks)}, weight ${fixed(t.idf)}`;
  const name = t.dateWord ? `${termName(t)} (part of a date)` : termName(t);
  if (t.expansion) return describeExpansion(t, held);
  if (t.occurrences === 0) return `${name} is not here; ${held}.`;
  return `${name} occurs ${times(t.occurrences)} here${describePartial(t)}; ${held} → adds ${fixed(t.contribution)}.`;
}

/** Character pairs across word boundaries, folded into one sentence (listing each would say nothing). */
export function describeFragments(fragments: readonly TermBreakdown[]): string | null {
  const present = fragments.filter((t) => t.occurrences > 0);
  if (present.length === 0) return null;
  const adds = present.reduce((sum, t) => sum + t.contribution, 0);
  const one = present.length === 1;
  const partial = present.filter((t) => t.partOf !== undefined);
  const less =
    partial.length > 0
      ? `; without the words on both sides, ${partial.map((t) => `${t.term} (of ${quote(t.partOf!)})`).join(', ')} count${partial.length === 1 ? 's' : ''} less (×${+(partial[0]!.partialWeight ?? 1).toFixed(2)})`
      : '';
  return `${present.length} character pair${one ? '' : 's'} spanning the query's words (${present.map((t) => t.term).join(' ')}) also occur${one ? 's' : ''} here → add${one ? 's' : ''} ${fixed(adds)}${less}.`;
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
export function describeLength(chunkTokens: number, avgChunkTokens: number): string {
  const ratio = avgChunkTokens > 0 ? chunkTokens / avgChunkTokens : 1;
  const pct = Math.round((lengthFactor(chunkTokens, avgChunkTokens) - 1) * 100);
  const effect =
    pct === 0
      ? 'one occurrence counts as much as in an average-length chunk'
      : `one occurrence counts ${Math.abs(pct)}% ${pct < 0 ? 'less' : 'more'} than in an average-length chunk`;
  return `This chunk is ${chunkTokens} tokens, ${fixed(ratio, 1)}× the average of ${Math.round(avgChunkTokens)}: ${effect}.`;
}

/** The terms a memory should hold (date words aside) and how many this one does: "matched 2 of 3 terms". */
export function describeMatched(k: KeywordBreakdown): string {
  const required = (k.terms ?? []).filter((t) => !t.dateWord && !t.fragment && !t.expansion);
  const total = k.termCount ?? required.length;
  const missing = required.filter((t) => t.occurrences === 0).map(termName);
  const base = `matched ${k.matchedTerms.length} of ${total} term${total === 1 ? '' : 's'}`;
  return missing.length > 0 ? `${base} (not here: ${missing.join(', ')})` : base;
}

/** "BM25 7.32 (the sum above) ÷ 5.92, what every term once in an average-length chunk scores, = 1.24 → keyword score 0.553." */
export function describeKeywordScore(k: KeywordBreakdown): string {
  const x = k.idfMass > 0 ? -k.bm25 / k.idfMass : 0;
  return `BM25 ${fixed(-k.bm25)} ÷ ${fixed(k.idfMass)} (what every term once in an average-length chunk would score) = ${fixed(x)} → keyword score ${fixed(k.score, 3)} (x ÷ (1 + x)).`;
}

/** Why a date boost applies, or why it does not: "The query mentions 16 Apr 2026; this file is dated 16 Apr 2026: ×2." */
export function describeDates(d: DateBoostBreakdown): string {
  const asked = d.mentions.map((m) => `${describeDays(m.from, m.to)} (${quote(m.text)})`).join(' and ');
  if (!d.enabled) return `The query mentions ${asked}; date boosting is off.`;
  if (!d.match) return `The query mentions ${asked}; nothing dates this memory then: ×1.`;
  const when = describeDays(d.match.from, d.match.to);
  const evidence =
    d.match.evidence === 'file-date'
      ? d.match.broader
        ? `this file covers ${when}, more than was asked: half the boost`
        : `this file is dated ${when}`
      : d.match.evidence === 'session-messages'
        ? `these messages were written ${d.match.from === d.match.to ? 'on' : 'between'} ${when}${d.match.broader ? ', more than was asked: half the boost' : ''}`
        : d.match.evidence === 'heading'
          ? `it sits under ${d.match.from === d.match.to ? 'a heading' : 'headings'} dated ${when}`
          : `it says ${quote(d.match.written ?? d.match.from)} but is not dated then: half the boost`;
  return `The query mentions ${asked}; ${evidence}: ×${+d.multiplier.toFixed(3)}.`;
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
export function describeKeyword(k: KeywordBreakdown): string[] {
  const lines = [`${capitalize(describeMatched(k))}${k.relaxed ? '; no memory holds every term' : ''}.`];
  const terms = k.terms ?? [];
  const total = k.totalChunks ?? 0;
  for (const t of listedTerms(k)) lines.push(describeTerm(t, total));
  const fragments = describeFragments(terms.filter((t) => t.fragment));
  if (fragments) lines.push(fragments);
  if (k.chunkTokens !== undefined && k.avgChunkTokens !== undefined)
    lines.push(describeLength(k.chunkTokens, k.avgChunkTokens));
  lines.push(describeKeywordScore(k));
  return lines;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
