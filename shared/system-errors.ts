// Node's file-system messages ("ENOENT: no such file or directory, open '/home/…/x.md'") carried
// inside a sentence as `{{error, syserror}}`: a known errno is worded in each language with its path
// and code; any other text (an unknown code, SQLite's words, a parse error) is shown as it is.

/** The errno codes worded by `errors:system.code.*`; the others keep Node's message. */
export const SYSTEM_ERROR_CODES = [
  'ENOENT',
  'EACCES',
  'EPERM',
  'EISDIR',
  'ENOTDIR',
  'ENOSPC',
  'EROFS',
  'EEXIST',
  'EMFILE',
  'ENFILE',
  'ELOOP',
  'ENAMETOOLONG',
  'ENOTEMPTY',
  'EBUSY',
  'EIO',
  'EXDEV',
] as const;

/** `CODE: description[, syscall ['path'[ -> 'dest']]]`, as libuv words a failed call. */
const NODE_MESSAGE = /^(E[A-Z0-9]+): [^,\n]*(?:, \w+(?: '([^']*)'(?: -> '[^']*')?)?)?$/;

/** The parts of a file-system message this module words, or null when it is something else. */
export function readSystemError(text: string): { code: string; path?: string } | null {
  const match = NODE_MESSAGE.exec(text);
  if (!match || !(SYSTEM_ERROR_CODES as readonly string[]).includes(match[1]!)) return null;
  return match[2] !== undefined ? { code: match[1]!, path: match[2] } : { code: match[1]! };
}

/** `text` in a language: `word(key, params)` gives `errors:system.*`; an unknown text is returned unchanged. */
export function wordSystemError(text: string, word: (key: string, params?: Record<string, string>) => string): string {
  const error = readSystemError(text);
  if (!error) return text;
  const what = word(`code.${error.code}`);
  return error.path !== undefined
    ? word('atPath', { what, path: error.path, code: error.code })
    : word('plain', { what, code: error.code });
}
