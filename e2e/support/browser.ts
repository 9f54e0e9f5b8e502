import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFinished, type TestContext } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
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
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Hosts outside the product answer from a local stand-in (support/outside-hosts.ts says why not a route).
    args: [...CHROMIUM_FLAGS, ...(await outsideHostFlags())],
  });
}

export interface BrowserFixture {
  /**
   * A page in a fresh context (its own localStorage), closed when the test ends. When the test
   * fails, a full-page screenshot is saved under test-results/ first.
   */
  newPage(opts?: BrowserContextOptions): Promise<Page>;
}

/** One browser per test file: launched in beforeAll, always closed in afterAll. */
export function useBrowser(): BrowserFixture {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(opts = {}) {
      if (!browser) throw new Error('useBrowser(): the browser is not running (call newPage inside a test)');
      const context = await browser.newContext({ baseURL: baseUrl(), locale: 'pl-PL', viewport: DESKTOP, ...opts });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      trackRequests(page);
      // Vitest runs onTestFinished before onTestFailed, so the failure screenshot is taken here, before closing.
      onTestFinished(async ({ task }) => {
        try {
          if (task.result?.state === 'fail') await screenshotAll(context.pages(), page, task);
        } finally {
          await context.close();
        }
      });
      return page;
    },
  };
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
