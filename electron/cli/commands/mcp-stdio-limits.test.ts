// `memlens mcp` against a client that misbehaves, byte for byte on its real stdin: a line that is
// not JSON gets a -32700 reply, a line over 10 MB a typed error (and the next call is answered),
// `arguments: null` a tool error the model can read, and closing stdin ends the process — engine
// closed cleanly (no SQLite WAL left behind) — without a signal.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

let tmp: string;
let workspace: string;
let dataDir: string;
// The real launcher, compiled once for every test file by vitest's global setup (e2e/faults/support/build-cli.ts).
let launcher: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-mcp-limits-'));
  workspace = path.join(tmp, 'workspace');
  dataDir = path.join(tmp, 'data');
  fs.cpSync(path.join(repoRoot, 'resources', 'sample-workspace'), workspace, { recursive: true });
  launcher = inject('memlensBin');
}, 180_000);

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface RpcReply {
  jsonrpc: '2.0';
  id: number | string | null;
  result?: { isError?: boolean; content?: { type: string; text: string }[] };
  error?: { code: number; message: string; data?: { code?: string } };
}

/** The real process on raw pipes: we write exact bytes and read every reply line. */
function startMcp(): {
  child: ChildProcessWithoutNullStreams;
  replies: RpcReply[];
  stderr: () => string;
  next(id: number | null): Promise<RpcReply>;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, [launcher, 'mcp', '--workspace', workspace, '--data-dir', dataDir], {
    cwd: tmp,
    env: { ...process.env, HOME: tmp, MEMLENS_MODEL: '', MEMLENS_DATA_DIR: dataDir },
  });
  const replies: RpcReply[] = [];
  const waiters: { id: number | null; resolve(reply: RpcReply): void }[] = [];
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    let nl: number;
    while ((nl = stdout.indexOf('\n')) !== -1) {
      const reply = JSON.parse(stdout.slice(0, nl)) as RpcReply;
      stdout = stdout.slice(nl + 1);
      replies.push(reply);
      const at = waiters.findIndex((w) => w.id === reply.id);
      if (at !== -1) waiters.splice(at, 1)[0]!.resolve(reply);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    replies,
    stderr: () => stderr,
    next: (id) => {
      const seen = replies.find((r) => r.id === id);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ id, resolve });
        void exited.then(() => reject(new Error(`memlens mcp exited before answering ${id}:\n${stderr}`)));
      });
    },
    exited,
  };
}

const line = (message: unknown): string => `${JSON.stringify(message)}\n`;

async function initialize(mcp: ReturnType<typeof startMcp>): Promise<void> {
  mcp.child.stdin.write(
    line({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-pipe', version: '1' } },
    }),
  );
  expect((await mcp.next(1)).result).toBeDefined();
  mcp.child.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
}

describe('memlens mcp on raw stdio', () => {
  it('answers malformed, oversized and ill-typed calls with errors and keeps reading', async () => {
    const mcp = startMcp();
    try {
      await initialize(mcp);

      mcp.child.stdin.write('{"jsonrpc":"2.0","id":2,"method":\n');
      const parse = await mcp.next(null);
      expect(parse.error?.code).toBe(-32700);
      expect(parse.error?.message).toMatch(/not valid JSON/);

      // A memory_search whose query alone is 11 MB, in the SDK client's key order (id last).
      const huge = JSON.stringify({
        method: 'tools/call',
        params: { name: 'memory_search', arguments: { query: 'q'.repeat(11 * 1024 * 1024) } },
        jsonrpc: '2.0',
        id: 3,
      });
      mcp.child.stdin.write(`${huge}\n`);
      const tooLarge = await mcp.next(3);
      expect(tooLarge.error).toMatchObject({ code: -32600, data: { code: 'MESSAGE_TOO_LARGE' } });
      expect(tooLarge.error?.message).toMatch(/larger than 10 MB/);

      // The next valid call is answered.
      mcp.child.stdin.write(
        line({
          jsonrpc: '2.0',
          id: 4,
          method: 'tools/call',
          params: { name: 'memory_get', arguments: { path: 'MEMORY.md', lines: 1 } },
        }),
      );
      const read = await mcp.next(4);
      expect(read.result?.isError).toBeUndefined();
      expect(read.result?.content?.[0]?.text).toContain('"path": "MEMORY.md"');

      // Bad arguments are the tool's to refuse: a result with isError, not a protocol error.
      const badArguments: [number, unknown, RegExp][] = [
        [5, null, /memory_get: path is required/],
        [6, 'MEMORY.md', /memory_get: arguments must be a/],
        [7, [1, 2], /memory_get: arguments must be a/],
      ];
      for (const [id, args, says] of badArguments) {
        mcp.child.stdin.write(
          line({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'memory_get', arguments: args } }),
        );
        const reply = await mcp.next(id);
        expect(reply.error, JSON.stringify(args)).toBeUndefined();
        expect(reply.result?.isError, JSON.stringify(args)).toBe(true);
        expect(reply.result?.content?.[0]?.text).toMatch(says);
      }
      // A request that names no tool is a protocol error, but a typed one (-32602), not -32603;
      // params that are not an object make it no JSON-RPC request at all (-32600), answered by id.
      mcp.child.stdin.write(line({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { arguments: {} } }));
      expect((await mcp.next(8)).error?.code).toBe(-32602);
      mcp.child.stdin.write(line({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: null }));
      expect((await mcp.next(10)).error).toMatchObject({ code: -32600, data: { code: 'INVALID_REQUEST' } });

      mcp.child.stdin.write(line({ jsonrpc: '2.0', id: 9, method: 'ping' }));
      expect((await mcp.next(9)).result).toEqual({});
    } finally {
      mcp.child.stdin.end();
      if (
        (await Promise.race([mcp.exited, new Promise((resolve) => setTimeout(() => resolve('hung'), 10_000))])) ===
        'hung'
      )
        mcp.child.kill('SIGKILL');
    }
  }, 120_000);

  it('exits on its own when the client closes stdin, with the index closed cleanly', async () => {
    const mcp = startMcp();
    await initialize(mcp);
    mcp.child.stdin.write(
      line({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'memory_search', arguments: { query: 'gateway DNS' } },
      }),
    );
    await mcp.next(2);
    const closedAt = performance.now();
    mcp.child.stdin.end();
    // Generous: only a hang fails (the process used to stay until killed); bench/mcp-lifetime.ts measures.
    const code = await Promise.race([
      mcp.exited,
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 15_000)),
    ]);
    const lifetimeMs = performance.now() - closedAt;
    if (code === 'hung') mcp.child.kill('SIGKILL');
    expect(code, `still running ${Math.round(lifetimeMs)} ms after stdin closed:\n${mcp.stderr()}`).toBe(0);
    expect(mcp.stderr()).toContain('memlens mcp: stopping.');
    // SQLite removes the WAL file when the last connection closes: the engine was closed, not abandoned.
    const indexes = path.join(dataDir, 'indexes');
    const leftovers = fs
      .readdirSync(indexes, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('-wal'));
    expect(leftovers).toEqual([]);
  }, 120_000);
});
