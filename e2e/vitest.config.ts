import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/*
 * The browser suite on its own: `npx vitest run --config e2e/vitest.config.ts` (after `npm run build`).
 * It matches the root config's `e2e` project plus its global setup (one real server, a test SMTP
 * server); keep the two aligned. Files run one after another, each with its own browser.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
});
