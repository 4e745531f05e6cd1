// The endpoint's key in the OS keychain, in the real Electron app: typed in Settings, sealed by
// safeStorage into Memory Lens's data folder, never shown again nor handed back to the page.
// Runs where an Electron binary exists; elsewhere it skips with the reason printed.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { electronBinary, launchDesktopApp, noElectronReason, type DesktopApp } from './support/electron-app.js';

const KEY = 'sk-electron-keychain-9d41b7';

const SKIP_REASON = noElectronReason(
  'Electron keychain spec',
  'The key vault runs in unit tests with a real AES-GCM keychain (electron/app/keys/endpoint-key-vault.test.ts, electron/engine-host/engine-host.test.ts).',
);
if (!electronBinary) console.log(SKIP_REASON);

test.describe('desktop app: endpoint key in the OS keychain', () => {
  test.skip(!electronBinary, SKIP_REASON);
  test.describe.configure({ mode: 'serial' });

  let desktop: DesktopApp | undefined;
  let app: ElectronApplication;
  let page: Page;
  let home: string;

  test.beforeAll(async () => {
    desktop = await launchDesktopApp('ml-electron-keychain-');
    ({ app, page, home } = desktop);
  });

  test.afterAll(async () => {
    await desktop?.close();
  });

  test('a key typed in Settings is sealed on disk, reported only as stored, and forgotten on request', async () => {
    const usable = await app.evaluate(
      ({ safeStorage }) =>
        safeStorage.isEncryptionAvailable() && safeStorage.getSelectedStorageBackend?.() !== 'basic_text',
    );
    await page.getByTestId('status-model').click();
    if (!usable) {
      // No keyring here: Settings says so instead of offering a field.
      await expect(page.getByTestId('endpoint-key-unavailable')).toBeVisible();
      return;
    }
    await page.getByTestId('endpoint-key-input').fill(KEY);
    await page.getByTestId('endpoint-key-store').click();
    await expect(page.getByTestId('endpoint-key-stored')).toBeVisible();
    await expect(page.getByTestId('endpoint-key-input')).toHaveCount(0);

    const sealed = fs.readFileSync(path.join(home, 'data', 'endpoint-key.sealed'));
    expect(sealed.includes(KEY)).toBe(false);
    expect(
      await app.evaluate(({ safeStorage }, bytes) => safeStorage.decryptString(Buffer.from(bytes)), [...sealed]),
    ).toBe(KEY);
    // What the page can ask for holds no key.
    const answers = await page.evaluate(async () => {
      const api = (window as unknown as { memlens: Record<string, (args: object) => Promise<unknown>> }).memlens;
      return JSON.stringify([await api.endpointKeyStatus!({}), await api.settingsGet!({}), await api.status!({})]);
    });
    expect(answers).not.toContain(KEY);
    expect(await page.content()).not.toContain(KEY);

    await page.getByTestId('endpoint-key-forget').click();
    await expect(page.getByTestId('endpoint-key-input')).toBeVisible();
    expect(fs.existsSync(path.join(home, 'data', 'endpoint-key.sealed'))).toBe(false);
  });
});
