// `memlens mcp --lang zh-CN` words its own stderr lines in Chinese: a skipped oversized message, a
// tool that failed inside, an answer the SDK could not place. The SDK's and Node's own words stay quoted.
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { translator } from '../../shared/i18n.js';
import { logText } from '../../shared/log-line.js';
import { englishLeft } from '../../shared/test-support/english-left.js';
import { createAgentMemoryTools } from '../app/agent/agent-memory-tools.js';
import { agentToolSpecs } from '../app/agent/agent-tool-specs.js';
import { McpLineTransport } from './mcp-line-transport.js';
import { createMcpServer } from './mcp-server.js';

const zh = translator('zh-CN');

describe('the MCP server’s log lines in Chinese', () => {
  it('says a skipped oversized message in Chinese, with its size, the limit and its id', async () => {
    const stdin = new PassThrough();
    const lines: string[] = [];
    const transport = new McpLineTransport(stdin, new PassThrough(), {
      maxLineBytes: 64,
      log: (line) => lines.push(logText(zh, line)),
    });
    await transport.start();
    stdin.write(`{"jsonrpc":"2.0","method":"ping","params":{"q":"${'x'.repeat(100)}"},"id":7}\n`);
    stdin.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual(['已跳过一条 158 字节的消息（上限 64 字节）；请求 id 为 7']);
  });

  it('says a tool that failed inside in Chinese, the system error worded too, and a stray reply as a protocol error', async () => {
    const lines: string[] = [];
    // A broken engine, as a disk that refuses the index would leave it.
    const broken = (): never => {
      throw Object.assign(new Error("EACCES: permission denied, open '/data/indexes/a.sqlite'"), { code: 'EACCES' });
    };
    const tools = createAgentMemoryTools({
      engine: broken,
      activity: broken,
      ready: async () => true,
      defaults: {},
      locale: 'zh-CN',
    });
    const mcp = createMcpServer({
      tools,
      specs: agentToolSpecs({ allowed: () => 'MEMORY.md', sessions: true }),
      version: 'test',
      t: zh,
      log: (line) => lines.push(logText(zh, line)),
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverSide);
    const client = new Client({ name: 'log-test', version: '1.0' });
    await client.connect(clientSide);
    try {
      const failed = await client.callTool({ name: 'memory_get', arguments: { path: 'MEMORY.md' } });
      expect(failed.isError).toBe(true);
      const unknown = await client.callTool({ name: 'memory_delete', arguments: {} });
      expect(unknown.isError).toBe(true);
      await clientSide.send({ jsonrpc: '2.0', id: 999, result: {} });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      await client.close();
      await mcp.close();
    }
    expect(lines[0]).toBe('memory_get 意外失败：/data/indexes/a.sqlite：没有访问权限（EACCES）');
    expect(lines[1]).toMatch(/^memory_get 返回了错误：/);
    expect(lines[2]).toMatch(/^memory_delete 返回了错误：没有名为“memory_delete”的工具/);
    expect(lines[3]).toMatch(/^协议错误：/);
    for (const line of lines.slice(0, 3)) expect(englishLeft(line)).toEqual([]);
  });
});
