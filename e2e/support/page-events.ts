import type { Page } from 'playwright-core';

/** Requests in the order the page makes them: `GET /api/me`, `/assets/session-gate-….js`. */
export function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    seen.push(url.pathname.startsWith('/api/') ? `${r.method()} ${url.pathname}` : url.pathname);
  });
  return seen;
}

/** Console errors and failed page scripts (a CSP refusal of an inline script is one), with their URL. */
export function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    // Chromium asks for /favicon.ico beside the SVG file the tests write storage on; the app has no such file.
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) {
      errors.push(`${m.text()} (${m.location().url})`);
    }
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
