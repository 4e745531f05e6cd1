// The desktop app's engine host, end to end over an in-memory port (the utilityProcess uses the
// same protocol over Electron's parentPort): calls, events, and the two requests only main can
// answer (folder dialog, OS trash).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractEvent } from '../../shared/contract.js';
import type { ErrorValue } from '../../shared/errors.js';
import { localText, translator } from '../../shared/i18n.js';
import { bundledSampleWorkspace, findPackageRoot } from '../app/app-paths.js';
import { EngineHostClient } from '../main/engine-host-client.js';
import { createPortPair } from './engine-host-protocol.js';
import { runEngineHost } from './engine-host.js';
import { AesTestKeyStore } from '../app/test-support/aes-key-store.js';

let root: string;
let client: EngineHostClient;
let chosenFolder: string | null = null;
const trashed: string[] = [];
const events: ContractEvent[] = [];
/** Everything the host sent main except the keychain requests (which carry the key to main by design). */
const fromHost: string[] = [];
const KEY = 'sk-engine-host-test-c0ffee42';

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-host-'));
  fs.mkdirSync(path.join(root, 'other', 'memory'), { recursive: true });
  fs.writeFileSync(path.join(root, 'other', 'MEMORY.md'), '# Other workspace\n');
  const pair = createPortPair();
  const post = pair.host.post;
  pair.host.post = (message) => {
    if (!(message.type === 'request' && message.kind.startsWith('keychain'))) fromHost.push(JSON.stringify(message));
    post(message);
  };
  client = new EngineHostClient(pair.main, {
    keyStore: new AesTestKeyStore(),
    chooseFolder: async () => chosenFolder,
    confirmModelDownload: async () => false,
    trashItem: async (absPath) => {
      trashed.push(absPath);
      fs.renameSync(absPath, path.join(root, `trashed-${path.basename(absPath)}`));
    },
    log: () => undefined,
  });
  client.onDidEvent((event) => events.push(event));
  void runEngineHost(
    pair.host,
    {
      dataDir: path.join(root, 'data'),
      sampleSource: bundledSampleWorkspace(findPackageRoot()),
      validateResults: true,
    },
    { openclawHome: path.join(root, 'oc') },
  );
  await client.ready;
});

afterAll(async () => {
  await client.shutdown();
  fs.rmSync(root, { recursive: true, force: true });
});

async function call(method: string, args: unknown) {
  const outcome = await client.handle(method, args);
  if (!outcome.ok) throw new Error(`${method}: ${outcome.error.code} ${outcome.error.message}`);
  return outcome.result as Record<string, unknown>;
}

describe('engine host (desktop engine off the main process)', () => {
  it('opens a private copy of the sample when there is no last workspace and no ~/.openclaw', async () => {
    const status = await call('status', {});
    expect(status.workspace).toBe(fs.realpathSync(path.join(root, 'data', 'sample-workspace')));
    const file = await call('readFile', { path: 'MEMORY.md' });
    expect(String(file.text).length).toBeGreaterThan(0);
  });

  it('validates like serve mode', async () => {
    expect(await client.handle('readFile', { path: '../../etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'OUT_OF_ROOT' },
    });
    expect(await client.handle('readFile', {})).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(await client.handle('nope', {})).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('deletes to the trash main provides, after the containment checks', async () => {
    const { hash } = await call('readFile', { path: 'memory/travel.md' });
    const result = await call('deleteFile', { path: 'memory/travel.md', expectedHash: hash });
    expect(result).toEqual({ path: 'memory/travel.md', trash: 'os' });
    expect(trashed.map((p) => path.basename(p))).toEqual(['travel.md']);
    expect(await client.handle('deleteFile', { path: '../outside.md', expectedHash: hash })).toMatchObject({
      ok: false,
      error: { code: 'OUT_OF_ROOT' },
    });
    expect(trashed).toHaveLength(1);
  });

  it('opens a workspace the user picks in main’s dialog, announces it, and remembers it', async () => {
    chosenFolder = null;
    expect(await call('openWorkspace', { path: null })).toMatchObject({ opened: false });
    chosenFolder = path.join(root, 'other');
    const opened = await call('openWorkspace', { path: null });
    expect(opened).toMatchObject({ opened: true, workspace: { isSample: false } });
    expect(
      events.some(
        (e) => e.name === 'workspaceChanged' && e.payload.workspaceDir === fs.realpathSync(chosenFolder ?? ''),
      ),
    ).toBe(true);
    const settings = await call('settingsGet', {});
    expect(settings.recentWorkspaces).toEqual([fs.realpathSync(chosenFolder)]);
    // A path the user never chose is refused; a recent one reopens.
    expect(await client.handle('openWorkspace', { path: '/etc' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_ALLOWED' },
    });
    expect(await call('openWorkspace', { path: fs.realpathSync(chosenFolder) })).toMatchObject({ opened: true });
  });

  it("keeps the endpoint's key through main's keychain, and no answer, event or log line carries it", async () => {
    expect(await call('endpointKeyStatus', {})).toEqual({ available: true, unavailableReason: null, stored: false });
    expect(await call('endpointKeySet', { key: KEY })).toEqual({
      available: true,
      unavailableReason: null,
      stored: true,
    });
    const sealed = fs.readFileSync(path.join(root, 'data', 'endpoint-key.sealed'));
    expect(sealed.length).toBeGreaterThan(KEY.length);
    expect(sealed.includes(KEY)).toBe(false);
    await call('status', {});
    await call('settingsGet', {});
    expect(await call('endpointKeyForget', {})).toMatchObject({ stored: false });
    expect(fromHost.some((m) => m.includes('endpointKey') || m.includes('"stored"'))).toBe(true);
    for (const message of fromHost) expect(message).not.toContain(KEY);
  });

  it('fails every call with UNAVAILABLE once the host process is gone', async () => {
    const pair = createPortPair();
    const orphan = new EngineHostClient(pair.main, {
      chooseFolder: async () => null,
      trashItem: async () => undefined,
      confirmModelDownload: async () => false,
      log: () => undefined,
    });
    const waiting = orphan.handle('status', {});
    orphan.markGone(1);
    const gone = await waiting;
    expect(gone).toMatchObject({
      ok: false,
      error: { code: 'UNAVAILABLE', message: 'The engine stopped (exit code 1). Restart Memory Lens.' },
    });
    // The window words it in its language by id.
    const error = (gone as { error: ErrorValue }).error;
    expect(localText(translator('zh-CN'), error)).toBe('引擎已停止（退出码 1）。请重新启动 Memory Lens。');
    expect(await orphan.handle('listFiles', {})).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
  });
});
