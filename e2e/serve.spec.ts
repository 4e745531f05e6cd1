// Serve mode in real Chromium: the printed URL opens the UI, the token moves into a cookie, the
// sample workspace's files are listed, events stream, and the CSP refuses injected scripts.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './support/serve-fixture.js';

test('the printed URL opens the UI and lists the sample workspace', async ({ page, served }, testInfo) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto(served.url);
  // The token left the address bar (and the history) for an HttpOnly cookie.
  expect(page.url()).not.toContain('token=');
  expect(page.url()).toBe(`${served.origin}/`);

  await expect(page.locator('[data-testid="file-item"][data-path="MEMORY.md"]')).toBeVisible();
  await expect(page.locator('[data-testid="file-item"][data-path="USER.md"]')).toBeVisible();
  await expect(page.locator('[data-testid="file-item"][data-path="memory/travel.md"]')).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name.startsWith('memlens_token_'))).toMatchObject({
    httpOnly: true,
    sameSite: 'Strict',
  });
  await page.screenshot({ path: testInfo.outputPath('serve-file-list.png'), fullPage: true });
  expect(cspViolations).toEqual([]);
});

test('without the token the server answers 401 and shows nothing', async ({ browser, served }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(`${served.origin}/`);
  expect(response?.status()).toBe(401);
  await expect(page.locator('[data-testid="file-sidebar"]')).toHaveCount(0);
  const api = await context.request.post(`${served.origin}/api/listFiles`, { data: {} });
  expect(api.status()).toBe(401);
  await context.close();
});

test('events reach the page over the cookie-authenticated stream', async ({ page, served }) => {
  await page.goto(served.url);
  await expect(page.locator('[data-testid="file-item"][data-path="MEMORY.md"]')).toBeVisible();
  const received = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const source = new EventSource('/api/events');
        source.addEventListener('fileChanged', (event) => {
          const data = (event as MessageEvent<string>).data;
          if (data.includes('memory/travel.md')) {
            source.close();
            resolve(data);
          }
        });
      }),
  );
  // Give the stream a moment to connect before the edit.
  await page.waitForTimeout(500);
  fs.appendFileSync(path.join(served.workspace, 'memory', 'travel.md'), '\nEdited on disk during the e2e test.\n');
  expect(JSON.parse(await received)).toMatchObject({ path: 'memory/travel.md', change: 'changed' });
});

test('the CSP refuses an injected inline script and remote connections', async ({ page, served }) => {
  await page.goto(served.url);
  await expect(page.locator('[data-testid="file-item"][data-path="MEMORY.md"]')).toBeVisible();
  const outcome = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.appendChild(script);
    let remote = 'allowed';
    try {
      await fetch('https://example.com/beacon', { mode: 'no-cors' });
    } catch {
      remote = 'blocked';
    }
    return { injected: (window as unknown as { __injected?: boolean }).__injected ?? false, remote };
  });
  expect(outcome).toEqual({ injected: false, remote: 'blocked' });
});
