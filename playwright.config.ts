import { defineConfig, devices } from '@playwright/test';
// @ts-expect-error: a plain ESM script without types
import { findChromium } from './scripts/ensure.mjs';

// Browser tests run in Chromium against a real sandbox server on its own copy of the seeded
// database. Playwright's own browser is used when it is installed; otherwise Debian's chromium.
const port = Number(process.env.E2E_PORT ?? 8380);
export const baseURL = `http://localhost:${port}`;
const executablePath: string | undefined = process.env.CHROMIUM_PATH || findChromium() || undefined;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  webServer: {
    command: 'npx tsx tests/support/e2e-server.ts',
    url: `${baseURL}/api/configuration`,
    env: { E2E_PORT: String(port) },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
