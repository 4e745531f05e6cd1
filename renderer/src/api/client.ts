// The renderer's one API client, typed by the contract: `window.memlens` under Electron, serve
// mode's HTTP + SSE transport in a browser. Features receive it (or a Pick of it) and never know
// which transport answers.
import type { MemlensApi } from '../../../shared/contract';
import { createElectronClient } from './electron-transport';
import { createHttpClient, takeTokenFromLocation } from './http-transport';

export { ApiError, isApiError } from './api-error';

export function createApiClient(win: Window = window): MemlensApi {
  if (win.memlens) return createElectronClient(win.memlens);
  const token = takeTokenFromLocation(win.location, win.history);
  // After a reconnect the stream may have missed events: a fresh status tells the UI to catch up.
  const client: MemlensApi = createHttpClient({
    token,
    onReconnect: () => {
      void client.status().then(
        (status) => statusListeners.forEach((listener) => listener(status)),
        () => undefined,
      );
    },
  });
  const statusListeners = new Set<Parameters<MemlensApi['onDidChangeStatus']>[0]>();
  return Object.freeze({
    ...client,
    onDidChangeStatus: (listener) => {
      statusListeners.add(listener);
      const unsubscribe = client.onDidChangeStatus(listener);
      return () => {
        statusListeners.delete(listener);
        unsubscribe();
      };
    },
  } satisfies MemlensApi);
}

/** Which shell answers: the desktop app (IPC) or serve mode in a browser (HTTP). */
export function apiTransport(win: Window = window): 'electron' | 'serve' {
  return win.memlens ? 'electron' : 'serve';
}

let shared: MemlensApi | null = null;

/** The page's client, created on first use (tests build their own with createApiClient/createHttpClient). */
export function getApiClient(): MemlensApi {
  shared ??= createApiClient();
  return shared;
}
