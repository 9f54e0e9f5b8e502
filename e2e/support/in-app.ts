import type { Page } from 'playwright-core';

/*
 * Moving inside the running app instead of loading a new document (decision 055, points 12 and 16).
 * A back-office page loaded by its address costs the 2-core machine 1.2–1.4 s of CPU (the app's
 * code fetched from cache, evaluated and rendered again); reached inside the app, about 0.1 s. A
 * journey loads a page by its address where the load is what it tests (a first load, a reload, a
 * guard on entry), and moves inside the app where it only needs to be on the page.
 */

/** A path of no page: the not-found page's <h1> belongs to no other page. */
export const NOT_FOUND_PATH = '/nie-ma-takiej-strony';

/** Takes the app to `url` the way the router follows a history entry: pushState, then popstate. */
export function followInApp(page: Page, url: string): Promise<void> {
  return page.evaluate((u) => {
    window.history.pushState(null, '', u);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/**
 * Opens `url` inside the running app, as its menus and links do, and waits for the page's <h1>:
 * through the not-found page, so that the next <h1> not marked as left is the target's own (or
 * the page the target sends the user to, as a guard does).
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  await followInApp(page, NOT_FOUND_PATH);
  const notFound = page.locator('main h1', { hasText: /^Nie znaleziono strony$/ });
  await notFound.waitFor();
  if (new URL(url, 'http://x').pathname === NOT_FOUND_PATH) return;
  await notFound.evaluate((h) => h.setAttribute('data-e2e-left', ''));
  await followInApp(page, url);
  await page.locator('main h1:not([data-e2e-left])').first().waitFor();
}
