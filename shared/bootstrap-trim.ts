// How OpenClaw cuts one bootstrap file down to its cap: head + truncation marker + tail, and for
// AGENTS.md in 2026.9.6 head + a digest of its policy lines + tail. Lengths are UTF-16 code units
// (JavaScript's .length), measured after trailing whitespace is removed, as OpenClaw measures them.
// Reproduced from the release code in our own words; bootstrap-budget.test.ts checks every branch
// against vectors produced by running OpenClaw's own functions.
import type { BootstrapProfile } from './bootstrap-profiles.js';
import { truncatePiecesUtf16Safe, type InjectedPiece } from './injected-pieces.js';
import { sliceUtf16Safe, truncateUtf16Safe } from './utf16-safe-slice.js';

export interface TrimResult {
  /** The file after trailing whitespace is removed: what OpenClaw measures against the cap. */
  measured: string;
  truncated: boolean;
  pieces: InjectedPiece[];
  /** Head and tail sizes the marker announces (2026.9.6 may keep one character less at a surrogate pair). */
  announcedHead: number;
  announcedTail: number;
}

/** 2026.9.6: a cut leaves at least this much of the file, or the short marker is used instead. */
const MIN_TRIMMED_CONTENT = 16;
const HEAD_RATIO_INSIDE = 0.75;
const TAIL_RATIO_INSIDE = 0.25;
const HEAD_RATIO_OUTSIDE = 0.7;
const TAIL_RATIO_OUTSIDE = 0.2;

export function trimBootstrapFile(
  content: string,
  fileName: string,
  cap: number,
  profile: BootstrapProfile,
): TrimResult {
  const measured = content.trimEnd();
  if (measured.length <= cap) {
    return {
      measured,
      truncated: false,
      pieces: measured ? [{ kind: 'source', from: 0, to: measured.length }] : [],
      announcedHead: 0,
      announcedTail: 0,
    };
  }
  if (profile.trim === 'marker-outside') return trimMarkerOutside(measured, fileName, cap);
  if (profile.agentsPolicyDigest && fileName.toLowerCase() === 'agents.md') return trimAgentsWithDigest(measured, cap);
  return trimMarkerInside(measured, fileName, cap);
}

function fullMarker(fileName: string, head: number, tail: number, total: number): string {
  return `\n[...truncated, read ${fileName} for full content...]\n…(truncated ${fileName}: kept ${head}+${tail} chars of ${total})…\n`;
}

function compactMarker(head: number, tail: number, total: number): string {
  return `[…truncated ${head}+${tail}/${total}]`;
}

/** Head and tail as OpenClaw slices them: whole characters, so each may lose the half of a pair. */
function headPiece(text: string, chars: number): InjectedPiece | null {
  const kept = sliceUtf16Safe(text, 0, chars).length;
  return kept > 0 ? { kind: 'source', from: 0, to: kept } : null;
}

function tailPiece(text: string, chars: number): InjectedPiece | null {
  if (chars <= 0) return null;
  const kept = sliceUtf16Safe(text, -chars).length;
  return kept > 0 ? { kind: 'source', from: text.length - kept, to: text.length } : null;
}

/** Joins non-empty parts with `separator` pieces, as `[…].filter(nonEmpty).join(sep)` would. */
function joinParts(parts: (InjectedPiece | null)[], separator: string): InjectedPiece[] {
  const present = parts.filter(
    (p): p is InjectedPiece => p !== null && (p.kind === 'source' ? p.to > p.from : p.text.length > 0),
  );
  const out: InjectedPiece[] = [];
  present.forEach((part, i) => {
    if (i > 0 && separator) out.push({ kind: 'inserted', role: 'separator', text: separator });
    out.push(part);
  });
  return out;
}

/**
 * 2026.9.6 generic file: the marker and the newlines around it are paid for inside the cap. The
 * split is 75/25 of (cap − marker − separators); since the marker's digits depend on the split,
 * the sizes are settled over at most three rounds, then shrunk (tail first) until all fits.
 */
function trimMarkerInside(text: string, fileName: string, cap: number): TrimResult {
  const total = text.length;
  const full = (h: number, t: number) => fullMarker(fileName, h, t, total);
  const compact = (h: number, t: number) => compactMarker(h, t, total);
  const separators = (h: number, t: number, marker: string) =>
    marker.includes('\n') ? Number(h > 0) + Number(t > 0) : 0;
  const emptyFull = full(0, 0);
  const template = cap - emptyFull.length - separators(1, 1, emptyFull) >= MIN_TRIMMED_CONTENT ? full : compact;

  let head = 0;
  let tail = 0;
  let marker = template(0, 0);
  for (let round = 0; round < 3; round++) {
    const budget = Math.max(0, cap - marker.length - separators(head, tail, marker));
    const nextHead = Math.floor(budget * HEAD_RATIO_INSIDE);
    const nextTail = Math.floor(budget * TAIL_RATIO_INSIDE);
    const nextMarker = template(nextHead, nextTail);
    if (nextHead === head && nextTail === tail && nextMarker.length === marker.length) break;
    head = nextHead;
    tail = nextTail;
    marker = nextMarker;
  }
  let length = head + tail + marker.length + separators(head, tail, marker);
  while (length > cap && (tail > 0 || head > 0)) {
    const overflow = length - cap;
    if (tail > 0) tail = Math.max(0, tail - overflow);
    else head = Math.max(0, head - overflow);
    marker = template(head, tail);
    length = head + tail + marker.length + separators(head, tail, marker);
  }
  // Keep at least one character of the file when the marker leaves room for it.
  if (head === 0 && tail === 0 && total > 0) {
    const single = template(1, 0);
    if (1 + single.length + separators(1, 0, single) <= cap) {
      head = 1;
      marker = single;
    }
  }
  const markerPiece: InjectedPiece = { kind: 'inserted', role: 'marker', text: marker };
  const pieces = joinParts(
    [headPiece(text, head), markerPiece, tailPiece(text, tail)],
    marker.includes('\n') ? '\n' : '',
  );
  return {
    measured: text,
    truncated: true,
    pieces: truncatePiecesUtf16Safe(text, pieces, cap),
    announcedHead: head,
    announcedTail: tail,
  };
}

/**
 * 2026.2.26 and 2026.4.15: 70% head + 20% tail of the cap, plain UTF-16 slices, and the marker
 * comes on top of the cap (the total budget clamps it later). A tail of 0 slices as `slice(-0)`,
 * which is the whole file: OpenClaw then repeats the file after the marker, and so do we.
 */
function trimMarkerOutside(text: string, fileName: string, cap: number): TrimResult {
  const head = Math.floor(cap * HEAD_RATIO_OUTSIDE);
  const tail = Math.floor(cap * TAIL_RATIO_OUTSIDE);
  const tailFrom = tail === 0 ? 0 : Math.max(0, text.length - tail);
  const pieces: InjectedPiece[] = [
    { kind: 'source', from: 0, to: Math.min(head, text.length) },
    { kind: 'inserted', role: 'separator', text: '\n' },
    { kind: 'inserted', role: 'marker', text: fullMarker(fileName, head, tail, text.length) },
    { kind: 'inserted', role: 'separator', text: '\n' },
    { kind: 'source', from: tailFrom, to: text.length },
  ];
  return {
    measured: text,
    truncated: true,
    pieces: pieces.filter((p) => p.kind !== 'source' || p.to > p.from),
    announcedHead: head,
    announcedTail: tail,
  };
}

// ---------------------------------------------------------------------------------------------
// AGENTS.md, 2026.9.6: the rules an agent must not miss are usually spread through the file, so
// instead of a blind middle cut OpenClaw keeps 45% head, 15% tail, and up to 35% of lines that look
// like policy (headings, list items, or lines naming must / never / security / …), high-priority
// ones first, each with the prose line just above it.

const AGENTS_HEAD_RATIO = 0.45;
const AGENTS_TAIL_RATIO = 0.15;
const AGENTS_DIGEST_RATIO = 0.35;
const DIGEST_LINE_MAX = 240;
const LIST_OR_HEADING = /^(?:#{1,6}|\s*[-*+]|\s*\d+[.)])\s+\S/u;
const POLICY_WORDS =
  /\b(?:AGENTS\.md|scoped|required|must|never|do not|before subtree|read scoped|owner|security|secret|credential|test|validation|command|commit|push|github|pr)\b|(?:🔴|禁止|嚴禁|不得|絕不|絕對不|切勿|必須|務必|一律|紅線)/iu;
const HIGH_PRIORITY_WORDS =
  /\b(?:AGENTS\.md|scoped|required|must|never|do not|before subtree|read scoped|security|secret|credential)\b|(?:🔴|禁止|嚴禁|不得|絕不|絕對不|切勿)/iu;
const FENCE = /^\s*(?:`{3,}|~{3,})/u;

interface DigestCandidate {
  text: string;
  highPriority: boolean;
}

function normalizeDigestLine(line: string): string {
  const collapsed = line.trim().replace(/\s+/gu, ' ');
  return collapsed.length <= DIGEST_LINE_MAX ? collapsed : `${truncateUtf16Safe(collapsed, DIGEST_LINE_MAX - 1)}…`;
}

function digestCandidates(text: string): DigestCandidate[] {
  const candidates: DigestCandidate[] = [];
  let prose: string | null = null;
  for (const raw of text.split(/\r?\n/u)) {
    const line = normalizeDigestLine(raw);
    if (line.length === 0 || FENCE.test(line)) {
      prose = null;
    } else if (LIST_OR_HEADING.test(line) || POLICY_WORDS.test(line)) {
      candidates.push({
        text: prose === null ? line : `${prose}\n${line}`,
        highPriority: HIGH_PRIORITY_WORDS.test(line),
      });
      prose = null;
    } else {
      prose = line;
    }
  }
  return candidates;
}

/** Greedy: every high-priority candidate that fits, then the rest; output keeps file order. */
function selectDigest(candidates: DigestCandidate[], budget: number): { text: string; omitted: number } {
  if (budget <= 0) return { text: '', omitted: 0 };
  const selected = new Set<DigestCandidate>();
  let used = 0;
  const consider = (candidate: DigestCandidate) => {
    const separator = selected.size > 0 ? 1 : 0;
    if (used + separator + candidate.text.length > budget) return;
    selected.add(candidate);
    used += separator + candidate.text.length;
  };
  for (const c of candidates) if (c.highPriority) consider(c);
  for (const c of candidates) if (!selected.has(c)) consider(c);
  return {
    text: candidates
      .filter((c) => selected.has(c))
      .map((c) => c.text)
      .join('\n'),
    omitted: Math.max(0, candidates.length - selected.size),
  };
}

function trimAgentsWithDigest(text: string, cap: number): TrimResult {
  let head = Math.floor(cap * AGENTS_HEAD_RATIO);
  let tail = Math.floor(cap * AGENTS_TAIL_RATIO);
  let digestBudget = Math.floor(cap * AGENTS_DIGEST_RATIO);
  const candidates = digestBudget > 0 ? digestCandidates(text) : [];
  let digest = selectDigest(candidates, digestBudget);
  const render = (): InjectedPiece[] => {
    const inserted = (role: 'marker' | 'digest', t: string): InjectedPiece => ({ kind: 'inserted', role, text: t });
    return joinParts(
      [
        headPiece(text, head),
        inserted('marker', '[...truncated, read AGENTS.md for full content...]'),
        inserted('marker', digest.text ? '[Policy digest from AGENTS.md]' : ''),
        inserted('digest', digest.text),
        inserted('marker', digest.omitted > 0 ? `[...${digest.omitted} more policy lines omitted...]` : ''),
        inserted(
          'marker',
          `…(truncated AGENTS.md: kept ${head}+policy ${digest.text.length}+${tail} chars of ${text.length})…`,
        ),
        tailPiece(text, tail),
      ],
      '\n',
    );
  };
  let pieces = render();
  let length = pieces.reduce((n, p) => n + (p.kind === 'source' ? p.to - p.from : p.text.length), 0);
  while (length > cap && (tail > 0 || head > 1 || digestBudget > 0)) {
    const overflow = length - cap;
    if (tail > 0) tail = Math.max(0, tail - overflow);
    else if (head > 1) head = Math.max(1, head - overflow);
    else {
      digestBudget = Math.max(0, digestBudget - overflow);
      digest = selectDigest(candidates, digestBudget);
    }
    pieces = render();
    length = pieces.reduce((n, p) => n + (p.kind === 'source' ? p.to - p.from : p.text.length), 0);
  }
  return {
    measured: text,
    truncated: true,
    pieces: truncatePiecesUtf16Safe(text, pieces, cap),
    announcedHead: head,
    announcedTail: tail,
  };
}
