// The engine side of the desktop app, run inside a utilityProcess (engine-host-entry.ts): the one
// app core (app/app-service.ts: settings, workspace session, dispatcher) that serve mode runs
// too. No electron import; what only main can do (folder dialog, OS trash, asking before a model
// download) is asked for over the port.
import { type Log, logLine } from '../../shared/log-line.js';
import { MemoryLensError, toErrorValue } from '../../shared/errors.js';
import { defaultDataDir } from '../app/app-paths.js';
import { createAppService } from '../app/app-service.js';
import { openStartupWorkspace } from '../app/startup-workspace.js';
import type { EngineHostInit, HostRequest, HostToMain, MainToHost, PortLike } from './engine-host-protocol.js';
import { askBeforeModelDownload } from './model-download-question.js';
import { portKeyStore } from './port-key-store.js';

export interface EngineHostOptions {
  /** Tests point OpenClaw's home at a temp folder. */
  openclawHome?: string;
}

/** Serves one port until a shutdown message; resolves once the first workspace is open (or failed). */
export async function runEngineHost(
  port: PortLike<MainToHost, HostToMain>,
  init: EngineHostInit,
  hostOptions: EngineHostOptions = {},
): Promise<void> {
  let nextRequest = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const ask = (request: HostRequest): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextRequest++;
      pending.set(id, { resolve, reject });
      port.post({ type: 'request', id, ...request });
    });
  const log: Log = (line) => port.post({ type: 'log', line });
  const dataDir = init.dataDir ?? defaultDataDir();

  const service = await createAppService({
    dataDir,
    context: {
      ...(init.nativeBinding ? { nativeBinding: init.nativeBinding } : {}),
      ...(process.env.MEMLENS_MODEL_HOST ? { modelHost: process.env.MEMLENS_MODEL_HOST } : {}),
      ...(hostOptions.openclawHome ? { openclawHome: hostOptions.openclawHome } : {}),
    },
    showFolderDialog: async () => {
      const chosen = await ask({ kind: 'chooseFolder' });
      return typeof chosen === 'string' ? chosen : null;
    },
    trashItem: async (absPath) => void (await ask({ kind: 'trashItem', absPath })),
    validateResults: init.validateResults,
    canAskBeforeDownload: true,
    keyStore: portKeyStore(ask),
    log,
  });
  service.session.onDidEvent((event) => port.post({ type: 'event', event }));

  port.onMessage((message) => {
    if (message.type === 'call') {
      void service.dispatcher
        .handle(message.method, message.args)
        .then((outcome) => port.post({ type: 'result', id: message.id, outcome }));
    } else if (message.type === 'reply') {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (!waiter) return;
      if (message.ok) waiter.resolve(message.value);
      else {
        // The main process's error (the OS trash, the keychain) keeps its message id across the port.
        const { code, message: text, messageId, params } = message.error;
        waiter.reject(new MemoryLensError(code, messageId ? { messageId, ...(params ? { params } : {}) } : text));
      }
    } else if (message.type === 'shutdown') {
      void service.close().finally(() => port.post({ type: 'closed' }));
    }
  });

  try {
    // Asked before the first engine opens, so the answer decides whether it may download.
    await askBeforeModelDownload(
      service.settings,
      dataDir,
      async (modelId) => (await ask({ kind: 'confirmModelDownload', modelId })) === true,
    ).catch((error: unknown) => log(logLine('log:modelDownloadAsk', error)));
    await openStartupWorkspace(service.session, service.settings, {
      dataDir,
      sampleSource: init.sampleSource,
      ...(hostOptions.openclawHome ? { openclawHome: hostOptions.openclawHome } : {}),
      log,
    });
    port.post({ type: 'ready', workspace: service.session.info() });
  } catch (error) {
    port.post({ type: 'fatal', error: toErrorValue(error) });
  }
}
