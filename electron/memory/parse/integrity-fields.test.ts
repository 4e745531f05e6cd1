import { describe, expect, it } from 'vitest';
import { sha256 } from '../text/hash.js';
import { parseFrontmatter } from './frontmatter.js';
import { refreshIntegrityFields, timestampLike } from './integrity-fields.js';

// 2026-11-06T02:00:00Z = 10:00 in +08:00.
const NOW = new Date(Date.UTC(2026, 10, 6, 2, 0, 0, 123));

function fileWith(frontmatter: string, body: string, eol = '\n'): string {
  return ['---', ...frontmatter.split('\n'), '---', ''].join(eol) + body;
}

/** Byte positions where two strings differ, as the lines that differ. */
function changedLines(a: string, b: string): string[] {
  const left = a.split('\n');
  const right = b.split('\n');
  expect(right.length).toBe(left.length);
  return right.filter((line, i) => line !== left[i]);
}

describe('refreshIntegrityFields', () => {
  it('sets checksum to the sha256 of the body and updated to now in the same style; every other byte stays', () => {
    const body = '# 用户档案\n\nLikes tea, not coffee.\n';
    const before = fileWith(
      'created: 2026-06-02T09:00:00+08:00\nupdated: 2026-09-29T20:10:00+08:00\ntype: fact\ntags:\n  - profile   # keep me\nchecksum: 7f8b63af7869ae41fe19a3284350768a76ec6109c94eb12c9d9ac598cc0280db',
      body,
    );
    const { text, applied } = refreshIntegrityFields(before, NOW);
    expect(applied).toBe(true);
    expect(changedLines(before, text)).toEqual(['updated: 2026-11-06T10:00:00+08:00', `checksum: ${sha256(body)}`]);
    expect(parseFrontmatter(text).checksum).toMatchObject({ ok: true });
  });

  it('keeps quotes, a sha256: prefix, a comment and CRLF line endings', () => {
    const body = 'line one\r\nline two\r\n';
    const before = fileWith('updated: \'2026-09-29\'\nchecksum: "sha256:abc"   # integrity', body, '\r\n');
    const { text } = refreshIntegrityFields(before, NOW);
    expect(text.split('\r\n').slice(1, 3)).toEqual([
      "updated: '2026-11-06'",
      `checksum: "sha256:${sha256(body)}"   # integrity`,
    ]);
    expect(text.endsWith(body)).toBe(true);
    expect(parseFrontmatter(text).checksum).toMatchObject({ ok: true });
  });

  it('leaves a file without a checksum field exactly as it is, updated included', () => {
    const before = fileWith('updated: 2026-09-29T20:10:00+08:00\ntype: fact', 'body\n');
    expect(refreshIntegrityFields(before, NOW)).toEqual({ text: before, applied: false });
    expect(refreshIntegrityFields('# no frontmatter\n', NOW)).toEqual({ text: '# no frontmatter\n', applied: false });
  });

  it('does not touch indented keys or block scalars it cannot rewrite in place', () => {
    const before = fileWith('notes: |\n  checksum: inside a block\nchecksum: >\n  folded', 'body\n');
    const { text } = refreshIntegrityFields(before, NOW);
    expect(text).toBe(before);
  });
});

describe('timestampLike', () => {
  it.each([
    ['2026-09-29T20:10:00+08:00', '2026-11-06T10:00:00+08:00'],
    ['2026-09-29T20:10+08:00', '2026-11-06T10:00+08:00'],
    ['2026-09-29T20:10:00.5-0500', '2026-11-05T21:00:00.1-0500'],
    ['2026-09-29T12:10:00Z', '2026-11-06T02:00:00Z'],
    ['2026-09-29T12:10:00.000Z', '2026-11-06T02:00:00.123Z'],
  ])('writes now like %s', (old, expected) => {
    expect(timestampLike(old, NOW)).toBe(expected);
  });

  it('keeps a date a date, and gives a timestamp with this machine’s offset when the old value is not ISO', () => {
    expect(timestampLike('2026-09-29', NOW)).toMatch(/^2026-11-0[56]$/);
    expect(timestampLike('last tuesday', NOW)).toMatch(/^2026-11-0[56]T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });
});
