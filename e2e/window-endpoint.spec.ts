// The embedder the user already runs, in real Chromium against serve mode: the agent's
// openclaw.json names a local OpenAI-compatible server (a real one on 127.0.0.1 answering with
// the tiny ONNX model's vectors); Settings offers it in one click and search becomes hybrid.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { EmbeddingProvider } from '../electron/memory/embed/embedding-provider.js';
import { loadEmbedder } from '../electron/memory/embed/load-embedder.js';
import {
  startEmbeddingsServer,
  type EmbeddingsServer,
} from '../electron/memory/embed/test-support/openai-embeddings-server.js';
import { TINY_MODEL_ID } from '../electron/memory/embed/test-support/tiny-model.js';
import { test } from './support/serve-fixture.js';
import { openApp, tinyModelsDir } from './support/ui-helpers.js';

let models: string;
let backing: EmbeddingProvider;
let server: EmbeddingsServer;

test.beforeAll(async () => {
  models = await tinyModelsDir();
  const loaded = await loadEmbedder({ model: TINY_MODEL_ID, modelsDir: models, allowDownload: false });
  if (!loaded.ok) throw new Error(loaded.reason.message);
  backing = loaded.provider;
  server = await startEmbeddingsServer(backing);
});

test.afterAll(async () => {
  await server.close();
  await backing.close();
  fs.rmSync(models, { recursive: true, force: true });
});

test.setTimeout(180_000);

test("Settings offers the agent's local embedder from openclaw.json; one click makes search hybrid through it", async ({
  page,
  served,
}, testInfo) => {
  fs.writeFileSync(
    path.join(served.home, '.openclaw', 'openclaw.json'),
    `{ memory: { search: { provider: "openai-compatible", model: "tiny-bert", remote: { baseUrl: "${server.baseUrl}", apiKey: "sk-not-for-memlens" } } } }`,
  );
  await openApp(page, served.url);
  await expect(page.getByTestId('status-mode')).toHaveAttribute('data-value', 'fts-only');
  await page.getByTestId('status-model').click();
  const offer = page.getByTestId('endpoint-offer');
  await expect(offer).toContainText(`tiny-bert at ${server.baseUrl}`);
  await offer.getByTestId('endpoint-offer-use').click();
  await expect(page.getByTestId('status-mode')).toHaveAttribute('data-value', 'hybrid', { timeout: 90_000 });
  await expect(page.getByTestId('endpoint-base-url')).toHaveValue(server.baseUrl);
  await expect(page.getByTestId('endpoint-model')).toHaveValue('tiny-bert');
  await page.screenshot({ path: testInfo.outputPath('settings-endpoint.png') });
  // The key in openclaw.json is the agent's: Memory Lens never sends it.
  expect(server.requests.length).toBeGreaterThan(0);
  expect(server.requests.every((r) => r.authorization === null && r.model === 'tiny-bert')).toBe(true);
});
