// The desktop app's security checklist, checked in the real Electron app (Playwright _electron).
// Runs where an Electron binary exists; elsewhere every test skips with the reason printed.
import { expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { electronBinary, launchDesktopApp, noElectronReason, type DesktopApp } from './support/electron-app.js';

const SKIP_REASON = noElectronReason(
  'Electron specs',
  'They run where `npm start` can download Electron; the same UI is tested in Chromium through serve mode (e2e/serve.spec.ts).',
);
if (!electronBinary) console.log(SKIP_REASON);

test.describe('desktop app (Electron)', () => {
  test.skip(!electronBinary, SKIP_REASON);
  test.describe.configure({ mode: 'serial' });

  let desktop: DesktopApp | undefined;
  let app: ElectronApplication;
  let page: Page;

  test.beforeAll(async () => {
    desktop = await launchDesktopApp('ml-electron-');
    ({ app, page } = desktop);
  });

  test.afterAll(async () => {
    await desktop?.close();
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
