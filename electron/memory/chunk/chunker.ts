// Line-based chunking: 400 tokens with 80 of overlap by default, ≈4 Latin characters
// per token and one token per CJK character. Unlike OpenClaw's classic chunker a chunk never
// exceeds the limit: an over-long line is cut into pieces that keep its line number.
import { CHUNKING_DEFAULTS } from '../../../shared/search-defaults.js';
import { parseFrontmatter } from '../parse/frontmatter.js';
import type { ParsedSession } from '../parse/session-jsonl.js';
import { sha256 } from '../text/hash.js';
import { maskInputs, type ChunkSecret, type MaskedInput } from './secret-lines.js';

/**
 * Bump whenever chunk boundaries, chunk texts or their FTS tokens (text/segment.ts, text/stem.ts)
 * change: an index built by another version is rebuilt into a new file and swapped in.
 * 2: English stemming of Latin words. 3: OpenClaw envelope metadata left out of session text.
 * 4: transcripts record their session kind (cron, heartbeat, sub-agent) and cleaner titles.
 * 5: a message's sender label left out of session text; titles without Markdown.
 * 6: secrets masked before chunking (chunk/secret-lines.ts); bump when shared/secrets.ts's rules change.
 * 7: a placeholder in angle brackets (`password: <in password manager>`) is not a secret.
 */
export const CHUNKER_VERSION = 7;

export interface ChunkInput {
  text: string;
  /** 1-based line that results cite (the file's line, or the JSONL line for sessions). */
  line: number;
}

export interface Chunk {
  startLine: number;
  endLine: number;
  text: string;
  /** sha256 hex of `text`. */
  hash: string;
  /** Sessions: when the chunk's first and last timestamped messages were written (epoch ms). */
  firstMs?: number;
  lastMs?: number;
  /** The secrets masked in `text` (absent when none): `text` holds their labels, never the values. */
  secrets?: ChunkSecret[];
  /** Markdown: the ISO days named by dated headings over its lines, sorted (chunk/heading-dates.ts). */
  days?: string[];
}

export interface ChunkOptions {
  tokens: number;
  overlap: number;
}

/** Costs in quarter tokens so sums are exact integers: a CJK char is 4, anything else 1. */
const UNITS_PER_TOKEN = CHUNKING_DEFAULTS.charsPerToken;
const CJK_CHAR =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3000-\u303f\uff00-\uffef]/u;
const HEADING = /^ {0,3}#{1,6}(?:\s|$)/;

export function estimateTokens(text: string): number {
  return Math.ceil(textUnits(text) / UNITS_PER_TOKEN);
}

function charUnits(char: string): number {
  return CJK_CHAR.test(char) ? UNITS_PER_TOKEN : 1;
}

/** charUnits of each BMP code unit, filled in on first sight (0 = not yet known): no regex per character. */
const bmpUnits = new Uint8Array(0x10000);

/** Sum of charUnits over the text's code points. */
function textUnits(text: string): number {
  let units = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      units += 1;
      continue;
    }
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        units += charUnits(text.slice(i, i + 2));
        i += 1;
        continue;
      }
    }
    let cost = bmpUnits[unit]!;
    if (cost === 0) {
      cost = charUnits(String.fromCharCode(unit));
      bmpUnits[unit] = cost;
    }
    units += cost;
  }
  return units;
}

interface Piece {
  text: string;
  line: number;
  /** Cost in units, separator before it included. */
  units: number;
  /** True for the second and later pieces of a cut line: joined to the previous piece without a newline. */
  continuation: boolean;
  heading: boolean;
  /** Secrets whose label starts in this piece. */
  secrets: readonly ChunkSecret[];
}

export function chunkLines(lines: ChunkInput[], opts?: Partial<ChunkOptions>): Chunk[] {
  const chunker = new LineChunker(opts);
  const chunks: Chunk[] = [];
  for (const line of maskInputs(lines)) chunks.push(...chunker.pushMasked(line));
  chunks.push(...chunker.end());
  return chunks;
}

/**
 * chunkLines fed one line at a time: a transcript of a million lines is chunked as it is read,
 * without holding its lines, pieces or chunks all at once. Same chunks as chunkLines.
 */
export class LineChunker {
  private readonly limit: number;
  private readonly overlapLimit: number;
  private current: Piece[] = [];
  private currentUnits = 0;

  constructor(opts?: Partial<ChunkOptions>) {
    const tokens = Math.max(1, Math.floor(opts?.tokens ?? CHUNKING_DEFAULTS.tokens));
    const overlap = Math.max(0, Math.min(Math.floor(opts?.overlap ?? CHUNKING_DEFAULTS.overlap), tokens - 1));
    this.limit = tokens * UNITS_PER_TOKEN;
    this.overlapLimit = overlap * UNITS_PER_TOKEN;
  }

  /** Takes the next line (its secrets masked here); returns the chunks it completed. */
  push(line: ChunkInput): Chunk[] {
    return this.pushMasked(maskInputs([line])[0]!);
  }

  /** push for a line already masked (chunkLines masks a whole file at once). */
  pushMasked(line: MaskedInput): Chunk[] {
    const chunks: Chunk[] = [];
    for (const piece of cutLine(line, this.limit)) this.add(piece, chunks);
    return chunks;
  }

  /** The last chunk (call once, after the last line). */
  end(): Chunk[] {
    const chunks: Chunk[] = [];
    pushChunk(chunks, this.current);
    this.current = [];
    this.currentUnits = 0;
    return chunks;
  }

  private add(piece: Piece, chunks: Chunk[]): void {
    const { limit, overlapLimit } = this;
    const unitsOf = (p: Piece, first: boolean): number => p.units + (first || p.continuation ? 0 : 1);
    const recount = (list: Piece[]): number => list.reduce((sum, p, i) => sum + unitsOf(p, i === 0), 0);
    let current = this.current;
    if (current.length > 0 && this.currentUnits + unitsOf(piece, false) > limit) {
      // Keep a heading with what follows: move trailing headings into the next chunk.
      let carried: Piece[] = [];
      let cut = current.length;
      while (cut > 0 && current[cut - 1]!.heading && !current[cut - 1]!.continuation) cut -= 1;
      if (cut > 0 && cut < current.length && recount([...current.slice(cut), piece]) <= limit) {
        carried = current.slice(cut);
        current = current.slice(0, cut);
      }
      pushChunk(chunks, current);
      // Overlap: trailing pieces of the finished chunk worth at most `overlap` tokens.
      const tail: Piece[] = [];
      for (let i = current.length - 1; i >= 0; i--) {
        const candidate = [current[i]!, ...tail];
        if (recount(candidate) > overlapLimit) break;
        tail.unshift(current[i]!);
      }
      let next = [...tail, ...carried];
      // Overlap gives way first; the carried headings were checked to fit with `piece`.
      while (next.length > carried.length && recount([...next, piece]) > limit) next = next.slice(1);
      current = next;
      this.currentUnits = recount(current);
    }
    current.push(piece);
    this.currentUnits += unitsOf(piece, current.length === 1);
    this.current = current;
  }
}

/** Adds a chunk unless it holds nothing but blank lines; trims blank edge lines so citations point at text. */
function pushChunk(chunks: Chunk[], pieces: Piece[]): void {
  let start = 0;
  let end = pieces.length;
  while (start < end && pieces[start]!.text.trim() === '') start += 1;
  while (end > start && pieces[end - 1]!.text.trim() === '') end -= 1;
  if (start === end) return;
  let text = '';
  for (let i = start; i < end; i++) {
    const piece = pieces[i]!;
    text += i === start || piece.continuation ? piece.text : `\n${piece.text}`;
  }
  const chunk: Chunk = { startLine: pieces[start]!.line, endLine: pieces[end - 1]!.line, text, hash: sha256(text) };
  const secrets = pieces.slice(start, end).flatMap((piece) => piece.secrets);
  if (secrets.length > 0) chunk.secrets = secrets;
  chunks.push(chunk);
}

/** One piece per line, or several (same line number) when the line alone exceeds the limit. */
function cutLine(input: MaskedInput, limit: number): Piece[] {
  const text = input.text.replace(/\r$/, '');
  const heading = HEADING.test(text);
  const units = textUnits(text);
  if (units <= limit) return [{ text, line: input.line, units, continuation: false, heading, secrets: input.secrets }];
  const pieces: Piece[] = [];
  const chars = Array.from(text);
  let start = 0;
  let offset = 0; // UTF-16 offset of chars[start], to give each secret to the piece its label starts in
  while (start < chars.length) {
    let end = start;
    let used = 0;
    while (end < chars.length && used + charUnits(chars[end]!) <= limit) used += charUnits(chars[end++]!);
    if (end < chars.length) {
      // Prefer to cut after whitespace if that keeps at least half the piece.
      let soft = end;
      while (soft > start && !/\s/.test(chars[soft - 1]!)) soft -= 1;
      if (soft - start >= (end - start) / 2) end = soft;
    }
    const pieceText = chars.slice(start, end).join('');
    const pieceEnd = offset + pieceText.length;
    pieces.push({
      text: pieceText,
      line: input.line,
      units: textUnits(pieceText),
      continuation: start > 0,
      heading: heading && start === 0,
      secrets: input.secrets.filter((s) => s.column >= offset && (s.column < pieceEnd || end >= chars.length)),
    });
    offset = pieceEnd;
    start = end;
  }
  return pieces;
}

/** Markdown: frontmatter excluded from chunk text; line numbers stay the file's. */
export function chunkMarkdown(text: string, opts?: Partial<ChunkOptions>): Chunk[] {
  const { endLine } = parseFrontmatter(text);
  const lines = text.split('\n');
  const inputs: ChunkInput[] = [];
  for (let i = endLine; i < lines.length; i++) {
    let line = lines[i]!;
    if (i === 0) line = line.replace(/^\uFEFF/, '');
    inputs.push({ text: line, line: i + 1 });
  }
  return chunkLines(inputs, opts);
}

/** Sessions: the `User:`/`Assistant:` lines, each citing its JSONL line. */
export function chunkSession(
  parsed: Pick<ParsedSession, 'lines' | 'lineMap'> & Partial<Pick<ParsedSession, 'messages'>>,
  opts?: Partial<ChunkOptions>,
): Chunk[] {
  const chunks = chunkLines(
    parsed.lines.map((text, i) => ({ text, line: parsed.lineMap[i] ?? i + 1 })),
    opts,
  );
  // When its messages were written: what "yesterday" in a query is matched against.
  const times = (parsed.messages ?? [])
    .map((m) => ({ line: m.line, ms: m.timestamp === null ? Number.NaN : Date.parse(m.timestamp) }))
    .filter((m) => Number.isFinite(m.ms));
  if (times.length === 0) return chunks;
  for (const chunk of chunks) {
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const t of times) {
      if (t.line < chunk.startLine || t.line > chunk.endLine) continue;
      first = Math.min(first, t.ms);
      last = Math.max(last, t.ms);
    }
    if (Number.isFinite(first)) {
      chunk.firstMs = first;
      chunk.lastMs = last;
    }
  }
  return chunks;
}
