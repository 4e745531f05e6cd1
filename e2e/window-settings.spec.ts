// Settings a person can see and trust, in real Chromium against serve mode: one short keyword-only
// notice with a way to fix it; a model switched from the Settings view (a models folder with the
// tiny test model) with its progress, ending hybrid; what-if changes that say when they do nothing,
// explain what they drop, and are saved only when asked; 👍/👎 exported as an eval queries file;
// transcripts of agents left out from the view; the theme.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, type APIRequestContext, type Route } from '@playwright/test';
import { test as base } from '@playwright/test';
import type { Settings } from '../shared/settings-schema.js';
import { EvalQuerySchema } from '../shared/app-data-schemas.js';
import { TINY_MODEL_ID } from '../electron/memory/embed/test-support/tiny-model.js';
import { startServe, test, type ServedWorkspace } from './support/serve-fixture.js';
import { fileItem, openApp, searchFor, tinyModelsDir } from './support/ui-helpers.js';

async function settingsOf(request: APIRequestContext, served: ServedWorkspace): Promise<Settings> {
  const response = await request.post(`${served.origin}/api/settingsGet`, {
    headers: { 'x-memlens-token': served.token },
    data: {},
  });
  return ((await response.json()) as { result: Settings }).result;
}

test('keyword-only is one short notice with a way to set up a model; the details stay in Settings', async ({
  page,
  served,
}, testInfo) => {
  await openApp(page, served.url);
  const notice = page.getByTestId('notice-keyword-only');
  await expect(notice).toHaveCount(1);
  // One line: the reason's short clause (worded as the CLI words it, shared/search-wording.ts), no details.
  expect((await notice.innerText()).length).toBeLessThan(120);
  await expect(notice.getByTestId('notice-text')).toHaveText(/^Keyword-only: [^—]+\.$/);
  await expect(notice.getByTestId('setup-model')).toHaveText('Set up a model');
  // No file paths in the status bar or the panel.
  expect(await page.getByTestId('status-bar').innerText()).not.toMatch(/\/|models/);
  await searchFor(page, 'router');
  await expect(page.getByTestId('notice-keyword-only')).toHaveCount(1);
  await page.getByTestId('search-result').first().getByTestId('breakdown-toggle').click();
  expect((await page.getByTestId('bd-vector-unavailable').first().innerText()).length).toBeLessThan(90);
  await expect(page.getByTestId('bd-weights-renormalised').first()).toHaveText(
    '(configured text 0.3 · vector 0.7, renormalised)',
  );

  await notice.getByTestId('setup-model').click();
  await expect(page.getByTestId('settings-view')).toBeVisible();
  const options = page.getByTestId('model-option');
  await expect(options).toHaveCount(4);
  for (const option of await options.all()) await expect(option).toContainText(/download ≈\d+(\.\d)? MB/);
  await expect(page.getByTestId('model-now')).toContainText('Keyword-only');
  await page.getByTestId('model-details-toggle').click();
  await expect(page.getByTestId('model-details')).toContainText(path.join(served.dataDir, 'models'));
  await page.screenshot({ path: testInfo.outputPath('settings-keyword-only.png') });
});

test('what-if: weights say they do nothing keyword-only; decay explains what it drops; nothing is saved until asked', async ({
  page,
  request,
  served,
}) => {
  await openApp(page, served.url);
  await searchFor(page, '合同金额');
  const before = await page
    .getByTestId('search-result')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
  expect(before.some((p) => /2026-06-12/.test(p ?? ''))).toBe(true);
  await page.getByTestId('search-settings-toggle').click();
  await expect(page.getByTestId('setting-weights-inactive')).toBeVisible();
  await expect(page.getByTestId('setting-text-weight')).toBeDisabled();

  await page.getByTestId('setting-decay').check();
  await expect(page.getByTestId('what-if-badge')).toContainText('decay');
  // Every dated result that dropped out says why, in the engine's words.
  const dropped = page.getByTestId('dropped-result');
  await expect(dropped.first()).toBeVisible();
  const whys = page.getByTestId('dropped-why');
  await expect(whys.first()).toHaveAttribute('data-code', /.+/);
  for (const why of await whys.all())
    await expect(why).toHaveAttribute('data-code', /below-min-score|beyond-max-results/);
  await expect(whys.first()).toContainText(/minimum score|max/i);
  // Not saved: the settings file still has decay off.
  expect((await settingsOf(request, served)).search.decay.enabled).toBe(false);

  await page.getByTestId('what-if-save').click();
  await expect(page.getByTestId('what-if-state')).toHaveAttribute('data-value', 'saved');
  expect((await settingsOf(request, served)).search.decay.enabled).toBe(true);
  await page.getByTestId('setting-decay').uncheck();
  await page.getByTestId('what-if-revert').click();
  await expect(page.getByTestId('setting-decay')).toBeChecked();
});

test('search defaults are saved from the Settings view only by Save', async ({ page, request, served }) => {
  await openApp(page, served.url);
  await page.getByTestId('view-settings').click();
  await page.getByTestId('default-max-results').fill('10');
  await expect(page.getByTestId('defaults-unsaved')).toContainText('max results');
  expect((await settingsOf(request, served)).search.maxResults).toBe(6);
  await page.getByTestId('defaults-save').click();
  await expect(page.getByTestId('defaults-saved')).toBeVisible();
  expect((await settingsOf(request, served)).search.maxResults).toBe(10);
  // The panel starts from the new defaults.
  await page.getByTestId('search-settings-toggle').click();
  await expect(page.getByTestId('setting-max-results')).toHaveValue('10');
  await expect(page.getByTestId('what-if-state')).toHaveAttribute('data-value', 'saved');
});

test('👍/👎 are kept and exported as an eval queries file', async ({ page, served }) => {
  await openApp(page, served.url);
  await searchFor(page, '合同金额');
  const rows = page.getByTestId('search-result');
  const first = {
    path: (await rows.nth(0).getAttribute('data-path'))!,
    lines: (await rows.nth(0).getAttribute('data-lines'))!,
  };
  await rows.nth(0).getByTestId('judge-relevant').click();
  await expect(rows.nth(0).getByTestId('judge-relevant')).toHaveAttribute('aria-pressed', 'true');
  await rows.nth(1).getByTestId('judge-irrelevant').click();
  await expect(rows.nth(1).getByTestId('judge-irrelevant')).toHaveAttribute('aria-pressed', 'true');
  // Kept in the data dir: a reload shows them again.
  await page.reload();
  await searchFor(page, '合同金额');
  await expect(rows.nth(0).getByTestId('judge-relevant')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('view-settings').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('judgments-export').click();
  const file = await (await download).path();
  const lines = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => EvalQuerySchema.parse(JSON.parse(l)));
  const [start, end] = first.lines.split('-').map(Number);
  expect(lines).toEqual([
    expect.objectContaining({
      query: '合同金额',
      relevant: [{ path: first.path, startLine: start, endLine: end ?? start }],
    }),
  ]);
  await expect(page.getByTestId('judgments-exported')).toHaveAttribute('data-queries', '1');
});

test('the theme is chosen in Settings and kept', async ({ page, served }) => {
  await openApp(page, served.url);
  // Until the saved settings are read, the theme and the language cannot be chosen: the saved ones,
  // arriving after, would put the old choice back on screen.
  const held: Route[] = [];
  let holding = true;
  await page.route('**/api/settingsGet', (route) => (holding ? void held.push(route) : route.continue()));
  await page.getByTestId('view-settings').click();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.getByTestId('theme-dark')).toBeDisabled();
  await expect(page.getByTestId('language-select')).toBeDisabled();
  holding = false;
  for (const route of held) await route.continue();
  await page.unroute('**/api/settingsGet');
  await page.getByTestId('theme-dark').check();
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(22, 24, 29)');
  await page.reload();
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(22, 24, 29)');
});

test.describe('on the team workspace', () => {
  test.use({ serveFixture: 'team-workspace' });

  test('agents found inside the workspace are listed, and one can be left out (with a hint that it is)', async ({
    page,
    served,
  }, testInfo) => {
    await openApp(page, served.url);
    await page.getByTestId('view-settings').click();
    const sources = page.getByTestId('session-source');
    await expect(sources).toHaveCount(2);
    await expect(page.locator('[data-testid="session-source"][data-agent="main"]')).toContainText(
      '2 transcripts · agents/ inside the workspace',
    );
    const coder = page.locator('[data-testid="session-source"][data-agent="coder"]');
    await coder.getByTestId('session-source-toggle').uncheck();
    await expect(coder).toHaveAttribute('data-included', 'false');
    // The engine reopens without that agent: its transcripts leave the list, and the sidebar says so.
    await expect(page.locator('[data-testid="file-group"][data-group="sessions/coder"]')).toHaveCount(0, {
      timeout: 20_000,
    });
    await expect(page.getByTestId('transcripts-excluded')).toContainText('1 transcript left out (agent coder)');
    await expect(fileItem(page, 'sessions/main/9e8d7c6b-5a49-4382-9170-a1b2c3d4e5f6.jsonl')).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('agents-excluded.png') });
    await coder.getByTestId('session-source-toggle').check();
    await expect(page.locator('[data-testid="file-group"][data-group="sessions/coder"]')).toHaveCount(1, {
      timeout: 20_000,
    });
    await expect(page.getByTestId('transcripts-excluded')).toHaveCount(0);
  });

  test('a model switched in Settings loads with progress, and search becomes hybrid', async ({
    page,
    served,
  }, testInfo) => {
    const models = await tinyModelsDir();
    try {
      await openApp(page, served.url);
      await expect(page.getByTestId('status-mode')).toHaveAttribute('data-value', 'fts-only');
      await page.getByTestId('status-model').click();
      await expect(page.getByTestId('settings-view')).toBeVisible();
      await page.getByTestId('model-custom-id').fill(TINY_MODEL_ID);
      await page.getByTestId('models-dir').fill(models);
      await page.getByTestId('model-apply').click();
      await expect(page.getByTestId('model-progress')).toBeVisible();
      await expect(page.getByTestId('model-ready')).toContainText(TINY_MODEL_ID, { timeout: 30_000 });
      await expect(page.getByTestId('status-mode')).toHaveAttribute('data-value', 'hybrid', { timeout: 30_000 });
      await expect(page.getByTestId('model-now')).toHaveAttribute('data-value', TINY_MODEL_ID);
      await expect(page.locator(`[data-testid="model-option"][data-id="${TINY_MODEL_ID}"]`)).toHaveAttribute(
        'data-installed',
        'true',
      );
      await page.screenshot({ path: testInfo.outputPath('settings-hybrid.png') });
      await searchFor(page, 'Disco Elysium');
      await expect(page.getByTestId('search-summary')).toContainText('hybrid');
      await expect(page.getByTestId('notice-keyword-only')).toHaveCount(0);
    } finally {
      fs.rmSync(models, { recursive: true, force: true });
    }
  });
});

base(
  'a model downloads with a progress bar in bytes when downloads are allowed (from a hub mirror)',
  async ({ page }, testInfo) => {
    // A stand-in for the Hugging Face hub (MEMLENS_MODEL_HOST is how people use a mirror): it serves
    // the tiny model in slow pieces so the download takes long enough to be watched.
    const models = await tinyModelsDir();
    const hub = await startSlowHub(path.join(models, ...TINY_MODEL_ID.split('/')));
    const served = await startServe([], { fixture: 'team-workspace', env: { MEMLENS_MODEL_HOST: hub.url } });
    try {
      await openApp(page, served.url);
      await page.getByTestId('view-settings').click();
      await page.getByTestId('model-custom-id').fill(TINY_MODEL_ID);
      await page.getByTestId('allow-download-yes').check();
      await expect(page.getByTestId('model-needs-download')).toHaveCount(0);
      await page.getByTestId('model-apply').click();
      const progress = page.getByTestId('model-progress');
      await expect(progress).toHaveAttribute('data-phase', 'downloading', { timeout: 30_000 });
      await expect(progress).toContainText(/Downloading test\/tiny-bert: [\d.]+ kB of [\d.]+ kB/);
      await expect(page.getByTestId('status-model-progress')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('model-downloading.png') });
      await expect(page.getByTestId('model-ready')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('status-mode')).toHaveAttribute('data-value', 'hybrid', { timeout: 30_000 });
      // The files landed in the models folder: the next start needs no download.
      expect(fs.existsSync(path.join(served.dataDir, 'models', 'test', 'tiny-bert', 'config.json'))).toBe(true);
      expect(hub.requests().some((r) => r.endsWith('/onnx/model_quantized.onnx'))).toBe(true);
    } finally {
      await served.stop();
      await hub.close();
      fs.rmSync(models, { recursive: true, force: true });
    }
  },
);

/** Serves `<model dir>` as `/test/tiny-bert/resolve/main/<file>` the way the hub does, 4 KB every 40 ms. */
async function startSlowHub(modelDir: string): Promise<{ url: string; requests(): string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    seen.push(url);
    const match = /^\/test\/tiny-bert\/resolve\/main\/(.+)$/.exec(url);
    // Downloads fetch the int8 file; the tiny model has only the float one, which loads the same way.
    const file = match ? path.join(modelDir, match[1]!.replace('model_quantized.onnx', 'model.onnx')) : null;
    if (!file || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const body = fs.readFileSync(file);
    res.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream' });
    let at = 0;
    const timer = setInterval(() => {
      res.write(body.subarray(at, at + 4096));
      at += 4096;
      if (at >= body.length) {
        clearInterval(timer);
        res.end();
      }
    }, 40);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests: () => [...seen],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
