// MCP over stdio, one JSON-RPC message a line, for a server that must outlive a bad client. The
// SDK's StdioServerTransport stops reading after one line over its buffer limit and drops lines it
// cannot parse without a word; here an oversized line is skipped (never held whole in memory) and
// answered with a typed error, a line that is not JSON gets -32700, one that is not JSON-RPC gets
// -32600, and the end of stdin closes the transport (the client went away).
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { messageOf } from '../../shared/errors.js';
import type { Log } from '../../shared/log-line.js';

/** The SDK's own limit for one message: a memory tool call is a few hundred bytes. */
export const MCP_MAX_LINE_BYTES = 10 * 1024 * 1024;

/** Bytes kept from each end of a skipped line, to find its request id. */
const ID_PEEK_BYTES = 512;

type RpcId = string | number | null;

export interface McpLineTransportOptions {
  maxLineBytes?: number;
  /** Skipped lines, by id for stderr (the client gets the error reply). */
  log?: Log;
}

export class McpLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly maxLineBytes: number;
  private parts: Buffer[] = [];
  private size = 0;
  /** Set while skipping the rest of an oversized line: its first and last bytes. */
  private skipped: { head: Buffer; tail: Buffer; bytes: number } | null = null;
  private closed = false;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly options: McpLineTransportOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? MCP_MAX_LINE_BYTES;
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('close', this.onEnd);
    this.stdin.on('error', this.onStreamError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('close', this.onEnd);
    this.stdin.off('error', this.onStreamError);
    this.stdin.pause();
    this.parts = [];
    this.skipped = null;
    this.onclose?.();
  }

  private readonly onEnd = (): void => void this.close();

  private readonly onStreamError = (error: Error): void => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    while (start <= bytes.length && !this.closed) {
      const newline = bytes.indexOf(0x0a, start);
      this.take(bytes.subarray(start, newline === -1 ? bytes.length : newline));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  };

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.skipped) {
      this.skipped.bytes += piece.length;
      this.skipped.tail = lastBytes([this.skipped.tail, piece]);
      return;
    }
    if (this.size + piece.length <= this.maxLineBytes) {
      this.parts.push(piece);
      this.size += piece.length;
      return;
    }
    const all = [...this.parts, piece];
    this.skipped = {
      head: Buffer.from(Buffer.concat(all).subarray(0, ID_PEEK_BYTES)),
      tail: lastBytes(all),
      bytes: this.size + piece.length,
    };
    this.parts = [];
    this.size = 0;
  }

  private endLine(): void {
    const skipped = this.skipped;
    if (skipped) {
      this.skipped = null;
      const id = sniffId(skipped.head.toString('utf8'), skipped.tail.toString('utf8'));
      const limitMb = Math.round(this.maxLineBytes / (1024 * 1024));
      this.options.log?.({
        messageId: 'log:mcp.skipped',
        params: { bytes: skipped.bytes, limit: this.maxLineBytes, id: JSON.stringify(id) },
      });
      void this.replyError(
        id,
        -32600,
        `Message larger than ${limitMb} MB (${skipped.bytes} bytes); it was skipped. Send a smaller request.`,
        {
          code: 'MESSAGE_TOO_LARGE',
          limitBytes: this.maxLineBytes,
        },
      );
      return;
    }
    const text = Buffer.concat(this.parts, this.size).toString('utf8').replace(/\r$/, '');
    this.parts = [];
    this.size = 0;
    if (text.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      void this.replyError(null, -32700, `Parse error: the line is not valid JSON (${messageOf(error)}).`, {
        code: 'PARSE_ERROR',
      });
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      void this.replyError(
        idOf(json),
        -32600,
        'Invalid Request: not a JSON-RPC 2.0 request, notification or response.',
        { code: 'INVALID_REQUEST' },
      );
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private replyError(id: RpcId, code: number, message: string, data: Record<string, unknown>): Promise<void> {
    // JSON-RPC answers an unidentifiable request with id null; the SDK's message type has no such id.
    return this.write({ jsonrpc: '2.0', id, error: { code, message, data } });
  }

  private write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', () => resolve());
    });
  }
}

function lastBytes(parts: Buffer[]): Buffer {
  const all = Buffer.concat(parts.length > 2 ? parts.slice(-2) : parts);
  return all.length > ID_PEEK_BYTES ? Buffer.from(all.subarray(all.length - ID_PEEK_BYTES)) : all;
}

function idOf(json: unknown): RpcId {
  const id = (json as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

const ID_VALUE = String.raw`(-?\d+|"(?:[^"\\]|\\.){0,200}")`;
/** `…,"id":7}` closing the line (the SDK client puts id last) or `{"jsonrpc":"2.0","id":7,…` opening it. */
const TAIL_ID = new RegExp(String.raw`[,{]\s*"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);
const HEAD_ID = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID_VALUE}`);

/** The id of a request too large to parse, from its first and last bytes; null when not found. */
export function sniffId(head: string, tail: string): RpcId {
  const found = TAIL_ID.exec(tail.replace(/\r$/, '')) ?? HEAD_ID.exec(head);
  if (!found?.[1]) return null;
  try {
    return JSON.parse(found[1]) as string | number;
  } catch {
    return null;
  }
}
