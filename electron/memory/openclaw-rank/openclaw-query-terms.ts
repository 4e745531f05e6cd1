// How OpenClaw 2026.9.6 turns a query into FTS5 MATCH expressions (keyword-query.ts) and into
// fallback keywords (query-expansion.ts), and maps bm25() into a score. Pure functions.
import {
  KO_TRAILING_PARTICLES,
  STOP_WORDS_AR,
  STOP_WORDS_EN,
  STOP_WORDS_ES,
  STOP_WORDS_JA,
  STOP_WORDS_KO,
  STOP_WORDS_PT,
  STOP_WORDS_ZH,
} from './openclaw-stop-words.js';

const TOKEN_RE = /[\p{L}\p{N}_]+/gu;

function nonEmptyTrimmed(list: readonly string[]): string[] {
  return list.map((entry) => entry.trim()).filter(Boolean);
}

/** The strict query: every word, quoted, AND-ed ("a" AND "b"); null when the query has no word. */
export function buildFtsQuery(raw: string): string | null {
  const tokens = nonEmptyTrimmed(raw.match(TOKEN_RE) ?? []);
  if (tokens.length === 0) return null;
  return tokens.map((t) => `"${t.replaceAll('"', '')}"`).join(' AND ');
}

/** OpenClaw's map of bm25() into (0, 1): r/(1+r) with r = −bm25 (tiny in a small index). */
export function bm25RankToScore(rank: number): number {
  if (!Number.isFinite(rank)) return 1 / 1000;
  if (rank < 0) {
    const relevance = -rank;
    return relevance / (1 + relevance);
  }
  return 1 / (1 + rank);
}

function isStopWord(token: string): boolean {
  return [STOP_WORDS_EN, STOP_WORDS_ES, STOP_WORDS_PT, STOP_WORDS_AR, STOP_WORDS_ZH, STOP_WORDS_KO, STOP_WORDS_JA].some(
    (set) => set.has(token),
  );
}

function isValidKeyword(token: string): boolean {
  if (!token) return false;
  if (/^[a-zA-Z]+$/.test(token) && token.length < 3) return false;
  if (/^\d+$/.test(token)) return false;
  if (/^[\p{P}\p{S}]+$/u.test(token)) return false;
  return true;
}

function stripKoreanParticle(token: string): string | null {
  for (const particle of KO_TRAILING_PARTICLES)
    if (token.length > particle.length && token.endsWith(particle)) return token.slice(0, -particle.length);
  return null;
}

function isUsefulKoreanStem(stem: string): boolean {
  if (/[\uac00-\ud7af]/.test(stem)) return stem.length >= 2;
  return /^[a-z0-9_]+$/i.test(stem);
}

/** OpenClaw's query tokenizer (unicode61 store): words, and for Chinese every character and character pair. */
function expansionTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const segment of text
    .trim()
    .toLowerCase()
    .split(/[\s\p{P}]+/u)
    .filter(Boolean)) {
    if (/[\u3040-\u30ff]/.test(segment)) {
      for (const part of segment.match(/[a-z0-9_]+|[\u30a0-\u30ffー]+|[\u4e00-\u9fff]+|[\u3040-\u309f]{2,}/g) ?? []) {
        tokens.push(part);
        if (/^[\u4e00-\u9fff]+$/.test(part))
          for (let i = 0; i < part.length - 1; i++) tokens.push(part.slice(i, i + 2));
      }
    } else if (/[\u4e00-\u9fff]/.test(segment)) {
      const chars = Array.from(segment).filter((c) => /[\u4e00-\u9fff]/.test(c));
      tokens.push(...chars);
      for (let i = 0; i < chars.length - 1; i++) tokens.push(chars.slice(i, i + 2).join(''));
    } else if (/[\uac00-\ud7af\u3131-\u3163]/.test(segment)) {
      const stem = stripKoreanParticle(segment);
      const stemIsStopWord = stem !== null && STOP_WORDS_KO.has(stem);
      if (!STOP_WORDS_KO.has(segment) && !stemIsStopWord) tokens.push(segment);
      if (stem && !STOP_WORDS_KO.has(stem) && isUsefulKoreanStem(stem)) tokens.push(stem);
    } else tokens.push(segment);
  }
  return tokens;
}

/** Keywords of a conversational query: stop words, short Latin words and bare numbers dropped. */
export function extractKeywords(query: string): string[] {
  const keywords: string[] = [];
  const seen = new Set<string>();
  for (const token of expansionTokens(query)) {
    if (isStopWord(token) || !isValidKeyword(token) || seen.has(token)) continue;
    seen.add(token);
    keywords.push(token);
  }
  return keywords;
}

/** OpenClaw searches at most this many fallback keywords, one query each. */
export const FALLBACK_TERM_LIMIT = 6;

/** The fallback keywords OpenClaw searches when the strict query finds too little. */
export function fallbackTerms(query: string): string[] {
  const normalized = query.trim().toLowerCase();
  return extractKeywords(query)
    .filter((term) => term !== normalized)
    .slice(0, FALLBACK_TERM_LIMIT);
}

/** Lowercased NFC words of a text, as the lexical boost compares them. */
export function searchTokens(raw: string): string[] {
  return nonEmptyTrimmed(raw.normalize('NFC').match(TOKEN_RE) ?? []).map((t) => t.toLowerCase());
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function literalMatcher(value: string, whole = false): RegExp {
  const literal = escapeRegExp(value.normalize('NFC'));
  return new RegExp(whole ? `^(?:${literal})$` : literal, 'iu');
}

/** One query word, matched whole against a chunk's words and as a substring of its path. */
export interface QueryMatcher {
  word: RegExp;
  substring: RegExp;
}

export function queryMatchersOf(rankingQuery: string): QueryMatcher[] {
  return [...new Set(searchTokens(rankingQuery))].map((token) => ({
    word: literalMatcher(token, true),
    substring: literalMatcher(token),
  }));
}

/** The parts of OpenClaw's lexical boost, so the breakdown can show them. */
export interface LexicalBoost {
  /** Share of the query's words the chunk contains, × 0.45. */
  overlap: number;
  /** Matched words ÷ the chunk's distinct words, × 0.2. */
  density: number;
  /** 0.18 per query word found in the path. */
  path: number;
  /** min(text length / 160, 0.18). */
  length: number;
}

export function lexicalBoostOf(matchers: readonly QueryMatcher[], relPath: string, text: string): LexicalBoost {
  const textTokens = searchTokens(text);
  const distinct = new Set(textTokens);
  const overlap = matchers.filter(({ word }) => textTokens.some((token) => word.test(token))).length;
  const normalizedPath = relPath.normalize('NFC');
  return {
    overlap: (overlap / matchers.length) * 0.45,
    density: (overlap / Math.max(distinct.size, 1)) * 0.2,
    path: matchers.reduce((score, { substring }) => score + (substring.test(normalizedPath) ? 0.18 : 0), 0),
    length: Math.min(text.length / 160, 0.18),
  };
}

/** textScore plus the boost, capped at 1 (OpenClaw's scoreFallbackKeywordResult). */
export function boostedScore(ftsScore: number, boost: LexicalBoost | null): number {
  if (!boost) return ftsScore;
  const lexical = boost.overlap + boost.density + boost.path + boost.length;
  return Math.min(1, ftsScore + lexical);
}
