// Partial Chinese/Japanese/Korean matches count less. The index holds each run's segmenter words
// and its character pairs (text/segment.ts), so a query word also matches inside longer words and
// across word boundaries: 毛不易 (segmented 毛|不易) finds 不易 in "排查不易", 用户名字 finds 用户
// in "用户名". Whether a chunk matched a term in context is read from the other pairs of the same
// query run the chunk holds — a bag-of-pairs stand-in for adjacency, decided per chunk at query time.
import { STOPWORDS } from '../../text/stopwords.js';
import { cjkRunWords } from '../../text/segment.js';

/**
 * What a partial match is worth against a whole one. Low enough that a chunk matching only
 * partial terms stays under the default minScore (0.35): a term adds at most IDF × (k1 + 1), so
 * x ≤ 0.2 × 2.2 = 0.44 and the keyword score ≤ 0.31 (docs/search.md, "Partial CJK words").
 */
export const PARTIAL_MATCH_WEIGHT = 0.2;
/**
 * A whole query word the chunk has inside a longer word of its own (用户 in 用户名): gentler, since
 * the chunk may also be right (the query's 亚麻|属于 against a chunk's 亚麻属); CMRC 2018 and the
 * labeled set were measured with it (docs/search.md).
 */
export const RUN_ON_WORD_WEIGHT = 0.5;

/** A chunk holds (true) or lacks (false) a term; undefined for terms not searched (stop words). */
export type Holds = (term: string) => boolean | undefined;

interface Literal {
  term: string;
  held: boolean;
}

/** One query term whose weight depends on what else a chunk holds. */
export interface ConditionalTerm {
  term: string;
  /**
   * 'part': a piece of a longer query word (不易 of 毛不易); 'pair': a character pair across two
   * query words (户名 of 用户|名字); 'word': a whole query word that may run on into a longer word
   * in the chunk (用户 in 用户名 when the query says 用户名字).
   */
  kind: 'part' | 'pair' | 'word';
  /** The longer word for 'part' and 'pair'. */
  partOf: string;
  /** Counts fully when every clause has a literal that holds (CNF); else × PARTIAL_MATCH_WEIGHT. */
  clauses: Literal[][];
  /** For 'word': per clause, the chunk's longer word when that clause fails ("用户名"). */
  runsInto?: string[];
}

export interface PartialPlan {
  terms: Map<string, ConditionalTerm>;
  /** Terms the conditions read, so a scorer knows which chunk sets to keep. */
  watched: Set<string>;
  /** Identifies the plan (a ranking cache key). */
  key: string;
}

export interface PartialWeight {
  weight: number;
  partOf: string;
}

interface Unit {
  start: number;
  end: number;
  stop: boolean;
  /** While merging: the unit is lone characters so far. */
  lone?: boolean;
}

/**
 * The conditional terms of a query. Units are the segmenter's words, except that a non-stop
 * single character joins its non-stop neighbours: a segmenter that cuts 毛不易 into 毛|不易 (or
 * 用户名 into 用户|名) does not know the word, and its pieces are parts of one.
 */
export function partialPlan(
  query: string,
  searched: ReadonlySet<string>,
  dateTerms: ReadonlySet<string> = new Set(),
): PartialPlan {
  const terms = new Map<string, ConditionalTerm>();
  const roles: ConditionalTerm[][] = [[], [], []];
  for (const { run, words } of cjkRunWords(query)) {
    const chars = Array.from(run);
    if (words.join('') !== run || chars.length < 2) continue;
    const units = unitsOf(words, dateTerms);
    const text = (from: number, to: number): string => chars.slice(from, to).join('');
    const spans = wordSpans(words, { start: 0, end: chars.length, stop: false }).map((w) => ({
      ...w,
      stop: isWeak(text(w.start, w.end), dateTerms),
    }));
    // The pair starting at `at` if the query searched it (stop-word pairs are not searched).
    const pair = (at: number): string | null =>
      at >= 0 && at + 2 <= chars.length && searched.has(text(at, at + 2)) ? text(at, at + 2) : null;
    units.forEach((u, i) => {
      if (u.stop) return;
      const word = text(u.start, u.end);
      const len = u.end - u.start;
      if (searched.has(word))
        roles[0]!.push(
          wordRole(
            word,
            u,
            spans.find((w) => w.end === u.start),
            spans.find((w) => w.start === u.end),
            pair,
          ),
        );
      if (len >= 3 || (len === 2 && !searched.has(word)) || isMerged(words, u)) {
        for (const piece of piecesOf(words, u, chars)) {
          const pieceText = text(piece.start, piece.end);
          if (pieceText === word || !searched.has(pieceText)) continue;
          const context = [pair(piece.start - 1), pair(piece.end - 1)].filter(
            (p): p is string => p !== null && p !== pieceText && inside(p, u, chars, text),
          );
          roles[1]!.push({
            term: pieceText,
            kind: 'part',
            partOf: word,
            clauses: context.length > 0 ? [context.map((t) => ({ term: t, held: true }))] : [],
          });
        }
      }
      // A pair across two words of two characters or more: beside a lone character or a stop word
      // (沼|鹿又, 担心|的) the pair is that character's only context, and counts fully.
      const next = units[i + 1];
      if (next && !next.stop && len >= 2 && next.end - next.start >= 2) {
        const straddle = pair(u.end - 1);
        if (straddle === null) return;
        const sides = [u.end - u.start >= 2 ? pair(u.end - 2) : null, next.end - next.start >= 2 ? pair(u.end) : null];
        const clauses = sides.filter((p): p is string => p !== null).map((t) => [{ term: t, held: true }]);
        roles[2]!.push({ term: straddle, kind: 'pair', partOf: text(u.start, next.end), clauses });
      }
    });
  }
  // A whole query word before a piece of one, a piece before a pair across words.
  for (const list of roles) for (const role of list) if (!terms.has(role.term)) terms.set(role.term, role);
  for (const [term, role] of terms) if (role.clauses.length === 0) terms.delete(term);
  const watched = new Set<string>();
  for (const role of terms.values()) for (const clause of role.clauses) for (const l of clause) watched.add(l.term);
  const key = [...terms.values()]
    .map((r) => `${r.term}:${r.clauses.map((c) => c.map((l) => `${l.held ? '+' : '-'}${l.term}`).join('|')).join('&')}`)
    .join(';');
  return { terms, watched, key };
}

/** A whole word counts less when the chunk has it running on into the next query word's first character without that word. */
function wordRole(
  word: string,
  u: Unit,
  prev: Unit | undefined,
  next: Unit | undefined,
  pair: (at: number) => string | null,
): ConditionalTerm {
  const clauses: Literal[][] = [];
  const runsInto: string[] = [];
  const chars = Array.from(word);
  if (next && !next.stop && next.end - next.start >= 2) {
    const across = pair(u.end - 1);
    const theirs = pair(next.start);
    if (across && theirs) {
      clauses.push([
        { term: across, held: false },
        { term: theirs, held: true },
      ]);
      runsInto.push(word + Array.from(across)[1]!);
    }
  }
  if (prev && !prev.stop && prev.end - prev.start >= 2) {
    const across = pair(u.start - 1);
    const theirs = pair(prev.end - 2);
    if (across && theirs) {
      clauses.push([
        { term: across, held: false },
        { term: theirs, held: true },
      ]);
      runsInto.push(Array.from(across)[0]! + chars.join(''));
    }
  }
  return { term: word, kind: 'word', partOf: word, clauses, runsInto };
}

/**
 * A run this short that the segmenter cuts around a lone character is one word the segmenter does
 * not know (毛|不易, 用户|名): a name or a term typed on its own. Inside longer runs a lone
 * character is as often a verb or a particle (去|深圳, 喜欢|吃), so it is left alone there.
 */
const SHORT_RUN_CHARS = 3;

/** Units of a run: the segmenter's words, or the whole run when it is short and holds a lone character. */
/**
 * A stop word, or a word holding a one-character stop word (站在, 的是): the segmenter's cut around
 * it is no evidence of what the neighbouring words are, so no weight is conditioned on it.
 */
function isWeak(word: string, dateTerms: ReadonlySet<string>): boolean {
  return (
    STOPWORDS.has(word) || dateTerms.has(word) || Array.from(word).some((c) => STOPWORDS.has(c) || dateTerms.has(c))
  );
}

function unitsOf(words: readonly string[], dateTerms: ReadonlySet<string>): Unit[] {
  const spans: Unit[] = [];
  let at = 0;
  for (const word of words) {
    const len = Array.from(word).length;
    spans.push({ start: at, end: at + len, stop: isWeak(word, dateTerms) });
    at += len;
  }
  const short =
    spans.length > 1 &&
    at <= SHORT_RUN_CHARS &&
    spans.every((u) => !u.stop) &&
    spans.some((u) => u.end - u.start === 1);
  if (short) return [{ start: 0, end: at, stop: false }];
  // Lone characters in a row are one unknown word (截|尾|鹦|嘴|鱼).
  const units: Unit[] = [];
  for (const u of spans) {
    const last = units[units.length - 1];
    const lone = u.end - u.start === 1 && !u.stop;
    if (last && lone && last.lone) last.end = u.end;
    else units.push({ ...u, lone });
  }
  return units.map(({ start, end, stop }) => ({ start, end, stop }));
}

/** The segmenter words a unit was merged from (one word when it was not merged). */
function wordSpans(words: readonly string[], u: Unit): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let at = 0;
  for (const word of words) {
    const len = Array.from(word).length;
    if (at >= u.start && at + len <= u.end) spans.push({ start: at, end: at + len });
    at += len;
  }
  return spans;
}

function isMerged(words: readonly string[], u: Unit): boolean {
  return wordSpans(words, u).length > 1;
}

/** A unit's pieces: the segmenter words it was merged from, then its character pairs. */
function piecesOf(words: readonly string[], u: Unit, chars: readonly string[]): { start: number; end: number }[] {
  const pieces = isMerged(words, u) ? wordSpans(words, u) : [];
  for (let i = u.start; i + 2 <= u.end && i + 2 <= chars.length; i++) pieces.push({ start: i, end: i + 2 });
  return pieces;
}

function inside(
  pairText: string,
  u: Unit,
  chars: readonly string[],
  text: (from: number, to: number) => string,
): boolean {
  for (let i = u.start; i + 2 <= u.end && i + 2 <= chars.length; i++) if (text(i, i + 2) === pairText) return true;
  return false;
}

/**
 * The weight of a conditional term in a chunk: null when it counts fully. A literal on a term that
 * was not searched (undefined) satisfies its clause: without evidence, no penalty.
 */
export function partialWeight(role: ConditionalTerm, holds: Holds): PartialWeight | null {
  for (let c = 0; c < role.clauses.length; c++) {
    const clause = role.clauses[c]!;
    const ok = clause.some((l) => {
      const held = holds(l.term);
      return held === undefined || held === l.held;
    });
    if (!ok)
      return {
        weight: role.kind === 'word' ? RUN_ON_WORD_WEIGHT : PARTIAL_MATCH_WEIGHT,
        partOf: role.kind === 'word' ? role.runsInto![c]! : role.partOf,
      };
  }
  return null;
}

/** The plan's weight for a term in a chunk (1 for a term the plan does not condition). */
export function weightOf(plan: PartialPlan | null, term: string, holds: Holds): PartialWeight | null {
  const role = plan?.terms.get(term);
  return role ? partialWeight(role, holds) : null;
}
