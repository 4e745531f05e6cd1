// The text OpenClaw injects for a file, as pieces: runs of the file itself (by offset) and text
// OpenClaw inserts (truncation marker, separators, AGENTS.md's policy digest, a closing "…").
// Keeping the pieces rather than only the string is what lets the editor shade exactly the
// characters the agent does not see, and lets every cut be checked against the file.
import { truncateUtf16Safe } from './utf16-safe-slice.js';

export type InjectedPiece =
  | { kind: 'source'; from: number; to: number }
  | { kind: 'inserted'; role: 'marker' | 'separator' | 'digest' | 'ellipsis' | 'notice'; text: string };

export function pieceLength(piece: InjectedPiece): number {
  return piece.kind === 'source' ? piece.to - piece.from : piece.text.length;
}

export function renderPieces(source: string, pieces: readonly InjectedPiece[]): string {
  let out = '';
  for (const piece of pieces) out += piece.kind === 'source' ? source.slice(piece.from, piece.to) : piece.text;
  return out;
}

export function piecesLength(pieces: readonly InjectedPiece[]): number {
  let n = 0;
  for (const piece of pieces) n += pieceLength(piece);
  return n;
}

/** The first `length` code units of the pieces (the caller decides where a safe cut is). */
export function cutPieces(pieces: readonly InjectedPiece[], length: number): InjectedPiece[] {
  const out: InjectedPiece[] = [];
  let left = length;
  for (const piece of pieces) {
    if (left <= 0) break;
    const n = pieceLength(piece);
    if (n <= left) {
      out.push(piece);
      left -= n;
    } else if (piece.kind === 'source') {
      out.push({ kind: 'source', from: piece.from, to: piece.from + left });
      left = 0;
    } else {
      out.push({ ...piece, text: piece.text.slice(0, left) });
      left = 0;
    }
  }
  return out;
}

/** truncateUtf16Safe applied to the rendered text, carried over to the pieces. */
export function truncatePiecesUtf16Safe(
  source: string,
  pieces: readonly InjectedPiece[],
  maxLength: number,
): InjectedPiece[] {
  const rendered = renderPieces(source, pieces);
  if (rendered.length <= maxLength) return [...pieces];
  return cutPieces(pieces, truncateUtf16Safe(rendered, maxLength).length);
}

/**
 * OpenClaw's last step for every file: what does not fit in the total budget left is cut, and a
 * cut longer than 3 characters ends in "…" (which counts). Returns [] when nothing fits.
 */
export function clampPiecesToBudget(source: string, pieces: readonly InjectedPiece[], budget: number): InjectedPiece[] {
  if (budget <= 0) return [];
  const length = piecesLength(pieces);
  if (length <= budget) return [...pieces];
  if (budget <= 3) return truncatePiecesUtf16Safe(source, pieces, budget);
  return [...truncatePiecesUtf16Safe(source, pieces, budget - 1), { kind: 'inserted', role: 'ellipsis', text: '…' }];
}

/** Source offsets [from, to) of `sourceLength` that no source piece covers, in order. */
export function droppedRanges(sourceLength: number, pieces: readonly InjectedPiece[]): { from: number; to: number }[] {
  const kept = pieces
    .filter((p): p is Extract<InjectedPiece, { kind: 'source' }> => p.kind === 'source' && p.to > p.from)
    .map((p) => ({ from: p.from, to: p.to }))
    .sort((a, b) => a.from - b.from);
  const dropped: { from: number; to: number }[] = [];
  let at = 0;
  for (const range of kept) {
    if (range.from > at) dropped.push({ from: at, to: range.from });
    at = Math.max(at, range.to);
  }
  if (at < sourceLength) dropped.push({ from: at, to: sourceLength });
  return dropped;
}
