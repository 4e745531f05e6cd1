// A 50 MB Markdown file and a transcript with a 10 MB line, through the real CLI and serve mode.
// Before: 43,351 chunks and 1.3 GB while indexing, 53 MB sent to the editor, `get --lines 3` in
// 8 s. Now: size limits with the reason in the file list, bounded memory, the editor gets a
// window it can page through, and memory_get streams.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  maxRssMb,
  printMaxRss,
  runMemlens,
  startServeChild,
  tempWorkspace,
  type ServeChild,
  type TempDirs,
} from './support/fault-kit.js';

let dir: TempDirs;
const HUGE = 'memory/huge-log.md';
const SESSION = 'sessions/long-paste.jsonl';
const LINE = (i: number) => `Line ${i}: the router rebooted again and the log kept growing without end.`;

beforeAll(() => {
  dir = tempWorkspace('huge', { 'MEMORY.md': '# Memory\n\nKeep the logs elsewhere.\n' });
  // 50 MB of numbered lines, written in 1 MB pieces.
  fs.mkdirSync(path.join(dir.workspace, 'memory'), { recursive: true });
  const fd = fs.openSync(path.join(dir.workspace, HUGE), 'w');
  let line = 1;
  let written = 0;
  while (written < 50 * 1024 * 1024) {
    const piece: string[] = [];
    for (let size = 0; size < 1024 * 1024; line++) {
      const text = LINE(line);
      piece.push(text);
      size += text.length + 1;
    }
    const bytes = `${piece.join('\n')}\n`;
    fs.writeSync(fd, bytes);
    written += bytes.length;
  }
  fs.closeSync(fd);
  // One user message of 10 MB on one JSONL line, between two ordinary ones.
  dir.write(
    SESSION,
    [
      JSON.stringify({ type: 'session', id: 's', timestamp: '2026-05-04T09:00:00Z' }),
      JSON.stringify({
        type: 'message',
        timestamp: '2026-05-04T09:00:01Z',
        message: { role: 'user', content: `Here is the whole dump: pelican ${'dump '.repeat(2 * 1024 * 1024)}` },
      }),
      JSON.stringify({
        type: 'message',
        timestamp: '2026-05-04T09:00:02Z',
        message: { role: 'assistant', content: 'That dump mentions a cormorant once.' },
      }),
    ].join('\n'),
  );
}, 60_000);

afterAll(() => dir?.cleanup());

describe('huge files', () => {
  it('indexing a 50 MB Markdown file and a 10 MB JSONL line stays within bounded memory; the big file is skipped with the reason', async () => {
    const indexed = await runMemlens(['index', '--json', '--workspace', dir.workspace, '--data-dir', dir.dataDir], {
      home: dir.root,
      preload: printMaxRss,
    });
    expect(indexed.code).toBe(0);
    const report = JSON.parse(indexed.output.slice(0, indexed.output.lastIndexOf('}') + 1)) as {
      filesScanned: number;
      filesIndexed: number;
      filesSkipped: number;
      filesFailed: number;
    };
    expect(report).toMatchObject({ filesScanned: 3, filesIndexed: 2, filesSkipped: 1, filesFailed: 0 });
    // Before: 1.3 GB. The 10 MB line is parsed once; its message is cut to 100,000 characters.
    expect(maxRssMb(indexed.output)).toBeLessThan(400);
  });

  it('memory_get of 3 lines of the 50 MB file reads only what it needs', async () => {
    const started = Date.now();
    const got = await runMemlens(
      ['get', HUGE, '--from', '2', '--lines', '3', '--workspace', dir.workspace, '--data-dir', dir.dataDir],
      { home: dir.root, preload: printMaxRss },
    );
    expect(got.code).toBe(0);
    expect(got.output.split('\n').slice(0, 3)).toEqual([LINE(2), LINE(3), LINE(4)]);
    expect(maxRssMb(got.output)).toBeLessThan(200);
    // Generous: catches reading and splitting the whole file (8 s before), not a slow machine.
    expect(Date.now() - started).toBeLessThan(6000);
  });

  describe('through serve mode', () => {
    let serve: ServeChild;
    beforeAll(async () => {
      serve = await startServeChild(dir);
    }, 60_000);
    afterAll(async () => {
      serve?.kill('SIGKILL');
      await serve?.exited();
    });

    it('the file list says why the big file is not indexed', async () => {
      const listed = await serve.call<{ path: string; indexState: string; indexError?: string }[]>('listFiles');
      expect(listed.result!.find((f) => f.path === HUGE)).toMatchObject({
        indexState: 'skipped',
        indexError: expect.stringMatching(
          /^too large to index \(50 MB; Markdown files over 5\.0 MB are not indexed\)$/,
        ),
      });
    });

    it('the editor gets a read-only window of whole, numbered lines, not 50 MB, and can page on', async () => {
      type Content = {
        text: string;
        readOnly: string;
        size: number;
        window: {
          startByte: number;
          endByte: number;
          startLine: number;
          endLine: number;
          totalLines: number;
          totalBytes: number;
        };
      };
      const first = await serve.call<Content>('readFile', { path: HUGE });
      const content = first.result!;
      expect(content.readOnly).toBe('too-large');
      expect(content.size).toBeGreaterThan(50 * 1024 * 1024);
      expect(Buffer.byteLength(content.text)).toBeLessThanOrEqual(512 * 1024);
      expect(content.window).toMatchObject({ startByte: 0, startLine: 1, totalBytes: content.size });
      expect(content.text.split('\n')[0]).toBe(LINE(1));
      expect(content.text.split('\n')[content.window.endLine - 1]).toBe(LINE(content.window.endLine));

      const next = (await serve.call<Content>('readFile', { path: HUGE, offset: content.window.endByte })).result!;
      expect(next.window.startLine).toBe(content.window.endLine + 1);
      expect(next.text.split('\n')[0]).toBe(LINE(next.window.startLine));

      const near = (await serve.call<Content>('readFile', { path: HUGE, offset: content.size - 100 })).result!;
      expect(near.window.endByte).toBe(content.size);
      expect(near.window.endLine).toBe(near.window.totalLines);
    });

    it('the 10 MB message shows its start with its full length, and both messages are searchable', async () => {
      const transcript = await serve.call<{ messages: { line: number; text: string; truncatedFrom?: number }[] }>(
        'readTranscript',
        { path: SESSION },
      );
      const [pasted, answer] = transcript.result!.messages;
      expect(pasted!.text.length).toBe(100_000);
      expect(pasted!.truncatedFrom).toBeGreaterThan(10_000_000);
      expect(answer).toMatchObject({ line: 3, text: 'That dump mentions a cormorant once.' });
      const pelican = await serve.call<{ results: { path: string; startLine: number }[] }>('search', {
        query: 'pelican',
        minScore: 0,
      });
      expect(pelican.result!.results[0]).toMatchObject({ path: SESSION, startLine: 2 });
      const cormorant = await serve.call<{ results: { path: string; startLine: number; endLine: number }[] }>(
        'search',
        { query: 'cormorant', minScore: 0 },
      );
      const hit = cormorant.result!.results[0]!;
      expect([hit.path, hit.startLine <= 3 && hit.endLine >= 3]).toEqual([SESSION, true]);
    });
  });
});
