// A window onto a file too large to open whole: the editor gets ~512 KB of whole lines with their
// line numbers, read-only, and pages through the rest — never 50 MB in one answer. One streamed
// pass over the file (1 MB at a time) gives the hash of the exact bytes (so the editor still
// recognises changes), the line count and where the window starts; memory stays at a few MB.
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import type { FileWindow } from '../../../shared/domain.js';
import { detectEol } from './file-io.js';

/** What the editor is given at a time: far more than a screen, small enough to answer in milliseconds. */
export const WINDOW_BYTES = 512 * 1024;
const READ_CHUNK_BYTES = 1024 * 1024;
const NEWLINE = 0x0a;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

export interface WindowedText {
  text: string;
  window: FileWindow;
  hash: string;
  size: number;
  mtimeMs: number;
  bom: boolean;
  eol: 'lf' | 'crlf' | 'mixed' | 'none';
}

/**
 * The window starting at the first line start at or after `offset` (0 = the top), up to
 * `windowBytes` of whole lines; with `backward`, the window of whole lines that ends at `offset`
 * (the page before one that starts there). A single line longer than the window is cut at a
 * character boundary.
 */
export async function readFileWindow(
  absPath: string,
  offset: number,
  options: { backward?: boolean; windowBytes?: number } = {},
): Promise<WindowedText> {
  const windowBytes = options.windowBytes ?? WINDOW_BYTES;
  const handle = await fs.promises.open(absPath, 'r');
  try {
    const stat = await handle.stat();
    const size = stat.size;
    const at = Math.min(Math.max(0, Math.floor(offset)), size);
    const limit = options.backward ? at : size;
    const want = options.backward ? Math.max(0, at - windowBytes) : at;
    const hash = createHash('sha256');
    const chunk = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    let position = 0;
    let newlines = 0;
    // Line starts around `want`: the first at or after it, and the last at or before it.
    let after = want === 0 ? 0 : -1;
    let newlinesBeforeAfter = 0;
    let before = 0;
    let newlinesBeforeBefore = 0;
    let head: Buffer | null = null;
    while (position < size) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(READ_CHUNK_BYTES, size - position), position);
      if (bytesRead === 0) break;
      const bytes = chunk.subarray(0, bytesRead);
      hash.update(bytes);
      if (head === null) head = Buffer.from(bytes.subarray(0, 3));
      for (let i = bytes.indexOf(NEWLINE); i !== -1; i = bytes.indexOf(NEWLINE, i + 1)) {
        // A line starts right after a newline.
        const lineStart = position + i + 1;
        if (after === -1 && lineStart >= want) {
          after = lineStart;
          newlinesBeforeAfter = newlines + 1;
        }
        if (lineStart <= want) {
          before = lineStart;
          newlinesBeforeBefore = newlines + 1;
        }
        newlines += 1;
      }
      position += bytesRead;
    }
    if (after === -1) after = size; // no line starts after `want`: an empty window at the end
    // Backward, when no whole line fits before `at` (one line longer than the window): start at that line.
    const useBefore = options.backward === true && after >= limit && limit > 0;
    const start = useBefore ? before : after;
    const newlinesBeforeStart = useBefore ? newlinesBeforeBefore : newlinesBeforeAfter;
    const bom = head !== null && head.length === 3 && UTF8_BOM.every((b, i) => head![i] === b);
    const stop = useBefore ? size : limit;
    const raw = Buffer.alloc(Math.max(0, Math.min(windowBytes, stop - start)));
    if (raw.length > 0) await handle.read(raw, 0, raw.length, start);
    const end = start + raw.length;
    // Ending exactly at `limit` (a line start, or the end of the file) already ends on a whole line.
    const cut = end < stop || (end < size && !options.backward) ? wholeLinesEnd(raw) : raw.length;
    let body = raw.subarray(0, cut);
    if (start === 0 && bom) body = body.subarray(3);
    const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(body);
    const windowNewlines = countNewlines(raw.subarray(0, cut));
    const endsWithNewline = cut > 0 && raw[cut - 1] === NEWLINE;
    const startLine = newlinesBeforeStart + 1;
    const lastByte = size > 0 ? await lastByteOf(handle, size) : null;
    const totalLines = newlines + (size > 0 && lastByte !== NEWLINE ? 1 : 0);
    return {
      text,
      window: {
        startByte: start,
        endByte: start + cut,
        totalBytes: size,
        startLine,
        endLine: cut === 0 ? startLine - 1 : startLine + windowNewlines - (endsWithNewline ? 1 : 0),
        totalLines,
      },
      hash: hash.digest('hex'),
      size,
      mtimeMs: stat.mtimeMs,
      bom,
      eol: detectEol(text),
    };
  } finally {
    await handle.close();
  }
}

/** Bytes of `raw` up to and including its last newline; without one, up to a UTF-8 character boundary. */
function wholeLinesEnd(raw: Buffer): number {
  const lastNewline = raw.lastIndexOf(NEWLINE);
  if (lastNewline !== -1) return lastNewline + 1;
  let end = raw.length;
  // Step back over continuation bytes (10xxxxxx) and the lead byte of the character they belong to.
  while (end > 0 && (raw[end - 1]! & 0xc0) === 0x80) end -= 1;
  if (end > 0 && raw[end - 1]! >= 0xc0) end -= 1;
  return end === 0 ? raw.length : end;
}

function countNewlines(bytes: Buffer): number {
  let count = 0;
  for (let i = bytes.indexOf(NEWLINE); i !== -1; i = bytes.indexOf(NEWLINE, i + 1)) count += 1;
  return count;
}

async function lastByteOf(handle: fs.promises.FileHandle, size: number): Promise<number | null> {
  const one = Buffer.alloc(1);
  const { bytesRead } = await handle.read(one, 0, 1, size - 1);
  return bytesRead === 1 ? one[0]! : null;
}
