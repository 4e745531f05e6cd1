// OpenClaw 2026.9.6's chunk boundaries (its markdown-chunks.ts, chunking version 5): 400 tokens
// ≈ 1,600 weighted chars with 80-token overlap, CJK weighted heavier, and MEMORY.md / USER.md cut
// per entry ("- " bullets and headings start a new chunk). The profile needs these exact
// boundaries, which differ from our own chunker's, to cite the lines the agent would see.
import crypto from 'node:crypto';
import { entryRecallMetadata, stripAnnotations } from '../../../shared/memory-annotations.js';
import { isRootMemoryPath } from '../../../shared/memory-scope.js';
import type { EntryRecallMetadata } from '../../../shared/memory-annotations.js';

const CHUNK_TOKENS = 400;
const CHUNK_OVERLAP_TOKENS = 80;

/** Code-point ranges OpenClaw weighs as 4, 12, 8, 12 and 16 chars (cjk-chars.ts), in that order. */
const WEIGHTED_RANGES: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [
    [183, 183],
    [12288, 12703],
    [19968, 40869],
    [44032, 55215],
    [65281, 65376],
  ],
  [
    [4352, 4607],
    [11904, 12287],
    [12704, 19967],
    [40870, 40959],
    [40960, 42239],
    [42752, 42759],
    [43360, 43391],
    [55216, 55295],
    [63744, 64255],
  ],
  [
    [711, 711],
    [713, 715],
    [729, 729],
    [746, 747],
    [773, 773],
    [803, 803],
    [65040, 65103],
    [65377, 65500],
    [65504, 65510],
  ],
  [[119648, 119665]],
  [
    [94176, 94207],
    [110576, 110591],
    [110592, 110959],
    [127488, 127743],
    [131072, 195103],
    [196608, 210047],
  ],
];
/** Extra weight over 1 per bucket: text.length counts each UTF-16 unit once already. */
const EXTRA_WEIGHT = [3, 11, 7, 10, 14];

function bucketOf(codePoint: number): number {
  for (let bucket = 0; bucket < WEIGHTED_RANGES.length; bucket++) {
    for (const [start, end] of WEIGHTED_RANGES[bucket] ?? []) if (codePoint >= start && codePoint <= end) return bucket;
  }
  return -1;
}

/** OpenClaw's weighted length: UTF-16 length plus extra weight for CJK and other wide characters. */
export function estimateChars(text: string): number {
  let extra = 0;
  for (let i = 0; i < text.length; i++) {
    let codePoint = text.charCodeAt(i);
    if (codePoint < 128) continue;
    if (codePoint >= 0xd800 && codePoint <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        codePoint = 0x10000 + (codePoint - 0xd800) * 1024 + low - 0xdc00;
        i += 1;
      }
    }
    const bucket = bucketOf(codePoint);
    if (bucket >= 0) extra += EXTRA_WEIGHT[bucket] ?? 0;
  }
  return text.length + extra;
}

function truncateUtf16Safe(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

function tailWithin(text: string, budget: number): string {
  let acc = 0;
  let start = text.length;
  while (start > 0) {
    const previous = start - ((text.codePointAt(start - 2) ?? 0) > 0xffff ? 2 : 1);
    acc += estimateChars(text.slice(previous, start));
    if (!(acc <= budget)) break;
    start = previous;
  }
  return text.slice(start);
}

function entryKindOf(line: string): 'entry' | 'section' | undefined {
  if (line.startsWith('- ')) return 'entry';
  return /^#{1,6}(?:\s|$)/u.test(line) ? 'section' : undefined;
}

export interface OpenClawChunk {
  startLine: number;
  endLine: number;
  text: string;
  /** The bullet entry this chunk belongs to (perEntry files), whose lines carry its annotations. */
  entryStartLine?: number;
  entryEndLine?: number;
}

interface Piece {
  line: string;
  lineNo: number;
}

/** OpenClaw's chunkMarkdown: line-based windows with a weighted-char budget and a tail overlap. */
export function chunkLikeOpenClaw(content: string, perEntry: boolean): OpenClawChunk[] {
  const lines = content.split('\n');
  const maxChars = Math.max(32, CHUNK_TOKENS * 4);
  const overlapChars = Math.max(0, CHUNK_OVERLAP_TOKENS * 4);
  const chunks: OpenClawChunk[] = [];
  let current: Piece[] = [];
  let currentChars = 0;
  let entryStartLine: number | undefined;
  let entryFirstChunk = 0;

  const flush = (): void => {
    const first = current[0];
    const last = current[current.length - 1];
    if (!first || !last) return;
    chunks.push({ startLine: first.lineNo, endLine: last.lineNo, text: current.map((p) => p.line).join('\n') });
  };
  const carryOverlap = (window: number): void => {
    if (window <= 0 || current.length === 0) {
      current = [];
      currentChars = 0;
      return;
    }
    let acc = 0;
    const kept: Piece[] = [];
    for (let i = current.length - 1; i >= 0; i--) {
      const piece = current[i];
      if (!piece) continue;
      const size = estimateChars(piece.line) + 1;
      const remaining = window - acc;
      if (size > remaining) {
        const tail = kept.length === 0 ? tailWithin(piece.line, remaining - 1) : '';
        if (tail.length > 0) {
          kept.unshift({ line: tail, lineNo: piece.lineNo });
          acc += estimateChars(tail) + 1;
        }
        break;
      }
      acc += size;
      kept.unshift(piece);
      if (acc >= window) break;
    }
    current = kept;
    currentChars = acc;
  };
  const append = (segment: string, lineNo: number, chars: number): void => {
    const size = chars + 1;
    if (currentChars + size > maxChars && current.length > 0) {
      flush();
      carryOverlap(Math.min(overlapChars, Math.max(0, maxChars - size)));
    }
    current.push({ line: segment, lineNo });
    currentChars += size;
  };
  const finishEntry = (endLine: number): void => {
    if (entryStartLine === undefined) return;
    for (const chunk of chunks.slice(entryFirstChunk)) {
      chunk.entryStartLine = entryStartLine;
      chunk.entryEndLine = endLine;
    }
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const lineNo = i + 1;
    const kind = perEntry ? (entryKindOf(line) ?? (i === 0 ? 'section' : undefined)) : undefined;
    if (kind) {
      if (current.length > 0) flush();
      finishEntry(lineNo - 1);
      current = [];
      currentChars = 0;
      entryStartLine = kind === 'entry' ? lineNo : undefined;
      entryFirstChunk = chunks.length;
    }
    if (line.length === 0) {
      append('', lineNo, 0);
      continue;
    }
    for (let start = 0; start < line.length;) {
      const coarse = truncateUtf16Safe(line.slice(start), maxChars);
      const coarseChars = estimateChars(coarse);
      if (coarseChars > maxChars) {
        let partStart = 0;
        let partEnd = 0;
        let partChars = 0;
        for (const character of coarse) {
          const chars = estimateChars(character);
          if (partChars + chars > maxChars) {
            append(coarse.slice(partStart, partEnd), lineNo, partChars);
            partStart = partEnd;
            partChars = 0;
          }
          partEnd += character.length;
          partChars += chars;
        }
        append(coarse.slice(partStart), lineNo, partChars);
      } else append(coarse, lineNo, coarseChars);
      start += coarse.length;
    }
  }
  flush();
  finishEntry(lines.length);
  return chunks;
}

export interface IndexedOpenClawChunk extends EntryRecallMetadata {
  /** Stable within one index build: `<path>#<n>`. */
  id: string;
  path: string;
  startLine: number;
  endLine: number;
  /** Indexed text: the annotations stripped. */
  text: string;
  /** The chunk's lines as written (annotations kept), for showing where an importance came from. */
  sourceText: string;
  hash: string;
}

/**
 * A memory file as OpenClaw indexes it: annotations stripped from the text, MEMORY.md and
 * USER.md per entry, blank chunks dropped, each chunk's recall metadata read from its entry's
 * original lines.
 */
export function prepareOpenClawChunks(relPath: string, content: string): IndexedOpenClawChunk[] {
  const perEntry = relPath === 'MEMORY.md' || relPath === 'USER.md';
  const sourceLines = content.replace(/\r\n/gu, '\n').split('\n');
  const curatedRoot = isRootMemoryPath(relPath);
  const projectScopeEligible = relPath.toUpperCase() !== 'USER.MD';
  const metadataBySpan = new Map<string, EntryRecallMetadata>();
  return chunkLikeOpenClaw(stripAnnotations(content), perEntry)
    .filter((chunk) => chunk.text.trim().length > 0)
    .map((chunk, n) => {
      const start = chunk.entryStartLine ?? chunk.startLine;
      const end = chunk.entryEndLine ?? chunk.endLine;
      const span = `${start}:${end}`;
      let metadata = metadataBySpan.get(span);
      if (!metadata) {
        metadata = entryRecallMetadata(sourceLines.slice(start - 1, end), { curatedRoot, projectScopeEligible });
        metadataBySpan.set(span, metadata);
      }
      return {
        id: `${relPath}#${n}`,
        path: relPath,
        startLine: chunk.startLine,
        endLine: chunk.endLine,
        text: chunk.text,
        sourceText: sourceLines.slice(chunk.startLine - 1, chunk.endLine).join('\n'),
        hash: crypto.createHash('sha256').update(chunk.text).digest('hex'),
        ...metadata,
      };
    });
}
