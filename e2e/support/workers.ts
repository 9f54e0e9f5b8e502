/**
 * How many browser-suite files run at once (vitest.config.ts) and so how many servers
 * e2e/global-setup.ts starts: one per worker, each with its own data. Two on the 2-core machine the
 * suite is timed on: the servers, the browsers and the workers share its cores (decision 055).
 */
export const E2E_WORKERS = 2;
