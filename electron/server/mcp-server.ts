// The agent tools over the Model Context Protocol: `tools/list` answers memory_search and memory_get
// (OpenClaw's names, schemas and descriptions) and memory_context (the bootstrap budget), `tools/call` runs them through the app core. Every
// failure — a bad argument, a refused path, a missing file, a bug — is a tool result with
// `isError: true` and a message the model can act on; the server itself never throws or exits
// because of a call. Uses the SDK's low-level Server so the published schemas are exactly ours.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Readable, Writable } from 'node:stream';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { DEFAULT_LOCALE, translator } from '../../shared/i18n.js';
import type { AgentCaller } from '../../shared/domain.js';
import { messageOf } from '../../shared/errors.js';
import { logLine, type Log } from '../../shared/log-line.js';
import type { AgentMemoryTools, ToolOutcome } from '../app/agent/agent-memory-tools.js';
import type { AgentToolSpec } from '../app/agent/agent-tool-specs.js';
import { McpLineTransport } from './mcp-line-transport.js';

/** tools/call with its params unchecked: the tools check their own arguments (see below). */
const LooseCallToolRequestSchema = z.object({ method: z.literal('tools/call'), params: z.unknown() });

/** OpenClaw's memory prompt section (buildMemoryPromptSection), given to clients as server instructions. */
export const MEMORY_RECALL_INSTRUCTIONS =
  'Before answering anything about prior work, decisions, dates, people, preferences, or todos: run memory_search; ' +
  'for memory-file hits, use memory_get to pull only the needed lines. If low confidence after search, say you checked. ' +
  'Citations: include Source: <path#line> when it helps the user verify memory snippets.';

export interface McpServerOptions {
  tools: AgentMemoryTools;
  specs: readonly AgentToolSpec[];
  version: string;
  /** The language of the tool results' own sentences (memlens mcp --lang / MEMLENS_LANG); English by default. */
  t?: TFunction;
  /** Failures worth a line on stderr, by id (the tool result carries them to the client too). */
  log?: Log;
}

export function createMcpServer(options: McpServerOptions): Server {
  const t = options.t ?? translator(DEFAULT_LOCALE);
  const server = new Server(
    { name: 'memory-lens', title: 'Memory Lens', version: options.version },
    { capabilities: { tools: {} }, instructions: MEMORY_RECALL_INSTRUCTIONS },
  );
  // A line that is not JSON-RPC is skipped by the transport; say so on stderr, keep serving.
  server.onerror = (error) => options.log?.(logLine('log:mcp.protocol', error));
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: options.specs.map((spec) => ({
      name: spec.name,
      title: spec.title,
      description: spec.description,
      inputSchema: spec.inputSchema,
      // Reading memory changes nothing in the workspace (access counts live in the app's data dir).
      annotations: { title: spec.title, readOnlyHint: true, openWorldHint: false },
    })),
  }));
  // Registered on the protocol, below the SDK's tools/call check: that check turns `arguments:
  // null` into a protocol error (-32603) the model never sees; the tools refuse it as a tool error.
  Protocol.prototype.setRequestHandler.call(
    server,
    LooseCallToolRequestSchema,
    async (request): Promise<CallToolResult> => {
      const params = request.params as { name?: unknown; arguments?: unknown } | null | undefined;
      if (typeof params !== 'object' || params === null || typeof params.name !== 'string') {
        throw new McpError(
          ErrorCode.InvalidParams,
          'tools/call needs params {name, arguments}: name is the tool to run.',
        );
      }
      const { name, arguments: args } = params;
      let outcome: ToolOutcome;
      try {
        if (name === 'memory_search') outcome = await options.tools.memorySearch(args, callerOf(server));
        else if (name === 'memory_get') outcome = await options.tools.memoryGet(args);
        else if (name === 'memory_context') outcome = await options.tools.memoryContext(args);
        else {
          const known = options.specs.map((s) => s.name).join(', ');
          outcome = { isError: true, payload: { error: t('cli:mcp.tool.unknownTool', { name, known }) } };
        }
      } catch (error) {
        // A bug, not a bad call: still an answer, and the server lives on.
        options.log?.(logLine('log:mcp.toolFailed', error, { name }));
        outcome = {
          isError: true,
          payload: { error: t('cli:mcp.tool.failedInside', { name, message: messageOf(error) }), code: 'INTERNAL' },
        };
      }
      // The payload's error is already in `t`'s language: the line quotes it.
      if (outcome.isError) {
        const text = (outcome.payload as { error?: unknown }).error;
        options.log?.({
          messageId: typeof text === 'string' ? 'log:mcp.toolError' : 'log:mcp.toolErrorUnsaid',
          params: { name, text: String(text) },
        });
      }
      return toCallToolResult(outcome);
    },
  );
  return server;
}

/** OpenClaw's jsonResult: the payload as pretty JSON text, and as structured content for clients that read it. */
export function toCallToolResult(outcome: ToolOutcome): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(outcome.payload, null, 2) }],
    structuredContent: outcome.payload,
    ...(outcome.isError ? { isError: true } : {}),
  };
}

function callerOf(server: Server): AgentCaller {
  const client = server.getClientVersion();
  return { kind: 'mcp', client: client ? `${client.name}${client.version ? ` ${client.version}` : ''}` : null };
}

/**
 * Serves over stdin/stdout until stdin ends (the client went away) or `stop` resolves; resolves
 * then. Nothing else may write to `stdout`: it carries only protocol messages.
 */
export async function serveMcpOverStdio(
  server: Server,
  streams: { stdin: Readable; stdout: Writable },
  stop: Promise<void>,
  log?: Log,
): Promise<void> {
  const transport = new McpLineTransport(streams.stdin, streams.stdout, log ? { log } : {});
  // server.connect chains its own onclose onto the transport's; this one hears the end of stdin.
  const ended = new Promise<void>((resolve) => {
    streams.stdin.once('end', resolve);
    streams.stdin.once('close', resolve);
  });
  await server.connect(transport);
  await Promise.race([ended, stop]);
  await server.close().catch(() => undefined);
}
