// Playwright: the real UI in Debian's Chromium against serve mode (e2e/*.spec.ts), plus the
// Electron specs, which skip with a printed reason where no Electron binary exists.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  // e2e/faults/*.test.ts are vitest's (fault injection through child processes).
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Each spec starts its own `memlens serve`; a couple in parallel keeps CI quick and ports free.
  workers: 2,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    // Recording a trace (and a screenshot after every test) cost a fifth of the run's CPU: on a
    // 2-core CI machine that was minutes. Set PW_TRACE=retain-on-failure to record traces locally.
    screenshot: 'only-on-failure',
    trace: process.env.PW_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
