// `memlens serve`: the engine plus the built renderer over HTTP on 127.0.0.1, for a browser.
// Prints the URL with the session token; runs until Ctrl+C (SIGINT) or SIGTERM.
// The app core (app/app-service.ts) answers the calls; server/ carries them over HTTP.
import path from 'node:path';
import { MemoryLensError } from '../../../shared/errors.js';
import { DEFAULT_LOCALE, translator, type Locale } from '../../../shared/i18n.js';
import { logText } from '../../../shared/log-line.js';
import { findPackageRoot } from '../../app/app-paths.js';
import { createAppService, type AppService } from '../../app/app-service.js';
import type { EngineOptions } from '../../memory/engine-types.js';
import { startHttpServer, type RunningServer } from '../../server/http-server.js';
import { isLoopbackHost } from '../../server/request-guard.js';
import type { CliIo } from '../cli-io.js';
import type { CommandImpl } from '../command.js';
import { DEFAULT_SERVE_PORT } from '../serve-defaults.js';
import { usageError, intOption } from '../common-options.js';
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
  /** The language of what it prints and of the "not built" page (--lang / MEMLENS_LANG); English by default. */
  locale?: Locale;
}

export interface ServeHandle {
  server: RunningServer;
  service: AppService;
  close(): Promise<void>;
}

export async function startServe(options: ServeOptions, io: Pick<CliIo, 'stdout' | 'stderr'>): Promise<ServeHandle> {
  const { workspaceDir, dataDir, sessionDirs, openclawHome, dbPath, embedder } = options.engineOptions;
  const t = translator(options.locale ?? DEFAULT_LOCALE);
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
    log: (line) => io.stderr(`memlens serve: ${logText(t, line)}\n`),
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
      ...(options.locale ? { locale: options.locale } : {}),
    });
  } catch (error) {
    await service.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new MemoryLensError('UNAVAILABLE', { messageId: 'cli:serve.portInUse', params: { port: options.port } });
    }
    throw error;
  }
  if (!isLoopbackHost(options.host)) {
    io.stderr(`${t('cli:serve.exposed', { host: options.host })}\n`);
  }
  if (!options.rendererDir) io.stderr(`memlens serve: ${t('cli:serve.noUi')}\n`);
  io.stdout(
    `${t('cli:serve.serving', {
      workspace: service.session.info().workspaceDir,
      sample: options.isSample ? t('cli:serve.sample') : '',
      url: server.url,
      index: service.session.current().dbPath,
    })}\n`,
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
  async run({ values, io, t, locale, settings }) {
    const port = values.port === undefined ? DEFAULT_SERVE_PORT : intOption(values.port, '--port', 0);
    if (port === undefined || port > 65_535) throw usageError('port', { value: String(values.port) });
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
            : ensureBuiltRenderer(findPackageRoot(), io, t),
        embedderFromFlags: Boolean(resolved.engineOptions.embedder),
        ...(io.env.MEMLENS_MODEL_HOST ? { modelHost: io.env.MEMLENS_MODEL_HOST } : {}),
        locale,
      },
      io,
    );
    await io.waitForInterrupt();
    io.stderr(`memlens serve: ${t('cli:mcp.stopping')}\n`);
    await handle.close();
    return 0;
  },
};
