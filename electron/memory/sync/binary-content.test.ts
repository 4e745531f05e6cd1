// What counts as text: valid UTF-8 whatever characters it holds; binary only for NUL bytes or
// bytes that do not decode (issue 34). The fixture is a 153-message transcript whose messages
// quote GBK file names shown as U+FFFD — valid UTF-8 that the old rule called binary.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { binaryContentReason } from './binary-content.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'fffd-transcript.jsonl');

describe('binaryContentReason', () => {
  it('calls a valid UTF-8 transcript full of U+FFFD text', () => {
    const bytes = fs.readFileSync(FIXTURE);
    const sample = new TextDecoder().decode(bytes.subarray(0, 64 * 1024), { stream: true });
    const replacements = [...sample].filter((c) => c === '\uFFFD').length;
    // The fixture is what the old rule refused: over a tenth of its first 64 KB is U+FFFD.
    expect(replacements / sample.length).toBeGreaterThan(0.1);
    expect(binaryContentReason(bytes)).toBeNull();
  });

  it('calls a sample cut inside a character text', () => {
    const text = Buffer.from('a'.repeat(64 * 1024 - 1) + '合同金额', 'utf8');
    expect(binaryContentReason(text)).toBeNull();
  });

  it('names the first NUL byte of binary content', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(binaryContentReason(png)?.message).toMatch(/^not text \(a NUL byte at offset 8\)/);
  });

  it('measures bytes that do not decode, counting only them and not real U+FFFD', () => {
    const noNul = Buffer.from(crypto.randomBytes(100_000).filter((b) => b !== 0));
    const reason = binaryContentReason(noNul)?.message;
    expect(reason).toMatch(
      /^not text \((\d+)% invalid UTF-8\) — [\d,]+ byte sequences in the first 64 KB do not decode/,
    );
    expect(Number(/\((\d+)%/.exec(reason!)![1])).toBeGreaterThan(10);
  });

  it('keeps legacy-encoded text with a few bad bytes readable', () => {
    const latin1 = Buffer.from('# Notes\n\nCaf\xe9 au lait with the harbour master.\n'.repeat(20), 'latin1');
    expect(binaryContentReason(latin1)).toBeNull();
  });

  it('counts invalid bytes beside real U+FFFD by the bytes alone', () => {
    // Half real replacement characters, then a run of lone continuation bytes: 0x80 × 40.
    const bytes = Buffer.concat([Buffer.from('\uFFFD'.repeat(60) + 'ok ', 'utf8'), Buffer.alloc(40, 0x80)]);
    expect(binaryContentReason(bytes)?.message).toMatch(
      /^not text \(39% invalid UTF-8\) — 40 byte sequences in 223 bytes/,
    );
  });
});
