// The line framing of `memlens mcp` on real streams: an oversized line arriving in many pieces is
// skipped and answered by id while the lines around it go through; ids are read from either end.
import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { McpLineTransport, sniffId } from './mcp-line-transport.js';

describe('McpLineTransport', () => {
  it('skips an oversized line fed in pieces, answers it by id, and delivers the lines around it', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const replies: unknown[] = [];
    stdout.on('data', (chunk: Buffer) =>
      replies.push(
        ...chunk
          .toString()
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as unknown),
      ),
    );
    const transport = new McpLineTransport(stdin, stdout, { maxLineBytes: 1024 });
    const messages: JSONRPCMessage[] = [];
    transport.onmessage = (m) => messages.push(m);
    let closed = false;
    transport.onclose = () => (closed = true);
    await transport.start();
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"method":"tools/call","params":{"q":"');
    for (let i = 0; i < 40; i++) stdin.write('x'.repeat(100));
    stdin.write('"},"jsonrpc":"2.0","id":"big-7"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    stdin.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(messages.map((m) => (m as { id: unknown }).id)).toEqual([1, 2]);
    expect(replies).toEqual([
      {
        jsonrpc: '2.0',
        id: 'big-7',
        error: expect.objectContaining({ code: -32600, data: { code: 'MESSAGE_TOO_LARGE', limitBytes: 1024 } }),
      },
    ]);
    expect(closed).toBe(true);
  });

  it('reads a request id from the end (SDK clients put it last) or the start, else null', () => {
    expect(sniffId('{"method":"x","params":{"id":3', ',"params":{"id":3}},"jsonrpc":"2.0","id":42}')).toBe(42);
    expect(sniffId('{"jsonrpc":"2.0","id":"a\\"b","method":"x","params":{"q":"', 'qqqq"}}')).toBe('a"b');
    expect(sniffId('{"method":"x","params":{"q":"', 'qqq","nested":{"id":5}}}')).toBeNull();
  });
});
