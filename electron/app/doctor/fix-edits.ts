// The edits fixes are made of, and the one pure function that applies them to a file's text.
// Line endings and a final line break are kept as the file had them.
import path from 'node:path';
import type { FixEdit } from '../../../shared/doctor-schemas.js';
import type { DoctorFile } from './doctor-input.js';

export function removeLines(file: DoctorFile, startLine: number, endLine = startLine): FixEdit {
  return { path: file.path, expectedHash: file.hash, startLine, endLine, lines: [] };
}

export function replaceLines(file: DoctorFile, startLine: number, endLine: number, lines: string[]): FixEdit {
  return { path: file.path, expectedHash: file.hash, startLine, endLine, lines };
}

export function deleteFileEdit(file: DoctorFile): FixEdit {
  return { path: file.path, expectedHash: file.hash, startLine: 1, endLine: 0, lines: [], deleteFile: true };
}

const LIST_PREFIX = /^(\s*(?:[-*+]|\d+[.)])\s+)?(.*?)\s*$/;

/** `- Gateway port: 18789` → `- ~~Gateway port: 18789~~ (superseded 2026-05-10)`. */
export function supersededLine(text: string, date: string | null): string {
  const [, prefix = '', rest = ''] = LIST_PREFIX.exec(text) ?? [];
  return `${prefix}~~${rest}~~ (superseded${date ? ` ${date}` : ''})`;
}

/** A Markdown link from one memory file to another, relative as the editor and the agent read it. */
export function linkLine(fromPath: string, toPath: string, title: string): string {
  const rel = path.posix.relative(path.posix.dirname(fromPath), toPath);
  return `- See [${title}](${rel.startsWith('.') ? rel : `./${rel}`}) (duplicate removed by the doctor)`;
}

/** The text after `edits` (all on this file, non-overlapping), applied bottom-up so line numbers hold. */
export function applyEdits(text: string, edits: readonly FixEdit[]): string {
  const eol = /\r\n/.test(text) ? '\r\n' : '\n';
  const endsWithBreak = /\r?\n$/.test(text);
  const lines = text.split(/\r\n|\r|\n/);
  if (endsWithBreak) lines.pop();
  const sorted = [...edits].sort((a, b) => b.startLine - a.startLine);
  for (const edit of sorted) {
    if (edit.startLine < 1 || edit.endLine > lines.length || edit.endLine < edit.startLine - 1)
      throw new RangeError(`lines ${edit.startLine}–${edit.endLine} are outside ${edit.path} (${lines.length} lines)`);
    lines.splice(edit.startLine - 1, edit.endLine - edit.startLine + 1, ...edit.lines);
  }
  const out = lines.join(eol);
  return endsWithBreak && out !== '' ? out + eol : out;
}
