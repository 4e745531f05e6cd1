// The engine side of the desktop app, run inside a utilityProcess (engine-host-entry.ts): the
// settings, the workspace session (engine + watcher) and the contract dispatcher — the same
// dispatcher serve mode uses. No electron import; what only main can do is asked for over the port.
import { MemoryLensError, toErrorValue } from '../../shared/errors.js';
import { MemoryEngine } from '../memory/engine.js';
import { SettingsStore, settingsPathFor } from '../memory/settings-store.js';
import { createApiDispatcher } from '../server/api-dispatcher.js';
import { sampleCopyDir } from '../server/default-workspace.js';
import { engineOptionsFromSettings } from '../server/engine-options.js';
import { WorkspaceSession } from '../server/workspace-session.js';
import type { EngineHostInit, HostRequest, HostToMain, MainToHost, PortLike } from './engine-host-protocol.js';
import { createOsTrash } from './os-trash.js';
import { openStartupWorkspace } from './startup-workspace.js';
import { createWorkspaceOpener } from './workspace-opener.js';

export interface EngineHostOptions {
  /** Tests point OpenClaw's home at a temp folder. */
  openclawHome?: string;
}

/** Serves one port until a shutdown message; resolves once the first workspace is open (or failed). */
export async function runEngineHost(port: PortLike<MainToHost, HostToMain>, init: EngineHostInit, hostOptions: EngineHostOptions = {}): Promise<void> {
  let nextRequest = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const ask = (request: HostRequest): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextRequest++;
      pending.set(id, { resolve, reject });
      port.post({ type: 'request', id, ...request });
    });
  const log = (message: string) => port.post({ type: 'log', message });

  const settings = await SettingsStore.open(settingsPathFor(init.dataDir));
  const session = new WorkspaceSession({
    openEngine: (options) => MemoryEngine.open(options),
    engineOptions: () =>
      engineOptionsFromSettings(settings.get(), {
        dataDir: init.dataDir,
        ...(init.nativeBinding ? { nativeBinding: init.nativeBinding } : {}),
        ...(init.downloadAnswer === undefined ? {} : { downloadAnswer: init.downloadAnswer }),
        ...(hostOptions.openclawHome ? { openclawHome: hostOptions.openclawHome } : {}),
      }),
    watch: true,
    onBackgroundError: (error) => log(toErrorValue(error).message),
  });
  const dispatcher = createApiDispatcher({
    session,
    settings,
    openWorkspace: createWorkspaceOpener({
      session,
      settings,
      sampleDir: sampleCopyDir(init.dataDir),
      showFolderDialog: async () => {
        const chosen = await ask({ kind: 'chooseFolder' });
        return typeof chosen === 'string' ? chosen : null;
      },
    }),
    trashFile: createOsTrash(() => session.current().workspaceDir, async (absPath) => void (await ask({ kind: 'trashItem', absPath }))),
    onModelSettingsChanged: () => {
      const info = session.info();
      void session.open(info.workspaceDir, { isSample: info.isSample }).catch((error: unknown) => log(toErrorValue(error).message));
    },
    validateResults: init.validateResults,
  });
  session.onDidEvent((event) => port.post({ type: 'event', event }));

  port.onMessage((message) => {
    if (message.type === 'call') {
      void dispatcher.handle(message.method, message.args).then((outcome) => port.post({ type: 'result', id: message.id, outcome }));
    } else if (message.type === 'reply') {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (!waiter) return;
      if (message.ok) waiter.resolve(message.value);
      else waiter.reject(new MemoryLensError(message.error.code, message.error.message));
    } else if (message.type === 'shutdown') {
      void session.close().finally(() => port.post({ type: 'closed' }));
    }
  });

  try {
    await openStartupWorkspace(session, settings, {
      dataDir: init.dataDir,
      sampleSource: init.sampleSource,
      ...(hostOptions.openclawHome ? { openclawHome: hostOptions.openclawHome } : {}),
      log,
    });
    port.post({ type: 'ready', workspace: session.info() });
  } catch (error) {
    port.post({ type: 'fatal', error: toErrorValue(error) });
  }
}
