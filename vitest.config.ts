import os from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Unit tests sit beside the code (x.test.ts); API and database tests live in tests/api and
// tests/db and start a real server on a copy of a seeded database. Browser tests are Playwright's.

/**
 * A worker keeps the modules it imported from one test file to the next, instead of importing the
 * server, React and Fluent UI again for each of 220 files (that import took 219 s of the suite's
 * 1,100, and jsdom's set-up another 105). What a test must not share it makes for itself: a server
 * on its own copy of the database, its own SWR cache and Jotai store, a tree unmounted after each
 * test (widgets/ui/testing/jsdomSetup.ts), timers and globals restored by the file that changed them.
 * A module replaced with vi.mock would stay replaced for the files after it, so a file that mocks one
 * is named *.isolated.test.ts(x) (lint says so) and runs in a module graph of its own.
 */
const ISOLATED = '**/*.isolated.test.{ts,tsx}';
type Project = TestProjectInlineConfiguration['test'] & { name: string; include: string[] };

function sharingModules(project: Project): TestProjectInlineConfiguration[] {
  return [
    { test: { ...project, isolate: false, exclude: [...configDefaults.exclude, ISOLATED] } },
    {
      test: {
        ...project,
        name: `${project.name}, isolated`,
        isolate: true,
        include: project.include.map((glob) => glob.replace(/\*\.test\./, '*.isolated.test.')),
      },
    },
  ];
}

export default defineConfig({
  test: {
    // One worker per core (TEST_WORKERS, which `npm test` sets, says otherwise); Vitest's own default
    // leaves a core to its main process, which on two cores idles one of them.
    maxWorkers: Number(process.env.TEST_WORKERS) || os.availableParallelism(),
    projects: [
      ...sharingModules({
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
      }),
      ...sharingModules({
        name: 'dom',
        environment: 'jsdom',
        include: ['widgets/**/*.test.{ts,tsx}', 'portal/**/*.test.{ts,tsx}', 'packages/**/*.test.{ts,tsx}'],
        setupFiles: ['widgets/ui/testing/jsdomSetup.ts'],
        testTimeout: 20_000,
      }),
    ],
  },
});
