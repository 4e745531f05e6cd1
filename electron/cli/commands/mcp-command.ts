// `memlens mcp`: the agent's memory_search / memory_get over MCP on stdio, for Claude Desktop,
// Claude Code, OpenClaw (through an MCP bridge) or any other client. The app core answers (the
// same engine, watcher and access counts as the app); server/mcp-server.ts speaks the protocol.
import { Writable } from 'node:stream';
import { appVersion } from '../../app/app-paths.js';
import { createAgentMemoryTools } from '../../app/agent/agent-memory-tools.js';
import { agentToolSpecs } from '../../app/agent/agent-tool-specs.js';
import { createAppService } from '../../app/app-service.js';
import { logText, type Log } from '../../../shared/log-line.js';
import { createMcpServer, serveMcpOverStdio } from '../../server/mcp-server.js';
import type { CommandImpl } from '../command.js';
import { searchOptionsFromFlags } from './search-command.js';

/**
 * How long a search waits for the first index of the workspace. Past it the search answers from
 * what is indexed so far and says `stale: true` — better than an MCP client timing out (most give
 * a tool call about a minute).
 */
const FIRST_INDEX_WAIT_MS = 15_000;

export const mcpCommand: CommandImpl = {
  async run({ values, io, t, locale, settings }) {
    const defaults = searchOptionsFromFlags(values);
    const resolved = await settings();
    const { workspaceDir, dataDir, sessionDirs, openclawHome, dbPath, embedder } = resolved.engineOptions;
    const log = (message: string): void => io.stderr(`memlens mcp: ${message}\n`);
    const say: Log = (line) => log(logText(t, line));
    const stdout = reserveStdoutForProtocol();
    try {
      const service = await createAppService({
        dataDir,
        context: {
          downloadAnswer: false,
          ...(sessionDirs?.length ? { sessionDirs } : {}),
          ...(openclawHome ? { openclawHome } : {}),
        },
        // As for `memlens search`: vectors only with --model / MEMLENS_MODEL, so both rank alike.
        overrides: { ...(dbPath ? { dbPath } : {}), embedder: embedder ?? null },
        log: say,
      });
      try {
        await service.open(workspaceDir, { isSample: resolved.isSample });
        const tools = createAgentMemoryTools({
          engine: () => service.session.current(),
          activity: () => service.activity.workspace(service.session.current().workspaceDir),
          ready: () => settledWithin(service.session.whenSynced(), FIRST_INDEX_WAIT_MS),
          defaults,
          locale,
        });
        const scope = service.session.current().scope;
        const specs = agentToolSpecs({
          allowed: (use) => scope.allowed(use),
          sessions: !defaults.sources || defaults.sources.includes('sessions'),
        });
        const server = createMcpServer({ tools, specs, version: appVersion(), t, log: say });
        log(
          t('cli:mcp.serving', {
            workspace: service.session.info().workspaceDir,
            sample: resolved.isSample ? t('cli:mcp.sample') : '',
            index: service.session.current().dbPath,
          }),
        );
        // The end of stdin ends the command too: drop the signal handlers and keep-alive then,
        // or the process would outlive its client.
        const served = new AbortController();
        try {
          await serveMcpOverStdio(
            server,
            { stdin: process.stdin, stdout: stdout.protocol },
            io.waitForInterrupt(served.signal),
            say,
          );
        } finally {
          served.abort();
        }
        log(t('cli:mcp.stopping'));
      } finally {
        await service.close();
      }
      return 0;
    } finally {
      stdout.restore();
    }
  },
};

/** True when `promise` settles within `ms`; false (without rejecting) otherwise. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * stdout belongs to the protocol: one stray line (a library's console.log, a worker thread's
 * output, which Node forwards through process.stdout) would corrupt the client's stream. The
 * transport gets a private handle on the real stdout; everything else written to process.stdout
 * goes to stderr until the server stops.
 */
function reserveStdoutForProtocol(): { protocol: Writable; restore(): void } {
  const out = process.stdout;
  const realWrite = out.write;
  const protocol = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      if (realWrite.call(out, chunk)) callback();
      else out.once('drain', () => callback());
    },
  });
  out.write = ((chunk: Uint8Array | string, ...rest: unknown[]) =>
    (process.stderr.write as (...args: unknown[]) => boolean)(chunk, ...rest)) as typeof out.write;
  return {
    protocol,
    restore: () => {
      out.write = realWrite;
    },
  };
}
