import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code (x.test.ts); API and database tests live in tests/api and
// tests/db and start a real server on a copy of a seeded database. Browser tests are Playwright's.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'embed-sdk/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/db/**/*.test.ts',
          ],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['widgets/**/*.test.{ts,tsx}', 'portal/**/*.test.{ts,tsx}'],
          setupFiles: ['widgets/ui/testing/jsdomSetup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
