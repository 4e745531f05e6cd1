// Reading and writing memory files byte-exactly: the editor sees the text, the hash of the exact
// bytes (so a save can detect a concurrent change), the BOM and line-ending style; the engine
// writes back exactly the text it receives.
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import type { FileContent, MemoryGetResult } from '../../../shared/domain.js';
import { MemoryLensError } from '../../../shared/errors.js';
import { atomicWrite, writeInPlace } from '../files/atomic-write.js';
import { toFileSystemError } from '../files/fs-errors.js';
import { sha256 } from '../text/hash.js';
import { readLineRange } from '../files/line-range.js';
import type { WorkspaceScope } from './workspace-scope.js';
import { resolveMemoryPath } from './memory-path.js';

export { sha256 } from '../text/hash.js';

/** Larger files open read-only: the editor stays responsive and nobody saves a truncated view. */
export const DEFAULT_MAX_EDITABLE_BYTES = 5 * 1024 * 1024;

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export type TextFileContent = Omit<FileContent, 'path'>;

/**
 * A file's bytes and stat in four file-system calls (open, fstat, one read, close) where
 * fs.promises.readFile takes one per 512 KiB plus a stat of its own. Each call waits for a turn of
 * the event loop, and while a bulk sync runs a turn can take a time slice of the sync: a 5 MB file
 * took ~16 calls and 350–600 ms to open during a full index. `bytes` is null for a file over
 * `maxBytes` (read it in windows instead) or anything that is not a regular file.
 */
export async function readWholeFile(
  absPath: string,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<{ stat: Stats; bytes: Buffer | null }> {
  const handle = await fs.open(absPath, 'r');
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > maxBytes) return { stat, bytes: null };
    // One byte more than its size: a file that grew since the fstat is noticed, and read on.
    let buffer = Buffer.allocUnsafe(stat.size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      length += bytesRead;
      if (bytesRead === 0 || length < buffer.length) break;
      if (length > maxBytes) return { stat, bytes: null };
      const grown = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    return { stat, bytes: buffer.subarray(0, length) };
  } finally {
    await handle.close();
  }
}

export async function readTextFile(absPath: string, opts?: { maxBytes?: number }): Promise<TextFileContent> {
  const buffer = await fs.readFile(absPath);
  const stat = await fs.stat(absPath);
  return decodeTextFile(buffer, stat.mtimeMs, opts?.maxBytes ?? DEFAULT_MAX_EDITABLE_BYTES);
}

export function decodeTextFile(
  buffer: Buffer,
  mtimeMs: number,
  maxBytes = DEFAULT_MAX_EDITABLE_BYTES,
): TextFileContent {
  const bom = buffer.subarray(0, 3).equals(UTF8_BOM);
  const body = bom ? buffer.subarray(3) : buffer;
  let text: string;
  let invalid = false;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    invalid = true;
    text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(body);
  }
  const readOnly = buffer.length > maxBytes ? 'too-large' : invalid ? 'invalid-utf8' : null;
  return { text, hash: sha256(buffer), size: buffer.length, mtimeMs, bom, eol: detectEol(text), readOnly };
}

export function detectEol(text: string): TextFileContent['eol'] {
  const crlf = (text.match(/\r\n/g) ?? []).length;
  const lf = (text.match(/\n/g) ?? []).length - crlf;
  if (crlf === 0 && lf === 0) return 'none';
  if (crlf > 0 && lf > 0) return 'mixed';
  return crlf > 0 ? 'crlf' : 'lf';
}

/** The bytes to write for `text`: UTF-8, exactly as given, with the file's BOM re-added if it had one. */
export function encodeForSave(text: string, opts: { bom: boolean }): Buffer {
  const encoded = Buffer.from(text, 'utf8');
  return opts.bom && !text.startsWith('\uFEFF') ? Buffer.concat([UTF8_BOM, encoded]) : encoded;
}

/** Atomically writes `text` and returns what the editor needs to recognise its own save. */
export async function writeTextFile(
  absPath: string,
  text: string,
  opts: { bom: boolean },
): Promise<{ hash: string; size: number; mtimeMs: number }> {
  const bytes = encodeForSave(text, opts);
  const links = await fs.stat(absPath).then(
    (s) => s.nlink,
    () => 1,
  );
  // Hard-linked: all names are one file and must stay so (a rename would split them).
  if (links > 1) await writeInPlace(absPath, bytes);
  else await atomicWrite(absPath, bytes);
  const stat = await fs.stat(absPath);
  return { hash: sha256(bytes), size: bytes.length, mtimeMs: stat.mtimeMs };
}

/**
 * memory_get: lines `from` (1-based, default 1) .. `from + lines - 1` (default: to the
 * end) of a file `scope.allowed('get')` names, clamped to the file. Paths are held to the same rule as readFile's (workspace/memory-path.ts): hidden files
 * and links to anything that is not such a file are refused (NOT_ALLOWED), escapes too (OUT_OF_ROOT).
 */
export async function memoryGet(
  scope: WorkspaceScope,
  relPath: string,
  from?: number,
  lines?: number,
): Promise<MemoryGetResult> {
  if (from !== undefined && !Number.isFinite(from))
    throw new MemoryLensError('INVALID_ARGUMENT', { messageId: 'errors:get.from' });
  if (lines !== undefined && !Number.isFinite(lines))
    throw new MemoryLensError('INVALID_ARGUMENT', { messageId: 'errors:get.lines' });
  const { path: clean, abs } = await resolveMemoryPath(scope, relPath, 'get');
  try {
    // Streamed: three lines of a 50 MB file cost three lines of decoding, not the whole file.
    const range = await readLineRange(abs, from, lines);
    return { path: clean, text: range.text, from: range.from, lines: range.lines, totalLines: range.totalLines };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new MemoryLensError('NOT_FOUND', { messageId: 'errors:noSuchMemoryFile', params: { path: clean } });
    if (code === 'EISDIR')
      throw new MemoryLensError('NOT_ALLOWED', { messageId: 'errors:notAFile', params: { path: clean } });
    throw toFileSystemError(error, clean, 'read');
  }
}
