import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { RESULTS_DIR } from './browser.ts';

/** Where the page screenshots a person looks through go (gitignored): test-results/screens/<role>/. */
export const SCREENS_DIR = path.join(RESULTS_DIR, 'screens');

/** A full-page screenshot at test-results/screens/<role>/<route>-<width>.png; returns the file. */
export async function saveScreen(page: Page, role: string, route: string): Promise<string> {
  const dir = path.join(SCREENS_DIR, role);
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(dir, `${route}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
