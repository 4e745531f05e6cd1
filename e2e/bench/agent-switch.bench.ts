// The first search after switching agents (issue 34): from choosing the agent to the open query's
// answer from that agent's index, on OpenClaw's state folder with agents main and research. The
// first visit to research builds its index; later switches are served from the persisted one. Prints
// `UI-BENCH {...}` lines; asserts nothing about time.
//   npm run build:renderer:bench && npx playwright test --config e2e/bench/playwright.bench.config.ts agent-switch
import type { Page } from '@playwright/test';
import { expect, test } from '../support/serve-fixture.js';
import { startServe } from '../support/serve-fixture.js';
import { openApp, searchFor } from '../support/ui-helpers.js';

const QUERY = 'billing BM25';
const ONLY = { main: 'memory/2026-08-14-project-atlas.md', research: 'memory/reading-list.md' } as const;

/** Chooses `agent` and waits for the open query's answer to hold that agent's own note. */
async function timedSwitch(page: Page, agent: keyof typeof ONLY) {
  const started = await page.evaluate(() => performance.now());
  // Watch for the indexing line while we wait: the switch must either answer or say it is indexing.
  const sawIndexing = page
    .getByTestId('status-progress')
    .waitFor({ state: 'visible', timeout: 60_000 })
    .then(
      () => true,
      () => false,
    );
  // Options read "main (default)", "research", …: the agent's id first.
  const switcher = page.getByTestId('agent-switcher');
  const value = await switcher.locator('option', { hasText: new RegExp(`^${agent}\\b`) }).getAttribute('value');
  await switcher.selectOption(value!);
  await expect(page.locator(`[data-testid="search-result"][data-path="${ONLY[agent]}"]`).first()).toBeVisible({
    timeout: 120_000,
  });
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
  const ms = (await page.evaluate(() => performance.now())) - started;
  const indexing = await Promise.race([sawIndexing, Promise.resolve(false)]);
  return { agent, ms: Math.round(ms), indexingShown: indexing };
}

test('first search after an agent switch', async ({ page, serveArgs }) => {
  const served = await startServe(serveArgs, { stateFolder: 'openclaw-2026.9' });
  try {
    await openApp(page, served.url);
    await searchFor(page, QUERY);
    const runs = [];
    for (const agent of ['research', 'main', 'research', 'main', 'research'] as const)
      runs.push(await timedSwitch(page, agent));
    console.log(`UI-BENCH ${JSON.stringify({ bench: 'agent-switch-first-search', query: QUERY, runs })}`);
  } finally {
    await served.stop();
  }
});
