// UI benchmarks: `npx playwright test --config e2e/bench/playwright.bench.config.ts`. They print
// JSON lines and assert nothing about time (a slow CI machine is not a failing product).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.bench.ts',
  outputDir: '../../test-results/bench',
  globalSetup: '../support/global-setup.ts',
  timeout: 300_000,
  expect: { timeout: 30_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
