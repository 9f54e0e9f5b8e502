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
