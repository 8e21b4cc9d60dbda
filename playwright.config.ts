import { defineConfig, devices } from '@playwright/test';
// @ts-expect-error: a plain ESM script without types
import { findTestBrowser } from './scripts/ensure.mjs';
import { baseURL, E2E_WORKERS, sandboxPort } from './tests/e2e/support/sandboxes.js';

// Browser tests run in Chromium against real sandbox servers, each on its own copy of the seeded
// database: one per worker (tests/e2e/support/sandboxes.ts), so the workers share nothing but the
// machine. The browser is Chromium's headless shell, or the full Chromium (scripts/ensure.mjs).
export { baseURL };
const executablePath: string | undefined = findTestBrowser() || undefined;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A spec file's tests run in order on one worker (several build on each other's records); the
  // files are spread over the workers, one per core.
  fullyParallel: false,
  workers: E2E_WORKERS,
  // A failed test runs once more, and the report lists it as flaky: on two loaded cores a click now
  // and then lands while the page is still settling, and one such failure of one test among the
  // 180 cost a whole CI run. A test that fails twice fails the run.
  retries: 1,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL,
    // A failed test keeps its trace: each action with the page's DOM before and after it. Without the
    // film strip of screenshots, which cost a third of the browser tests' CPU (measured: 188 against
    // 130 CPU seconds for two spec files); the failure's own screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
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
        // Renderers started by the browser itself, not forked by its zygote: the zygote outlives the
        // browser it served and ends as an orphan, and the CPU of every renderer it reaped is then
        // counted by no one (the time command said 105 % of one core while the machine was 94 % busy
        // on both).
        '--no-zygote',
      ],
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, worker) => ({
    // The server is Playwright's own child (exec: no shell or npx between them), stopped with SIGTERM
    // so that it closes its database and exits: killed, it left orphans whose CPU no one counted.
    command: 'exec node --import tsx tests/support/e2e-server.ts',
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    url: `http://localhost:${sandboxPort(worker)}/api/configuration`,
    env: { E2E_PORT: String(sandboxPort(worker)) },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
