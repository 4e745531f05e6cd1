// A symlink loop in the workspace through every call of the real `memlens serve` that takes a
// path, and MCP's tools (issue 29, hole 6). Before, each answered HTTP 500 INTERNAL with Node's raw
// `ELOOP: too many symbolic links encountered, realpath '<absolute path>'`; now a typed 4xx refusal
// in workspace-relative words, and the rest of the workspace keeps answering.
import fs from 'node:fs';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connectMcp, serveForFile, untilIndexed } from './support/fault-kit.js';

// Two links leading to each other, one leading to itself, and a folder link leading to itself.
const LOOPS: Record<string, string> = {
  'memory/loop-a.md': 'loop-b.md',
  'memory/loop-b.md': 'loop-a.md',
  'memory/self.md': 'self.md',
  'memory/ring': 'ring',
};
const LOOPED_PATHS = ['memory/loop-a.md', 'memory/self.md', 'memory/ring/inside.md'];

const ZERO = '0'.repeat(64);
const CALLS: [string, (p: string) => unknown][] = [
  ['readFile', (p) => ({ path: p })],
  ['get', (p) => ({ path: p })],
  ['saveFile', (p) => ({ path: p, text: 'x\n', expectedHash: ZERO })],
  ['saveFile', (p) => ({ path: p, text: 'x\n', expectedHash: null })],
  ['createFile', (p) => ({ path: p, text: 'x\n' })],
  ['acceptChecksum', (p) => ({ path: p, expectedHash: ZERO })],
  ['renameFile', (p) => ({ from: p, to: 'memory/moved.md', expectedHash: ZERO })],
  ['renameFile', (p) => ({ from: 'memory/notes.md', to: p, expectedHash: ZERO })],
  ['deleteFile', (p) => ({ path: p, expectedHash: ZERO })],
  ['findMatches', (p) => ({ path: p, startLine: 1, endLine: 3, terms: ['x'] })],
  ['fileAccess', (p) => ({ path: p })],
  ['explainFile', (p) => ({ path: p, options: { query: 'x' } })],
];

const fx = serveForFile(
  'symlink-loop',
  {
    'MEMORY.md': '# Memory\n\nThe lighthouse keeper likes tea.\n',
    'memory/notes.md': '# Notes\n\nA note about the harbour.\n',
  },
  {
    prepare: (dir) => {
      for (const [rel, target] of Object.entries(LOOPS)) fs.symlinkSync(target, path.join(dir.workspace, rel));
    },
    ready: (serve) => untilIndexed(serve, 0),
  },
);

describe('a symlink loop in the workspace', () => {
  it('every call that takes a path through it answers a typed 4xx without an absolute path', async () => {
    const wrong: string[] = [];
    for (const p of LOOPED_PATHS) {
      for (const [name, build] of CALLS) {
        const answer = await fx.serve.call(name, build(p));
        const label = `${name} ${JSON.stringify(build(p))}`;
        const body = JSON.stringify(answer);
        // fileAccess and explainFile read nothing of a file: they answer 200 for any path.
        const reads = !['fileAccess', 'explainFile'].includes(name);
        if (answer.status >= 500 || (reads && answer.status < 400))
          wrong.push(`${label}: HTTP ${answer.status} ${body}`);
        if (body.includes(fx.dir.root) || /realpath|ELOOP:/.test(answer.error?.message ?? ''))
          wrong.push(`${label}: raw message ${body}`);
      }
    }
    expect(wrong).toEqual([]);
    const read = await fx.serve.call('readFile', { path: 'memory/self.md' });
    expect(read.status).toBe(403);
    expect(read.error).toMatchObject({
      code: 'NOT_ALLOWED',
      message: 'Cannot open memory/self.md: it goes through a symlink loop (a link that leads back to itself).',
      details: { reason: 'symlink-loop', errno: 'ELOOP' },
    });
  });

  it('the rest of the workspace keeps answering: search, listFiles, status', async () => {
    const found = await fx.serve.call<{ results: { path: string }[] }>('search', { query: 'lighthouse', minScore: 0 });
    expect(found.status).toBe(200);
    expect(found.result!.results.map((r) => r.path)).toEqual(['MEMORY.md']);
    const listed = await fx.serve.call<{ path: string }[]>('listFiles');
    expect(listed.result!.map((f) => f.path).sort()).toEqual(['MEMORY.md', 'memory/notes.md']);
    expect(fs.readFileSync(path.join(fx.dir.workspace, 'memory', 'notes.md'), 'utf8')).toContain('harbour');
  });

  it('MCP memory_get through a loop is a tool error without an absolute path; memory_search answers', async () => {
    const client = await connectMcp(fx.dir, 'memlens-loop');
    try {
      for (const p of LOOPED_PATHS) {
        const result = (await client.callTool({ name: 'memory_get', arguments: { path: p } })) as CallToolResult;
        const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
        expect([p, result.isError, text.includes(fx.dir.root), /realpath|ELOOP:/.test(text)]).toEqual([
          p,
          true,
          false,
          false,
        ]);
      }
      const search = (await client.callTool({
        name: 'memory_search',
        arguments: { query: 'lighthouse' },
      })) as CallToolResult;
      expect(search.isError).not.toBe(true);
      expect(JSON.stringify(search.content)).toContain('MEMORY.md');
    } finally {
      await client.close();
    }
  });
});
