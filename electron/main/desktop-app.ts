// The desktop app's start-up: the app:// protocol, the engine host, IPC generated from the
// contract, the window, the menu. Thin by design: everything that decides something (sender
// guard, app:// answers, OS trash checks, workspace choice, menu template, the engine host) is a
// module with its own tests.
//
// Where heavy work runs: the engine (SQLite indexing, the watcher, search) runs in a
// utilityProcess (engine-host-entry.ts), and embedding in a worker thread inside it, so neither
// blocks this process, which owns the windows and answers IPC. Main reaches the host only through
// its message protocol (engine-host/engine-host-protocol.ts).
import fs from 'node:fs';
import path from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  session as electronSession,
  shell,
  utilityProcess,
  type WebContents,
} from 'electron';
import { ipcEventChannelFor } from '../../shared/contract.js';
import type { IndexStatus } from '../../shared/domain.js';
import { toErrorValue } from '../../shared/errors.js';
import { translator, type Locale } from '../../shared/i18n.js';
import type { LanguageSetting, Settings } from '../../shared/settings-schema.js';
import { buildMenuTemplate, menuLocale } from './app-menu.js';
import { APP_INDEX_URL, APP_SCHEME } from './app-origin.js';
import { answerAppRequest } from './app-request.js';
import { EngineHostClient } from './engine-host-client.js';
import { safeStorageKeyStore } from './safe-storage-key-store.js';
import type { EngineHostInit, HostToMain, MainToHost, PortLike } from '../engine-host/engine-host-protocol.js';
import { isAllowedExternalUrl } from './external-links.js';
import { MainWords } from './main-words.js';
import { registerIpcHandlers } from './ipc-registration.js';
import { guardUnsavedClose } from './unsaved-close-guard.js';
import { mainWindowWebPreferences } from './window-security.js';

export interface DesktopPaths {
  /** Built renderer (out/renderer). */
  rendererDir: string;
  /** Built preload (out/preload/index.cjs). */
  preloadPath: string;
  /** Built engine host entry (out/main/engine-host.js). */
  engineHostPath: string;
  /** resources/sample-workspace, or null. */
  sampleSource: string | null;
  /** better-sqlite3 built for Electron's ABI (scripts/start-electron.js), or undefined. */
  nativeBinding: string | undefined;
}

/** Must run before `app` is ready: app:// behaves like https (secure, standard, fetch-able). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

export async function startDesktopApp(paths: DesktopPaths): Promise<void> {
  const isDev = !app.isPackaged;
  // What main says itself, in the OS's language until the saved Language setting arrives.
  const words = new MainWords(menuLocale('system', app.getPreferredSystemLanguages()));
  const trustedWebContents = new Set<number>();
  const windows = new Set<BrowserWindow>();

  hardenSessions();
  protocol.handle(APP_SCHEME, async (request) => {
    const answer = await answerAppRequest(paths.rendererDir, request.url);
    return new Response(answer.body ? new Blob([new Uint8Array(answer.body)]) : null, {
      status: answer.status,
      headers: answer.headers,
    });
  });

  // The engine host picks the data folder (app-paths.ts defaultDataDir) and owns the settings.
  const init: EngineHostInit = {
    sampleSource: paths.sampleSource,
    ...(paths.nativeBinding ? { nativeBinding: paths.nativeBinding } : {}),
    validateResults: isDev,
  };
  const engine = new EngineHostClient(
    startEngineHost(paths.engineHostPath, init, (exitCode) => engine.markGone(exitCode)),
    {
      chooseFolder: async () => {
        const parent = BrowserWindow.getFocusedWindow();
        const options = { title: words.chooseFolderTitle(), properties: ['openDirectory' as const] };
        const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
      trashItem: (absPath) => shell.trashItem(absPath),
      // No local copy of the model and the settings say 'ask'.
      confirmModelDownload: async (modelId) =>
        (await dialog.showMessageBox(words.modelDownload(modelId))).response === 0,
      log: (line) => console.error(words.engineLine(line)),
      keyStore: safeStorageKeyStore(),
    },
  );
  registerIpcHandlers(
    ipcMain,
    {
      methods: engine.methods,
      // A language chosen in Settings reaches the menu as the window saves it.
      handle: async (method, args) => {
        const outcome = await engine.handle(method, args);
        if (method === 'settingsSet' && outcome.ok) setMenuLanguage((outcome.result as Settings).language);
        return outcome;
      },
    },
    () => trustedWebContents,
    (channel, refusal) => console.warn(words.refused(channel, refusal)),
  );
  engine.onDidEvent((event) => {
    for (const window of windows) {
      if (!window.isDestroyed()) window.webContents.send(ipcEventChannelFor(event.name), event.payload);
    }
  });

  const callOrThrow = async (method: string, args: unknown): Promise<unknown> => {
    const outcome = await engine.handle(method, args);
    if (!outcome.ok) throw outcome.error;
    return outcome.result;
  };
  // The menu speaks the interface's language: the saved setting at start, rebuilt when Settings changes it.
  let menuLanguage: Locale | null = null;
  const setMenuLanguage = (setting: LanguageSetting) => {
    const locale = menuLocale(setting, app.getPreferredSystemLanguages());
    if (locale === menuLanguage) return;
    menuLanguage = locale;
    words.setLocale(locale);
    const t = translator(locale);
    const showError = (key: string) => (error: unknown) =>
      dialog.showErrorBox(t(`menu:failed.${key}`), toErrorValue(error).message);
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildMenuTemplate({
          isDev,
          isMac: process.platform === 'darwin',
          locale,
          actions: {
            // The window decides: it asks first when it holds unsaved text, then calls openWorkspace.
            openWorkspace: () => {
              const target = BrowserWindow.getFocusedWindow() ?? [...windows][0];
              if (target && !target.isDestroyed())
                target.webContents.send(ipcEventChannelFor('openWorkspaceRequested'), {});
              else void callOrThrow('openWorkspace', { path: null }).catch(showError('openWorkspace'));
            },
            reindex: () => void callOrThrow('reindex', { full: true }).catch(showError('reindex')),
            revealIndexFolder: () =>
              void callOrThrow('status', {}).then(
                (status) => shell.showItemInFolder((status as IndexStatus).dbPath),
                showError('revealIndexFolder'),
              ),
          },
        }),
      ),
    );
  };
  setMenuLanguage('system');
  void callOrThrow('settingsGet', {}).then(
    (settings) => setMenuLanguage((settings as Settings).language),
    () => undefined,
  );

  const createWindow = () => {
    const window = new BrowserWindow({
      width: 1360,
      height: 860,
      minWidth: 720,
      minHeight: 480,
      show: false,
      title: 'Memory Lens',
      webPreferences: mainWindowWebPreferences(paths.preloadPath),
    });
    const id = window.webContents.id;
    // The Electron e2e specs read back what the window was created with (Electron has no public getter).
    if (process.env.MEMLENS_E2E === '1')
      (globalThis as { memlensWebPreferences?: unknown }).memlensWebPreferences = mainWindowWebPreferences(
        paths.preloadPath,
      );
    trustedWebContents.add(id);
    windows.add(window);
    // Close, reload or quit with unsaved text: ask instead of Electron's silent refusal.
    guardUnsavedClose(window, (w, options) => dialog.showMessageBoxSync(w, options));
    window.on('closed', () => {
      trustedWebContents.delete(id);
      windows.delete(window);
    });
    window.once('ready-to-show', () => window.show());
    void window.loadURL(APP_INDEX_URL);
  };
  // The window opens at once; calls made before the engine is ready wait in the host's queue.
  createWindow();
  engine.ready.catch((error: unknown) => dialog.showErrorBox(words.engineFailedTitle(), toErrorValue(error).message));

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // The engine closes only once every window has closed: a window that stays (unsaved text, the
  // user chose "Stay") cancels the quit, and must find its engine still running. 'will-quit'
  // comes after the windows are gone; 'before-quit' comes before they are asked.
  let engineClosed = false;
  app.on('will-quit', (event) => {
    if (engineClosed) return;
    // Let the engine close the index cleanly (WAL checkpoint) before the process goes.
    event.preventDefault();
    void engine.shutdown().finally(() => {
      engineClosed = true;
      app.quit();
    });
  });
}

function startEngineHost(
  entry: string,
  init: EngineHostInit,
  onGone: (exitCode: number | null) => void,
): PortLike<HostToMain, MainToHost> {
  const child = utilityProcess.fork(entry, [], { serviceName: 'Memory Lens engine', stdio: 'inherit' });
  const listeners: ((message: HostToMain) => void)[] = [];
  child.on('message', (message: HostToMain) => listeners.forEach((listener) => listener(message)));
  child.on('exit', (code) => onGone(code));
  const port: PortLike<HostToMain, MainToHost> = {
    post: (message) => child.postMessage(message),
    onMessage: (listener) => void listeners.push(listener),
  };
  port.post({ type: 'init', init });
  return port;
}

/**
 * Every web contents, present and future: no navigation away from app://, no new windows (links go
 * to the OS browser for https/mailto only), no <webview>, no permissions, no remote requests.
 */
function hardenSessions(): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (isAllowedExternalUrl(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
  const session = electronSession.defaultSession;
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  // Memory Lens loads nothing from the network; the CSP says so too (defence in depth).
  session.webRequest.onBeforeRequest(
    { urls: ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'] },
    (_details, callback) => callback({ cancel: true }),
  );
}

/** better-sqlite3 for Electron's ABI, as built by scripts/start-electron.js. */
export function findNativeBinding(appRoot: string): string | undefined {
  const fromEnv = process.env.MEMLENS_NATIVE_BINDING;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  const built = path.join(
    appRoot,
    '.cache',
    'electron-native',
    'better-sqlite3',
    'build',
    'Release',
    'better_sqlite3.node',
  );
  return fs.existsSync(built) ? built : undefined;
}
