import type { Page } from 'playwright-core';

/** Waits for a toast (Mantine notification, role alert) containing `text`. Toasts close after 3 s. */
export async function toast(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** Records the paths of the API calls a page makes, e.g. to prove a form did not call the server. */
export function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${r.method()} ${url.pathname}`);
  });
  return calls;
}

/**
 * Types `text` into the page's table search and waits for the list the search asked for: the
 * search is debounced (700 ms), and until its answer arrives the unfiltered rows, and then the
 * table's loading overlay, are on screen. A click in that window can land on the overlay.
 */
export async function searchTable(page: Page, text: string, searchbox = page.getByRole('searchbox')) {
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname.startsWith('/api/') && url.searchParams.get('search') === text.trim();
  });
  await searchbox.fill(text);
  await answered;
  await page.locator('.mantine-datatable-loader-fetching').waitFor({ state: 'detached' });
}
