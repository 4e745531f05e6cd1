import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLineRange } from './line-range.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-lines-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** memory_get's rules on a whole string: the reference the streamed reader must agree with. */
function reference(text: string, from?: number, lines?: number) {
  const all =
    text === ''
      ? []
      : text
          .replace(/^\uFEFF/, '')
          .replace(/\r?\n$/, '')
          .split(/\r?\n/);
  const totalLines = all.length;
  const start = Math.min(Math.max(1, Math.floor(from ?? 1)), Math.max(1, totalLines));
  const available = Math.max(0, totalLines - start + 1);
  const count = lines === undefined ? available : Math.min(Math.max(0, Math.floor(lines)), available);
  return { text: all.slice(start - 1, start - 1 + count).join('\n'), from: start, lines: count, totalLines };
}

describe('readLineRange', () => {
  const cases: [string, string][] = [
    ['empty', ''],
    ['one line, no newline', 'only'],
    ['trailing newline', 'a\nb\n'],
    ['blank lines', '\n\nx\n\n'],
    ['CRLF', 'a\r\nb\r\nc'],
    ['BOM', '\uFEFFfirst\nsecond\n'],
    ['CJK', '合同金额\n是12,345万元\n'],
  ];
  const ranges: [number | undefined, number | undefined][] = [
    [undefined, undefined],
    [1, 1],
    [2, 1],
    [2, 5],
    [3, undefined],
    [99, 2],
    [1, 0],
  ];

  for (const [label, text] of cases) {
    it(`agrees with memory_get's rules on ${label}`, async () => {
      const abs = path.join(dir, `${label.replace(/\W/g, '-')}.md`);
      fs.writeFileSync(abs, text);
      for (const [from, lines] of ranges) {
        expect([from, lines, await readLineRange(abs, from, lines)]).toEqual([
          from,
          lines,
          reference(text, from, lines),
        ]);
      }
    });
  }

  it('reads lines that straddle its read buffer (64 kB) intact', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => `${i}:${'y'.repeat(700 + (i % 13))}`);
    const abs = path.join(dir, 'wide.md');
    fs.writeFileSync(abs, lines.join('\n'));
    expect(await readLineRange(abs, 90, 3)).toEqual(reference(lines.join('\n'), 90, 3));
    expect(await readLineRange(abs, 1000, 1)).toEqual(reference(lines.join('\n'), 1000, 1));
  });
});
