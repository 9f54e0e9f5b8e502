import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFinished, type TestContext } from 'vitest';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { baseUrl } from './env.ts';
import { outsideHostFlags } from './outside-hosts.ts';
import { trackRequests } from './settled.ts';

/** Failure screenshots go here (gitignored). */
export const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;
/** The wide desktop the issue-10 walk used: tables and tab strips are checked at PHONE and WIDE. */
export const WIDE = { width: 1440, height: 900 } as const;

/** Debian's Chromium with the flags verified on our machine (ARCHITECTURE.md); browsers are never downloaded. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    // Hosts outside the product answer from a local stand-in (support/outside-hosts.ts says why not a route).
    args: [...CHROMIUM_FLAGS, ...(await outsideHostFlags())],
  });
}

export interface BrowserFixture {
  /**
   * A page in a context of its own while the test runs (no other page of the test shares its
   * localStorage or cookies), closed when the test ends. When the test fails, a full-page screenshot
   * is saved under test-results/ first. A concurrent test passes its own context (`test.concurrent`
   * tests share vitest's global hooks, which then cannot tell whose page it is).
   */
  newPage(opts?: BrowserContextOptions, test?: Pick<TestContext, 'onTestFinished'>): Promise<Page>;
}

/** What a context a later test reuses must not keep: everything an origin stores, but its HTTP cache. */
const STORAGE_TYPES = 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql';

/**
 * One browser per test file, launched in beforeAll and always closed in afterAll. A test's context
 * goes back to the file's pool when the test ends (its pages closed, its cookies and permissions
 * cleared; the origin's storage is cleared when a test takes it again), so the next test with the same options starts from a
 * warm HTTP cache instead of a new profile: a new context and a cold first load cost the browser
 * about 1.5 s of CPU on the 2-core machine (decision 055). `fresh: true` keeps the old behaviour
 * (the files that measure a first load use it).
 */
export function useBrowser({ fresh = false }: { fresh?: boolean } = {}): BrowserFixture {
  let browser: Browser | undefined;
  const idle = new Map<string, BrowserContext[]>();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(opts = {}, test = { onTestFinished }) {
      if (!browser) throw new Error('useBrowser(): the browser is not running (call newPage inside a test)');
      const key = JSON.stringify(opts);
      const kept = fresh ? undefined : idle.get(key)?.pop();
      // No service worker unless a test asks for one (e2e/installable-app.test.ts): with one, page.route
      // no longer sees a page load, and the tests here are about the app, not its offline page.
      const context =
        kept ??
        (await browser.newContext({
          baseURL: baseUrl(),
          locale: 'pl-PL',
          viewport: DESKTOP,
          serviceWorkers: 'block',
          ...opts,
        }));
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      if (kept) await clearOrigin(page);
      trackRequests(page);
      // Vitest runs onTestFinished before onTestFailed, so the failure screenshot is taken here, before closing.
      test.onTestFinished(async ({ task }) => {
        try {
          if (task.result?.state === 'fail') await screenshotAll(context.pages(), page, task);
        } finally {
          if (fresh || task.result?.state === 'fail') await context.close();
          else {
            await Promise.all(context.pages().map((p) => p.close()));
            await context.clearCookies();
            await context.clearPermissions();
            idle.set(key, [...(idle.get(key) ?? []), context]);
          }
        }
      });
      return page;
    },
  };
}

/** Clears what the app's origin stored in the page's context (localStorage, IndexedDB…), keeping the HTTP cache. */
async function clearOrigin(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseUrl()).origin, storageTypes: STORAGE_TYPES });
  } finally {
    await cdp.detach();
  }
}

/** Full-page screenshots of every open page of a failed test, named after the file and the test. */
async function screenshotAll(pages: Page[], main: Page, task: TestContext['task']) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const base = path.join(RESULTS_DIR, `${slug(task.file?.name ?? 'e2e')}--${slug(task.name)}`);
  for (const [i, p] of pages.entries()) {
    const file = p === main ? `${base}.png` : `${base}-${i}.png`;
    try {
      await p.screenshot({ path: file, fullPage: true });
      console.error(`[e2e] failure screenshot: ${path.relative(process.cwd(), file)} (${p.url()})`);
    } catch (err) {
      console.error(`[e2e] failure screenshot of ${p.url()} failed: ${(err as Error).message}`);
    }
  }
}

function slug(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 100);
}
