import { existsSync } from 'node:fs';

/** Debian's Chromium (browsers are never downloaded) and the flags verified on our machines (ARCHITECTURE.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser the tests drive: Debian's headless-only build of the same Chromium (package
 * `chromium-headless-shell`, which .ci/run installs beside `chromium`) when it is there, else
 * `chromium`. The same Blink and V8 without the full browser's UI layer: the browser suite's CPU fell
 * by about a third with it (decision 055, point 17). The benches keep the full browser a user runs.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
