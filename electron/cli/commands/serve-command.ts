// `memlens serve`: the engine plus the built renderer over HTTP on 127.0.0.1, for a browser.
// Prints the URL with the session token; runs until Ctrl+C (SIGINT) or SIGTERM.
// The app core (app/app-service.ts) answers the calls; server/ carries them over HTTP.
import path from 'node:path';
import { MemoryLensError } from '../../../shared/errors.js';
import { findPackageRoot } from '../../app/app-paths.js';
import { createAppService, type AppService } from '../../app/app-service.js';
import type { EngineOptions } from '../../memory/engine-types.js';
import { startHttpServer, type RunningServer } from '../../server/http-server.js';
import { isLoopbackHost } from '../../server/request-guard.js';
import type { CliIo } from '../cli-io.js';
import type { CommandImpl } from '../command.js';
import { DEFAULT_SERVE_PORT } from '../serve-defaults.js';
import { UsageError, intOption } from '../common-options.js';
import { ensureBuiltRenderer } from './ensure-renderer.js';

/** A fixed default so a bookmark keeps working; --port 0 for a free one. */

export interface ServeOptions {
  /** The CLI's resolved engine options (workspace, sessions, db, data dir, embedder). */
  engineOptions: EngineOptions;
  /** The workspace is the app's private copy of the bundled sample. */
  isSample: boolean;
  port: number;
  host: string;
  /** Built renderer; null serves the API only. */
  rendererDir: string | null;
  /** An embedder from --model / MEMLENS_MODEL wins; otherwise the persisted model settings apply. */
  embedderFromFlags: boolean;
  /** MEMLENS_MODEL_HOST: where model downloads come from instead of the Hugging Face hub. */
  modelHost?: string;
}

export interface ServeHandle {
  server: RunningServer;
  service: AppService;
  close(): Promise<void>;
}

export async function startServe(options: ServeOptions, io: Pick<CliIo, 'stdout' | 'stderr'>): Promise<ServeHandle> {
  const { workspaceDir, dataDir, sessionDirs, openclawHome, dbPath, embedder } = options.engineOptions;
  const service = await createAppService({
    dataDir,
    // No prompt is possible in a terminal-started server: allowDownload 'ask' counts as no.
    context: {
      downloadAnswer: false,
      ...(sessionDirs?.length ? { sessionDirs } : {}),
      ...(openclawHome ? { openclawHome } : {}),
      ...(options.modelHost ? { modelHost: options.modelHost } : {}),
    },
    overrides: { ...(dbPath ? { dbPath } : {}), ...(options.embedderFromFlags ? { embedder: embedder ?? null } : {}) },
    log: (message) => io.stderr(`memlens serve: ${message}\n`),
  });
  await service.open(workspaceDir, { isSample: options.isSample });

  let server: RunningServer;
  try {
    server = await startHttpServer({
      dispatcher: service.dispatcher,
      session: service.session,
      rendererDir: options.rendererDir,
      host: options.host,
      port: options.port,
    });
  } catch (error) {
    await service.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new MemoryLensError(
        'UNAVAILABLE',
        `port ${options.port} is in use; pick another with --port N (0 = any free port)`,
      );
    }
    throw error;
  }
  if (!isLoopbackHost(options.host)) {
    io.stderr(
      `WARNING: --host ${options.host} is not a loopback address. Anyone who can reach this machine and learns the ` +
        'token can read and edit your memory files, and the traffic is not encrypted. Prefer an SSH tunnel to 127.0.0.1.\n',
    );
  }
  if (!options.rendererDir)
    io.stderr(
      'memlens serve: the UI is not built (renderer-dist/ is missing); run `npm run build:renderer`. The API is served anyway.\n',
    );
  io.stdout(
    `Memory Lens is serving ${service.session.info().workspaceDir}${options.isSample ? ' (a copy of the bundled sample workspace)' : ''}\n` +
      `  Open: ${server.url}\n` +
      `  Index: ${service.session.current().dbPath}\n` +
      'Press Ctrl+C to stop.\n',
  );
  return {
    server,
    service,
    close: async () => {
      await server.close();
      await service.close();
    },
  };
}

export const serveCommand: CommandImpl = {
  async run({ values, io, settings }) {
    const port = values.port === undefined ? DEFAULT_SERVE_PORT : intOption(values.port, '--port', 0);
    if (port === undefined || port > 65_535)
      throw new UsageError(`--port expects 0–65535 (got "${String(values.port)}")`);
    const host = typeof values.host === 'string' && values.host ? values.host : '127.0.0.1';
    const resolved = await settings();
    const handle = await startServe(
      {
        engineOptions: resolved.engineOptions,
        isSample: resolved.isSample,
        port,
        host,
        rendererDir:
          typeof values['renderer-dir'] === 'string'
            ? path.resolve(io.cwd, values['renderer-dir'])
            : ensureBuiltRenderer(findPackageRoot(), io),
        embedderFromFlags: Boolean(resolved.engineOptions.embedder),
        ...(io.env.MEMLENS_MODEL_HOST ? { modelHost: io.env.MEMLENS_MODEL_HOST } : {}),
      },
      io,
    );
    await io.waitForInterrupt();
    io.stderr('memlens serve: stopping.\n');
    await handle.close();
    return 0;
  },
};
