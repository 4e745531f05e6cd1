// The endpoint's key given to Memory Lens in Settings: sealed by the keychain (a real AES-GCM
// stand-in for Electron's safeStorage, test-support/aes-key-store.ts) into Memory Lens's data
// folder, used as the Bearer token against a real server that demands it, and never in a file in
// plain text, an answer, an event or a log line. Serve mode (no keychain) says so and refuses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractEvent } from '../../../shared/contract.js';
import { englishText, localText, translator } from '../../../shared/i18n.js';
import { englishLeft } from '../../../shared/test-support/english-left.js';
import type { IndexStatus } from '../../../shared/domain.js';
import type { EmbeddingProvider } from '../../memory/embed/embedding-provider.js';
import { startEmbeddingsServer } from '../../memory/embed/test-support/openai-embeddings-server.js';
import type { EmbeddingsServer } from '../../memory/embed/test-support/openai-embeddings-server.js';
import { loadTinyModel } from '../../memory/embed/test-support/tiny-provider.js';
import { createAppService } from '../app-service.js';
import type { AppService } from '../app-service.js';
import { AesTestKeyStore } from '../test-support/aes-key-store.js';

const KEY = 'sk-keychain-test-5f2c9a1e77';

let root: string;
let backing: EmbeddingProvider;
let server: EmbeddingsServer;
const logs: string[] = [];
const seen: string[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-endpoint-key-'));
  backing = await loadTinyModel(path.join(root, 'models'));
  server = await startEmbeddingsServer(backing);
  server.behaviour.requiredKey = KEY;
  fs.mkdirSync(path.join(root, 'workspace', 'memory'), { recursive: true });
  fs.writeFileSync(path.join(root, 'workspace', 'MEMORY.md'), '# Memory\n\nThe router needs a firmware update.\n');
  fs.writeFileSync(
    path.join(root, 'workspace', 'memory', '2026-05-04.md'),
    '# 2026-05-04\n\nSigned the contract today.\n',
  );
});

afterAll(async () => {
  await server.close();
  await backing.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function openApp(dataDir: string, keyStore?: AesTestKeyStore): Promise<AppService> {
  const app = await createAppService({
    dataDir,
    overrides: { openclawHome: path.join(root, 'openclaw-home'), embedderRetry: { firstMs: 600_000 } },
    ...(keyStore ? { keyStore } : {}),
    validateResults: true,
    watch: false,
    log: (message) => logs.push(englishText(message)),
  });
  await app.settings.update({ embedderEndpoint: { enabled: true, baseUrl: server.baseUrl, model: 'tiny-bert' } });
  app.session.onDidEvent((event: ContractEvent) => seen.push(JSON.stringify(event)));
  await app.open(path.join(root, 'workspace'), { isSample: false });
  await app.session.whenSynced();
  return app;
}

async function call<T>(app: AppService, method: string, args: unknown = {}): Promise<T> {
  const outcome = await app.dispatcher.handle(method, args);
  seen.push(JSON.stringify(outcome));
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.result as T;
}

function nextStatus(app: AppService, test: (status: IndexStatus) => boolean): Promise<IndexStatus> {
  return new Promise((resolve) => {
    const stop = app.session.onDidEvent((event) => {
      if (event.name === 'statusChanged' && test(event.payload as IndexStatus)) {
        stop();
        resolve(event.payload as IndexStatus);
      }
    });
  });
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe('the endpoint key in the OS keychain (desktop app)', () => {
  it('is sealed into the data folder, sent as the Bearer token, kept across restarts, and forgotten on request', async () => {
    const dataDir = path.join(root, 'desktop-data');
    const keychain = new AesTestKeyStore();
    const app = await openApp(dataDir, keychain);
    expect(await call(app, 'endpointKeyStatus')).toEqual({ available: true, unavailableReason: null, stored: false });
    expect((await call<IndexStatus>(app, 'status')).modeReason).toContain('answered 401');

    const hybrid = nextStatus(app, (s) => s.mode === 'hybrid' && s.vectorsStored === s.chunks && s.chunks > 0);
    expect(await call(app, 'endpointKeySet', { key: KEY })).toEqual({
      available: true,
      unavailableReason: null,
      stored: true,
    });
    await hybrid;
    expect(server.requests.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
    expect(keychain.encrypted).toEqual([KEY]);

    // Only sealed bytes on disk, in Memory Lens's own folder; they open with this keychain only.
    const sealedFile = path.join(dataDir, 'endpoint-key.sealed');
    expect((fs.statSync(sealedFile).mode & 0o777).toString(8)).toBe('600');
    expect(await keychain.decrypt(fs.readFileSync(sealedFile))).toBe(KEY);
    for (const file of [...filesUnder(dataDir), ...filesUnder(path.join(root, 'workspace'))]) {
      expect(fs.readFileSync(file).includes(KEY), file).toBe(false);
    }
    expect(fs.existsSync(path.join(root, 'openclaw-home'))).toBe(false);
    for (const method of ['settingsGet', 'status', 'modelCatalog', 'endpointKeyStatus']) await call(app, method);
    await app.close();

    // A restart reads the sealed key back: hybrid from the first search.
    const again = await openApp(dataDir, keychain);
    expect(await call(again, 'endpointKeyStatus')).toMatchObject({ stored: true });
    expect((await call<IndexStatus>(again, 'status')).mode).toBe('hybrid');

    const keywordOnly = nextStatus(again, (s) => s.mode === 'fts-only');
    expect(await call(again, 'endpointKeyForget')).toEqual({ available: true, unavailableReason: null, stored: false });
    expect(fs.existsSync(sealedFile)).toBe(false);
    expect((await keywordOnly).modeReason).toContain('answered 401');
    await again.close();

    // Another user's keychain cannot open the sealed key: reported, not used, not deleted.
    const owner = await openApp(dataDir, keychain);
    await call(owner, 'endpointKeySet', { key: KEY });
    await owner.close();
    const stranger = await openApp(dataDir, new AesTestKeyStore());
    expect(await call(stranger, 'endpointKeyStatus')).toMatchObject({
      stored: false,
      unavailableReason: expect.stringContaining('could not be decrypted'),
    });
    expect(fs.existsSync(sealedFile)).toBe(true);
    await stranger.close();

    // Nothing any answer, event or log line carried holds the key.
    expect(seen.length).toBeGreaterThan(10);
    for (const text of [...seen, ...logs]) expect(text).not.toContain(KEY);
  });

  it('serve mode has no keychain: it says so, refuses a key, and writes nothing', async () => {
    const dataDir = path.join(root, 'serve-data');
    const app = await openApp(dataDir);
    const status = await call<{ available: boolean; unavailableReason: string }>(app, 'endpointKeyStatus');
    expect(status).toMatchObject({ available: false, stored: false });
    expect(status.unavailableReason).toMatch(/serve mode .* environment variable/);
    const refused = await app.dispatcher.handle('endpointKeySet', { key: KEY });
    expect(refused).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    // The refusal says why by message id too, so a Chinese interface words it in Chinese.
    if (refused.ok) throw new Error('stored a key without a keychain');
    expect(refused.error.messageId).toBe('errors:endpointKey.cannotKeep');
    const chinese = localText(translator('zh-CN'), refused.error);
    expect(chinese).toMatch(/^无法保存密钥：此主机没有系统钥匙串/);
    expect(englishLeft(chinese)).toEqual([]);
    expect(JSON.stringify(refused)).not.toContain(KEY);
    expect(fs.existsSync(path.join(dataDir, 'endpoint-key.sealed'))).toBe(false);
    await app.close();
  });
});
