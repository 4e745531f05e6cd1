import { describe, expect, it } from 'vitest';
import { chunkMarkdown } from '../chunk/chunker.js';
import type { DiscoveredFile } from '../workspace/discover.js';
import { prepareFile } from './prepare-file.js';

function discovered(path: string, text: string): DiscoveredFile {
  return {
    path,
    absPath: `/ws/${path}`,
    source: path.endsWith('.jsonl') ? 'sessions' : 'memory',
    size: Buffer.byteLength(text),
    mtimeMs: Date.UTC(2026, 0, 2),
  };
}

describe('prepareFile', () => {
  it('chunks Markdown exactly as chunkMarkdown does, frontmatter excluded', () => {
    const long = Array.from({ length: 300 }, (_, i) =>
      i % 4 === 0 ? `## Section ${i}` : `合同金额是${i}万元，line ${i} of text.`,
    ).join('\n');
    const texts = [
      '---\ncreated: 2026-05-04\ntags: [a]\n---\n# Title\n\nBody line.\n',
      '\uFEFF# BOM file\r\nwith CRLF\r\n',
      '---\nunclosed: true\n# heading\n',
      long,
      '',
    ];
    for (const text of texts) {
      expect(
        prepareFile(discovered('memory/x.md', text), Buffer.from(text, 'utf8'), { tokens: 60, overlap: 10 }).chunks,
      ).toEqual(chunkMarkdown(text.replace(/^\uFEFF/, ''), { tokens: 60, overlap: 10 }));
    }
  });

  it('classifies, titles and checks the checksum of a Markdown file', () => {
    const text =
      '---\ncreated: 2026-05-04\ntags: [work, 合同]\ntype: fact\nchecksum: sha256:0000\n---\n# Contract amounts\n\n合同金额是12,345万元。\n';
    const prepared = prepareFile(discovered('memory/facts/contract.md', text), Buffer.from(text));
    expect(prepared.file).toMatchObject({
      kind: 'evergreen',
      layer: 'facts',
      type: 'fact',
      tags: ['work', '合同'],
      checksum: { ok: false },
    });
    expect(prepared.title).toBe('Contract amounts');
    expect(prepared.chunks[0]).toMatchObject({ startLine: 7 });
  });

  it('turns a session into cited chunks and counts malformed lines', () => {
    const text = [
      JSON.stringify({ type: 'session', timestamp: '2026-05-04T09:00:00Z' }),
      'garbage',
      JSON.stringify({ type: 'message', message: { role: 'user', content: 'hello there' } }),
    ].join('\n');
    const prepared = prepareFile(discovered('sessions/a.jsonl', text), Buffer.from(text));
    expect(prepared.malformedLines).toBe(1);
    expect(prepared.file).toMatchObject({ kind: 'session', source: 'sessions', date: { source: 'first-record' } });
    expect(prepared.chunks).toEqual([expect.objectContaining({ startLine: 3, endLine: 3, text: 'User: hello there' })]);
  });
});
