import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './tests/support/workers.ts';

/** A PostgreSQL server per worker for the run, shared by the projects that use a database; unit tests start none. */
const postgres = 'tests/support/global-setup.ts';

export default defineConfig({
  test: {
    // Every core runs test files; integration and browser files run side by side, since most of their time is spent waiting on a server or a browser.
    maxWorkers: TEST_WORKERS,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['domain/**/*.test.ts', 'web/src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['eventstore/**/*.test.ts', 'projections/**/*.test.ts', 'api/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: [postgres],
          // A worker imports the product's modules once for all its files, not once per file (that took 100 s of a run).
          // Each file starts its own server and database, so nothing of one file's data reaches the next.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // A worker runs its browser files one after another in one process, so they share its Chromium and its test server (sharedServerAndBrowser in tests/e2e/support/browser.ts) rather than each starting its own.
          isolate: false,
          globalSetup: [postgres, 'tests/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page polled for a change waits as long as a locator does (UI_TIMEOUT in tests/e2e/support/browser.ts), not vitest's 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
