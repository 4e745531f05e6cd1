// The endpoint's key in the OS keychain, in the real Electron app: typed in Settings, sealed by
// safeStorage into Memory Lens's data folder, never shown again nor handed back to the page.
// Runs where an Electron binary exists; elsewhere it skips with the reason printed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const KEY = 'sk-electron-keychain-9d41b7';

function electronBinary(): string | null {
  const pathFile = path.join(root, 'node_modules', 'electron', 'path.txt');
  if (!fs.existsSync(pathFile)) return null;
  const binary = path.join(root, 'node_modules', 'electron', 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(binary) ? binary : null;
}

const binary = electronBinary();
const SKIP_REASON =
  'Electron keychain spec skipped: no Electron binary on this machine (node_modules/electron/path.txt or the binary is missing). ' +
  'The key vault runs in unit tests with a real AES-GCM keychain (electron/app/keys/endpoint-key-vault.test.ts, electron/engine-host/engine-host.test.ts).';
if (!binary) console.log(SKIP_REASON);

test.describe('desktop app: endpoint key in the OS keychain', () => {
  test.skip(!binary, SKIP_REASON);
  test.describe.configure({ mode: 'serial' });

  let app: ElectronApplication;
  let page: Page;
  let home: string;

  test.beforeAll(async () => {
    const prepared = spawnSync(process.execPath, [path.join(root, 'scripts', 'start-electron.js'), '--prepare-only'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (prepared.status !== 0) throw new Error(`start-electron.js --prepare-only failed:\n${prepared.stderr}`);
    const { nativeBinding } = JSON.parse(prepared.stdout.trim().split('\n').pop() ?? '{}') as { nativeBinding: string };
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-electron-keychain-'));
    app = await electron.launch({
      executablePath: binary ?? undefined,
      args: [root],
      cwd: root,
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
