// File-system errors inside a sentence, in each language: each errno the app words, from a real
// failed call where this machine can make one, else from libuv's own text for the code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getSystemErrorMap } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { localText, said, translator } from '../../../shared/i18n.js';
import { SYSTEM_ERROR_CODES } from '../../../shared/system-errors.js';

let tmp: string;
const zh = translator('zh-CN');
const en = translator('en');

/** Node's message for a call that failed: thrown by the call itself, or libuv's words for the code. */
function nodeMessage(code: string, call: () => unknown, at: string): string {
  try {
    call();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === code) return (error as Error).message;
  }
  const [, words] = [...getSystemErrorMap().values()].find(([name]) => name === code)!;
  return `${code}: ${words}, open '${at}'`;
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-syserr-'));
  fs.writeFileSync(path.join(tmp, 'file.md'), 'x');
  fs.mkdirSync(path.join(tmp, 'full', 'inner'), { recursive: true });
  fs.symlinkSync(path.join(tmp, 'loop-b'), path.join(tmp, 'loop-a'));
  fs.symlinkSync(path.join(tmp, 'loop-a'), path.join(tmp, 'loop-b'));
});

/** Each code with the call that fails with it here (a code root or this disk cannot produce uses libuv's words). */
const CALLS: Record<(typeof SYSTEM_ERROR_CODES)[number], (at: (name: string) => string) => () => unknown> = {
  ENOENT: (at) => () => fs.readFileSync(at('missing.md')),
  EACCES: () => () => undefined,
  EPERM: () => () => undefined,
  EISDIR: (at) => () => fs.openSync(at('full'), 'w'),
  ENOTDIR: (at) => () => fs.readFileSync(at('file.md/x.md')),
  ENOSPC: () => () => undefined,
  EROFS: () => () => undefined,
  EEXIST: (at) => () => fs.mkdirSync(at('full')),
  EMFILE: () => () => undefined,
  ENFILE: () => () => undefined,
  ELOOP: (at) => () => fs.readFileSync(at('loop-a')),
  ENAMETOOLONG: (at) => () => fs.readFileSync(at(`${'n'.repeat(300)}.md`)),
  ENOTEMPTY: (at) => () => fs.rmdirSync(at('full')),
  EBUSY: () => () => undefined,
  EIO: () => () => undefined,
  EXDEV: () => () => undefined,
};

describe('a file-system error inside a sentence, in each language', () => {
  it.each(SYSTEM_ERROR_CODES.map((code) => [code]))('%s', (code) => {
    const at = (name: string) => path.join(tmp, name);
    const message = nodeMessage(code, CALLS[code](at), at('memory/x.md'));
    expect(message.startsWith(`${code}: `), message).toBe(true);
    const reason = said('errors:indexing.couldNotRead', { error: message });
    const quoted = /'([^']*)'/.exec(message)?.[1];

    const chinese = localText(zh, reason);
    expect(chinese).toMatch(/^无法读取：/);
    expect(chinese).toContain(`（${code}）`);
    if (quoted !== undefined) expect(chinese).toContain(`${quoted}：`);
    // Nothing of Node's English is left: only the path and the code are in ASCII letters.
    expect(chinese.replace(quoted ?? '', '').replace(code, ''), chinese).not.toMatch(/[A-Za-z]{2,}/);
    expect(chinese).toContain(zh(`errors:system.code.${code}`));

    const english = localText(en, reason);
    expect(english).toBe(
      `could not read: ${quoted !== undefined ? `${quoted}: ` : ''}${en(`errors:system.code.${code}`)} (${code})`,
    );
    // An error shown without a message of ours (a plain message) is worded the same way.
    expect(localText(zh, { message })).toBe(chinese.slice('无法读取：'.length));
  });

  it('keeps a message it does not know as it is: an unknown code, SQLite, a parse error', () => {
    for (const message of [
      "ESTALE: stale file handle, open '/nfs/x.md'",
      'SQLITE_CORRUPT: database disk image is malformed',
      'Unexpected token } in JSON at position 3',
    ]) {
      expect(localText(zh, said('errors:indexing.couldNotRead', { error: message }))).toBe(`无法读取：${message}`);
      expect(localText(zh, { message })).toBe(message);
    }
  });
});
