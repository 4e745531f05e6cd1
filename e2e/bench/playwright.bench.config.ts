// UI benchmarks: `npx playwright test --config e2e/bench/playwright.bench.config.ts`. They print
// JSON lines and assert nothing about time (a slow CI machine is not a failing product). They
// drive the store through window.__memlensBench, so serve mode serves the bench build of the UI
// (renderer-dist-bench/, built by bench-global-setup.ts), never the production renderer-dist/.
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import type { ServeOptions } from '../support/serve-fixture.js';

const root = path.resolve(import.meta.dirname, '..', '..');

export default defineConfig<ServeOptions>({
  testDir: '.',
  testMatch: '*.bench.ts',
  outputDir: '../../test-results/bench',
  globalSetup: './bench-global-setup.ts',
  timeout: 300_000,
  expect: { timeout: 30_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    serveArgs: ['--renderer-dir', path.join(root, 'renderer-dist-bench')],
    browserName: 'chromium',
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
