import { defineConfig } from 'vitest/config';
import { RouteCoverageFirst } from './e2e/support/sequencer.ts';
import { E2E_ALONE, E2E_ALONE_PROJECT, E2E_WORKERS } from './e2e/support/workers.ts';

/*
 * Three suites, run by name: `vitest run --project unit --project api`, `vitest run --project e2e
 * --project e2e-alone` (the browser suite: its timing-sensitive files run alone, after the others).
 * The machine has 2 cores: never more than 2 workers.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    teardownTimeout: 60_000,
    // Route coverage first among the browser files (e2e/support/sequencer.ts).
    sequence: { sequencer: RouteCoverageFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/**/*.unit.test.ts', 'apps/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          // API tests go through app.inject against a private copy of one migrated, seeded database
          // (PGlite by default, PostgreSQL when DATABASE_URL is set): see apps/api/test/global-setup.ts.
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          // A worker keeps the modules it has loaded from one file to the next: each file still builds
          // its own app on its own copy of the database (test/test-app.ts), and the modules keep no
          // state of their own outside what is keyed by that app. Loading them once a worker instead
          // of once a file saves about 200 s of the suite's 240 s of imports (decision 055).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // Browser journeys against the built app (`npm run build` first): two files at once, each
          // worker with its own real server and local SMTP server (e2e/global-setup.ts starts one per
          // worker, e2e/support/env.ts picks it), so files never see each other's data (decision 055).
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...E2E_ALONE],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          // Two files share the two cores: a journey takes up to twice its time alone (decision 055).
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // The browser files that measure time (first paint, hydration, polling): one at a time,
          // after the others, on a server of their own (decision 055).
          name: E2E_ALONE_PROJECT,
          include: [...E2E_ALONE],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
