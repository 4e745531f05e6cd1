// The real desktop app for the Electron specs (Playwright _electron): built as `npm start` builds
// it, launched on a fresh HOME. Where no Electron binary exists, those specs skip with a reason.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..', '..');

function findElectronBinary(): string | null {
  const pathFile = path.join(root, 'node_modules', 'electron', 'path.txt');
  if (!fs.existsSync(pathFile)) return null;
  const binary = path.join(root, 'node_modules', 'electron', 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(binary) ? binary : null;
}

/** The Electron binary of node_modules/electron, or null where it was not downloaded. */
export const electronBinary = findElectronBinary();

/** Why a spec skips here: the first words name the spec, the rest is the common cause. */
export function noElectronReason(spec: string, elsewhere: string): string {
  return (
    `${spec} skipped: no Electron binary on this machine (node_modules/electron/path.txt or the binary is missing). ` +
    elsewhere
  );
}

export interface DesktopApp {
  app: ElectronApplication;
  page: Page;
  /** The fresh HOME (no ~/.openclaw, so the app opens its private copy of the sample workspace); data in `<home>/data`. */
  home: string;
  close(): Promise<void>;
}

/** Builds main/preload/renderer and better-sqlite3 for Electron's ABI, as `npm start` does, and launches the app. */
export async function launchDesktopApp(homePrefix: string): Promise<DesktopApp> {
  const prepared = spawnSync(process.execPath, [path.join(root, 'scripts', 'start-electron.js'), '--prepare-only'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (prepared.status !== 0) throw new Error(`start-electron.js --prepare-only failed:\n${prepared.stderr}`);
  const { nativeBinding } = JSON.parse(prepared.stdout.trim().split('\n').pop() ?? '{}') as { nativeBinding: string };
  const home = fs.mkdtempSync(path.join(os.tmpdir(), homePrefix));
  let app: ElectronApplication | undefined;
  try {
    app = await electron.launch({
      executablePath: electronBinary ?? undefined,
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
    const page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
    return {
      app,
      page,
      home,
      close: async () => {
        await app?.close();
        fs.rmSync(home, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await app?.close();
    fs.rmSync(home, { recursive: true, force: true });
    throw error;
  }
}
