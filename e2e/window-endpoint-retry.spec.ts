// An embedding endpoint that is down when serve mode starts, in real Chromium: the status bar says
// keyword-only and offers "Retry now"; Settings says serve mode keeps no key in a keychain. The
// server comes up on the port it was given, Retry now, and search is hybrid (that the click does
// not wait for the background try is electron/app/endpoint-reconnect.test.ts's).
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import type { EmbeddingProvider } from '../electron/memory/embed/embedding-provider.js';
import { loadEmbedder } from '../electron/memory/embed/load-embedder.js';
import {
  reserveClosedPort,
  startEmbeddingsServer,
  type EmbeddingsServer,
} from '../electron/memory/embed/test-support/openai-embeddings-server.js';
import { TINY_MODEL_ID } from '../electron/memory/embed/test-support/tiny-model.js';
import { startServe } from './support/serve-fixture.js';
import { openApp, tinyModelsDir } from './support/ui-helpers.js';

let models: string;
let backing: EmbeddingProvider;
let server: EmbeddingsServer | null = null;

test.beforeAll(async () => {
  models = await tinyModelsDir();
  const loaded = await loadEmbedder({ model: TINY_MODEL_ID, modelsDir: models, allowDownload: false });
  if (!loaded.ok) throw new Error(loaded.reason.message);
  backing = loaded.provider;
});

test.afterAll(async () => {
  await server?.close();
  await backing.close();
  fs.rmSync(models, { recursive: true, force: true });
});

test.setTimeout(180_000);

test('endpoint down at start: keyword-only with Retry now; it comes up, one click, hybrid', async ({
  page,
}, testInfo) => {
  const port = await reserveClosedPort();
  const served = await startServe(['--embedder', `http://127.0.0.1:${port}/v1`, '--embedder-model', 'tiny-bert']);
  try {
    await openApp(page, served.url);
    await expect(page.getByTestId('status-mode')).toHaveAttribute('data-value', 'fts-only');
    const retry = page.getByTestId('status-embedder-retry');
    await expect(retry).toBeVisible();
    await expect(page.getByTestId('status-mode')).toHaveAttribute('title', /ECONNREFUSED .*trying again in/);

    await page.getByTestId('status-model').click();
    await expect(page.getByTestId('endpoint-key-unavailable')).toContainText('serve mode');
    await expect(page.getByTestId('settings-embedder-retry')).toContainText('ECONNREFUSED');

    server = await startEmbeddingsServer(backing, { port });
    await retry.click();
    await expect(page.getByTestId('status-mode')).toHaveAttribute('data-value', 'hybrid', { timeout: 90_000 });
    await expect(retry).toHaveCount(0);
    await expect(page.getByTestId('settings-embedder-retry')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('endpoint-back.png') });
    expect(server.requests.some((r) => r.model === 'tiny-bert' && r.status === 200)).toBe(true);
  } finally {
    await served.stop();
  }
});
