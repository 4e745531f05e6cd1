import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileWindow } from './file-window.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-window-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const abs = path.join(dir, name);
  fs.writeFileSync(abs, content);
  return abs;
}

const lines = Array.from({ length: 1000 }, (_, i) => `line ${i + 1} ${'x'.repeat(i % 37)}`);
const text = `${lines.join('\n')}\n`;

describe('readFileWindow', () => {
  it('gives whole lines with their numbers, the hash of the whole file, and pages on from endByte', async () => {
    const abs = file('lines.md', text);
    const first = await readFileWindow(abs, 0, { windowBytes: 4096 });
    expect(first.hash).toBe(crypto.createHash('sha256').update(text).digest('hex'));
    expect(first.window).toMatchObject({
      startByte: 0,
      startLine: 1,
      totalBytes: Buffer.byteLength(text),
      totalLines: 1000,
    });
    expect(first.text.endsWith('\n')).toBe(true);
    expect(first.text.split('\n').slice(0, -1)).toEqual(lines.slice(0, first.window.endLine));
    expect(Buffer.byteLength(first.text)).toBeLessThanOrEqual(4096);

    const second = await readFileWindow(abs, first.window.endByte, { windowBytes: 4096 });
    expect(second.window.startLine).toBe(first.window.endLine + 1);
    expect(second.text.split('\n')[0]).toBe(lines[first.window.endLine]);

    // Any offset is moved forward to the next line start.
    const middle = await readFileWindow(abs, first.window.endByte - 3, { windowBytes: 4096 });
    expect(middle.window.startByte).toBe(first.window.endByte);
  });

  it('reaches the end: the last window ends at the file size and line count', async () => {
    const abs = file('end.md', text);
    let offset = 0;
    let last = await readFileWindow(abs, offset, { windowBytes: 8192 });
    const seen: string[] = [];
    for (let guard = 0; guard < 100; guard++) {
      seen.push(...last.text.split('\n').slice(0, -1));
      if (last.window.endByte >= last.window.totalBytes) break;
      offset = last.window.endByte;
      last = await readFileWindow(abs, offset, { windowBytes: 8192 });
    }
    expect(seen).toEqual(lines);
    expect(last.window.endLine).toBe(1000);
  });

  it('pages backward: the window before one ends exactly where that one starts', async () => {
    const abs = file('back.md', text);
    const first = await readFileWindow(abs, 0, { windowBytes: 4096 });
    const second = await readFileWindow(abs, first.window.endByte, { windowBytes: 4096 });
    const third = await readFileWindow(abs, second.window.endByte, { windowBytes: 4096 });
    const back = await readFileWindow(abs, third.window.startByte, { windowBytes: 4096, backward: true });
    expect(back.window.endByte).toBe(third.window.startByte);
    expect(back.window.endLine).toBe(third.window.startLine - 1);
    expect(back.text.split('\n').at(-2)).toBe(lines[third.window.startLine - 2]);
    const top = await readFileWindow(abs, second.window.startByte, { windowBytes: 1 << 20, backward: true });
    expect(top.window).toMatchObject({ startByte: 0, startLine: 1, endByte: second.window.startByte });
  });

  it('drops the BOM from the text but reports it, and counts a last line without a newline', async () => {
    const abs = file('bom.md', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a\r\nb\r\nc')]));
    const window = await readFileWindow(abs, 0, { windowBytes: 4096 });
    expect(window).toMatchObject({ text: 'a\r\nb\r\nc', bom: true, eol: 'crlf' });
    expect(window.window).toMatchObject({ startLine: 1, endLine: 3, totalLines: 3 });
  });

  it('cuts a line longer than the window at a character boundary, never inside a character', async () => {
    const abs = file('long-line.md', `${'合'.repeat(3000)}\nafter\n`);
    const window = await readFileWindow(abs, 0, { windowBytes: 1000 });
    expect(window.text).toBe('合'.repeat(333));
    expect(window.window).toMatchObject({ startByte: 0, endByte: 999, startLine: 1, endLine: 1 });
  });
});
