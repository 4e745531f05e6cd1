// The desktop app's security checklist, checked in the real Electron app (Playwright _electron).
// Runs where an Electron binary exists; elsewhere every test skips with the reason printed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');

function electronBinary(): string | null {
  const pathFile = path.join(root, 'node_modules', 'electron', 'path.txt');
  if (!fs.existsSync(pathFile)) return null;
  const binary = path.join(root, 'node_modules', 'electron', 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(binary) ? binary : null;
}

const binary = electronBinary();
const SKIP_REASON =
  'Electron specs skipped: no Electron binary on this machine (node_modules/electron/path.txt or the binary is missing). ' +
  'They run where `npm start` can download Electron; the same UI is tested in Chromium through serve mode (e2e/serve.spec.ts).';
if (!binary) console.log(SKIP_REASON);

test.describe('desktop app (Electron)', () => {
  test.skip(!binary, SKIP_REASON);
  test.describe.configure({ mode: 'serial' });

  let app: ElectronApplication;
  let page: Page;
  let home: string;

  test.beforeAll(async () => {
    // Build main/preload/renderer and better-sqlite3 for Electron's ABI, as `npm start` does.
    const prepared = spawnSync(process.execPath, [path.join(root, 'scripts', 'start-electron.js'), '--prepare-only'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (prepared.status !== 0) throw new Error(`start-electron.js --prepare-only failed:\n${prepared.stderr}`);
    const { nativeBinding } = JSON.parse(prepared.stdout.trim().split('\n').pop() ?? '{}') as { nativeBinding: string };
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-electron-'));
    app = await electron.launch({
      executablePath: binary ?? undefined,
      args: [root],
      cwd: root,
      // A fresh HOME: no ~/.openclaw, so the app opens its private copy of the sample workspace.
      env: {
        ...process.env,
        HOME: home,
        MEMLENS_DATA_DIR: path.join(home, 'data'),
        MEMLENS_NATIVE_BINDING: nativeBinding,
        MEMLENS_E2E: '1',
      },
    });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  });

  test.afterAll(async () => {
    await app?.close();
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  test('the window is isolated, sandboxed, without Node, with web security', async () => {
    const prefs = await app.evaluate(({ BrowserWindow }) => {
      // What Electron applied (undocumented getter), else what the app created the window with.
      const contents = BrowserWindow.getAllWindows()[0]?.webContents as unknown as {
        getLastWebPreferences?: () => Record<string, unknown>;
      };
      const p =
        contents.getLastWebPreferences?.() ??
        (globalThis as { memlensWebPreferences?: Record<string, unknown> }).memlensWebPreferences;
      return (
        p && {
          contextIsolation: p.contextIsolation,
          sandbox: p.sandbox,
          nodeIntegration: p.nodeIntegration,
          webSecurity: p.webSecurity,
        }
      );
    });
    expect(prefs).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
  });

  test('the page sees no require, no process, and only the frozen contract bridge', async () => {
    const seen = await page.evaluate(() => {
      const bridge = (window as unknown as { memlens?: Record<string, unknown> }).memlens;
      return {
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
        bridge: typeof bridge,
        frozen: bridge ? Object.isFrozen(bridge) : false,
        ipcRenderer: bridge ? 'ipcRenderer' in bridge : true,
      };
    });
    expect(seen).toEqual({
      require: 'undefined',
      process: 'undefined',
      bridge: 'object',
      frozen: true,
      ipcRenderer: false,
    });
    expect(page.url()).toBe('app://memlens/index.html');
  });

  test('the UI lists the sample workspace through IPC', async () => {
    await expect(page.locator('[data-testid="file-item"][data-path="MEMORY.md"]')).toBeVisible();
  });

  test('window.open is blocked', async () => {
    const opened = await page.evaluate(() => window.open('https://example.com/') === null);
    expect(opened).toBe(true);
    expect(app.windows()).toHaveLength(1);
  });

  test('navigation away from app:// is blocked', async () => {
    await page.evaluate(() => {
      window.location.href = 'https://example.com/';
    });
    await page.waitForTimeout(1000);
    expect(page.url()).toBe('app://memlens/index.html');
  });

  test('the CSP blocks an injected inline script', async () => {
    const injected = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.appendChild(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { __injected?: boolean }).__injected ?? false;
    });
    expect(injected).toBe(false);
  });

  test('app:// does not serve files outside the renderer', async () => {
    const status = await page.evaluate(async () => (await fetch('app://memlens/%2e%2e/%2e%2e/package.json')).status);
    expect(status).toBe(404);
  });
});
