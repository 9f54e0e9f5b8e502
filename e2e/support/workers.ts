/**
 * How many browser-suite files run at once (vitest.config.ts) and so how many servers
 * e2e/global-setup.ts starts: one per worker, each with its own data. Two on the 2-core machine the
 * suite is timed on: the servers, the browsers and the workers share its cores (decision 055).
 */
export const E2E_WORKERS = 2;

/**
 * The browser files that measure time (the first paint, a sign-in tapped before hydration, polling
 * intervals): the `e2e-alone` project runs them one at a time after the others, with one server,
 * so a file running beside them cannot starve them of the CPU (decision 055).
 */
export const E2E_ALONE = [
  'e2e/first-load.test.ts',
  // It compares the first paint with the moment the app's code is asked for (300 ms cap): beside
  // another file the paint came at 1.2 s and the cap first (2026-11-27 15:30 UTC).
  'e2e/home-shell.test.ts',
  'e2e/rep-first-load.test.ts',
  'e2e/sales-import-progress.test.ts',
  // It publishes a new version of the rules, which every rep of its server must then accept before
  // anything else (decision 060): beside other files their reps would stop at the consent page. The
  // other files here sign in only the demo seller, who accepts it in this file.
  'e2e/programme-settings.test.ts',
] as const;

/** The vitest project of those files. */
export const E2E_ALONE_PROJECT = 'e2e-alone';
