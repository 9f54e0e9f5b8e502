import type { Page, Request } from 'playwright-core';

/*
 * "The page has done its calls", without Playwright's `networkidle`, which waits for 500 ms of no
 * network at all after the last request: route coverage alone waited about 200 s for nothing that
 * way (decision 055, "Where the time went"). Here the page's requests are counted from its creation
 * (browser.ts tracks every page it opens), and the page is settled once none is in flight and none
 * has started for QUIET_MS, the time a render takes to start the next call after an answer.
 */

const QUIET_MS = 120;

interface Tracker {
  pending: Set<Request>;
  lastStart: number;
}

const trackers = new WeakMap<Page, Tracker>();

/** Counts `page`'s requests from now on (browser.ts calls it for every page it opens). */
export function trackRequests(page: Page) {
  const t: Tracker = { pending: new Set(), lastStart: 0 };
  page.on('request', (r) => {
    t.pending.add(r);
    t.lastStart = Date.now();
  });
  const done = (r: Request) => t.pending.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  trackers.set(page, t);
}

/**
 * Resolves when no request of the page is in flight and none has started for `quietMs` (QUIET_MS by
 * default); fails after `timeout` ms naming the requests still open. A page whose app code has yet
 * to run is quiet too: wait for something the app renders first (its <h1>), then for this.
 */
export async function settled(page: Page, { quietMs = QUIET_MS, timeout = 15_000 } = {}): Promise<void> {
  const t = trackers.get(page);
  if (!t) throw new Error('settled(): the page was not opened through useBrowser().newPage()');
  const until = Date.now() + timeout;
  for (;;) {
    const quietFor = Date.now() - t.lastStart;
    if (t.pending.size === 0 && quietFor >= quietMs) return;
    if (Date.now() > until) {
      const open = [...t.pending].map((r) => `${r.method()} ${r.url()}`);
      throw new Error(`settled(): still in flight after ${timeout} ms: ${open.join(', ') || '(none)'}`);
    }
    await new Promise((r) => setTimeout(r, t.pending.size === 0 ? quietMs - quietFor : 20));
  }
}
