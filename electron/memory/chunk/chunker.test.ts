import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSessionJsonl } from '../parse/session-jsonl.js';
import { chunkLines, chunkMarkdown, chunkSession, estimateTokens } from './chunker.js';

/** Deterministic PRNG so a failing case can be reproduced from its seed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = [
  'memory',
  'search',
  'the',
  'index',
  'embedding',
  '合同',
  '金额',
  '记忆',
  '检索',
  '会议',
  '12,345',
  '#',
  '-',
  'TypeScript',
  '',
];

function randomLine(next: () => number): string {
  const kind = next();
  if (kind < 0.1) return '';
  if (kind < 0.2) return `## ${WORDS[Math.floor(next() * WORDS.length)]} heading`;
  if (kind < 0.25) return '记'.repeat(Math.floor(next() * 1200)); // over-long CJK line
  if (kind < 0.3) return 'x'.repeat(Math.floor(next() * 5000)); // over-long Latin line without spaces
  const count = Math.floor(next() * 60);
  return Array.from({ length: count }, () => WORDS[Math.floor(next() * WORDS.length)]).join(next() < 0.5 ? ' ' : '');
}

describe('estimateTokens', () => {
  it('counts ~4 Latin characters per token and one per CJK character', () => {
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
    expect(estimateTokens('合同金额')).toBe(4);
    expect(estimateTokens('')).toBe(0);
  });
});

describe('chunkLines', () => {
  it('never exceeds the token limit and never loses text (random mixed text)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = rng(seed);
      const tokens = [50, 100, 400][seed % 3]!;
      const overlap = [0, 10, 80][seed % 3]!;
      const lines = Array.from({ length: 20 + Math.floor(next() * 150) }, (_, i) => ({
        text: randomLine(next),
        line: i + 1,
      }));
      const chunks = chunkLines(lines, { tokens, overlap });
      for (const chunk of chunks) {
        expect(estimateTokens(chunk.text), `seed ${seed}`).toBeLessThanOrEqual(tokens);
        expect(chunk.startLine).toBeLessThanOrEqual(chunk.endLine);
        expect(chunk.hash).toBe(createHash('sha256').update(chunk.text).digest('hex'));
      }
      // Every non-blank line's text appears in some chunk that cites its line.
      for (const line of lines) {
        if (line.text.trim() === '') continue;
        const covering = chunks.filter((c) => c.startLine <= line.line && line.line <= c.endLine);
        expect(covering.length, `seed ${seed} line ${line.line}`).toBeGreaterThan(0);
        const joined = covering.map((c) => c.text).join('');
        const sample = line.text.slice(0, 20);
        expect(joined.includes(sample), `seed ${seed} line ${line.line}`).toBe(true);
      }
      // Chunks advance: start and end lines never go backwards.
      for (let i = 1; i < chunks.length; i++) {
        expect(chunks[i]!.endLine).toBeGreaterThanOrEqual(chunks[i - 1]!.endLine);
        expect(chunks[i]!.startLine).toBeGreaterThanOrEqual(chunks[i - 1]!.startLine);
      }
    }
  });

  it('cuts an over-long line into pieces that keep its line number', () => {
    const chunks = chunkLines(
      [
        { text: 'short', line: 1 },
        { text: '字'.repeat(250), line: 2 },
      ],
      { tokens: 100, overlap: 0 },
    );
    const pieces = chunks.filter((c) => c.startLine === 2 && c.endLine === 2);
    expect(pieces.length).toBe(3);
    expect(pieces.map((c) => c.text).join('')).toBe('字'.repeat(250));
  });

  it('keeps a heading with the content that follows it', () => {
    // 9 filler lines + the heading fit in 120 tokens; the paragraph after the heading does not.
    const filler = Array.from({ length: 9 }, (_, i) => ({ text: `line ${i} ${'word '.repeat(8)}`, line: i + 1 }));
    const lines = [
      ...filler,
      { text: '## Decisions', line: 10 },
      { text: 'We chose SQLite for the index because it is embedded.', line: 11 },
    ];
    expect(
      estimateTokens(
        lines
          .slice(0, 10)
          .map((l) => l.text)
          .join('\n'),
      ),
    ).toBeLessThanOrEqual(120);
    const chunks = chunkLines(lines, { tokens: 120, overlap: 0 });
    expect(chunks.length).toBe(2);
    expect(chunks[0]!.endLine).toBe(9);
    expect(chunks[0]!.text).not.toContain('## Decisions');
    expect(chunks[1]!.startLine).toBe(10);
    expect(chunks[1]!.text).toBe('## Decisions\nWe chose SQLite for the index because it is embedded.');
  });

  it('carries trailing lines worth at most the overlap into the next chunk', () => {
    const lines = Array.from({ length: 30 }, (_, i) => ({
      text: `line ${String(i + 1).padStart(2, '0')} ${'abcd '.repeat(5)}`,
      line: i + 1,
    }));
    const chunks = chunkLines(lines, { tokens: 50, overlap: 10 });
    expect(chunks.length).toBeGreaterThan(2);
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1]!;
      const shared = previous.endLine - chunks[i]!.startLine + 1;
      expect(shared).toBeGreaterThanOrEqual(0);
      if (shared > 0) {
        const overlapText = previous.text.split('\n').slice(-shared).join('\n');
        expect(estimateTokens(overlapText)).toBeLessThanOrEqual(10);
        expect(chunks[i]!.text.startsWith(overlapText)).toBe(true);
      }
    }
    expect(chunks.some((c, i) => i > 0 && c.startLine <= chunks[i - 1]!.endLine)).toBe(true);
  });

  it('uses 400/80 by default', () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({ text: `${'token '.repeat(10)}${i}`, line: i + 1 }));
    const chunks = chunkLines(lines);
    expect(Math.max(...chunks.map((c) => estimateTokens(c.text)))).toBeLessThanOrEqual(400);
    expect(Math.max(...chunks.map((c) => estimateTokens(c.text)))).toBeGreaterThan(300);
  });
});

describe('chunkMarkdown', () => {
  it('excludes frontmatter from chunk text but keeps the file line numbers', () => {
    const text = '---\ncreated: 2026-03-28\nchecksum: abc\n---\n# Finance\n\n合同金额是12,345万元\n';
    const chunks = chunkMarkdown(text);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.text).toBe('# Finance\n\n合同金额是12,345万元');
    expect(chunks[0]!.startLine).toBe(5);
    expect(chunks[0]!.endLine).toBe(7);
    expect(chunks[0]!.text).not.toContain('created');
  });

  it('strips CR from CRLF files and a BOM from the first line', () => {
    const chunks = chunkMarkdown('\uFEFF# Title\r\nbody\r\n');
    expect(chunks[0]).toMatchObject({ text: '# Title\nbody', startLine: 1, endLine: 2 });
  });

  it('returns no chunks for an empty or blank file', () => {
    expect(chunkMarkdown('')).toEqual([]);
    expect(chunkMarkdown('\n\n  \n')).toEqual([]);
  });
});

describe('chunkSession', () => {
  it('cites JSONL line numbers', () => {
    const parsed = parseSessionJsonl(
      [
        '{"type":"session","timestamp":"2026-03-30T09:41:02.118Z"}',
        '{"type":"message","message":{"role":"user","content":"合同金额是多少"}}',
        'garbage',
        '{"type":"message","message":{"role":"assistant","content":"12,345万元"}}',
      ].join('\n'),
    );
    const chunks = chunkSession(parsed);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ startLine: 2, endLine: 4, text: 'User: 合同金额是多少\nAssistant: 12,345万元' });
  });
});

describe('chunkSession times', () => {
  it('records when each chunk’s first and last messages were written', () => {
    const parsed = {
      lines: ['User: a', 'Assistant: b', 'User: c'],
      lineMap: [2, 3, 5],
      messages: [
        { line: 2, role: 'user' as const, text: 'a', timestamp: '2026-11-05T01:00:00.000Z' },
        { line: 3, role: 'assistant' as const, text: 'b', timestamp: null },
        { line: 5, role: 'user' as const, text: 'c', timestamp: '2026-11-05T03:00:00.000Z' },
      ],
    };
    const [chunk] = chunkSession(parsed);
    expect(chunk).toMatchObject({
      startLine: 2,
      endLine: 5,
      firstMs: Date.parse('2026-11-05T01:00:00Z'),
      lastMs: Date.parse('2026-11-05T03:00:00Z'),
    });
    expect(chunkSession({ lines: parsed.lines, lineMap: parsed.lineMap })[0]!.firstMs).toBeUndefined();
  });
});
