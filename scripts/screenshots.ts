/**
 * Screenshots of pages at phone (390×844) and desktop (1440×900) widths, for looking at what we build.
 * Usage: node --import tsx scripts/screenshots.ts BASE_URL OUT_DIR [email] path [path …]
 * With an e-mail it signs in first (password Demo1234!).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

const [base, out, maybeEmail, ...rest] = process.argv.slice(2);
if (!base || !out) throw new Error('usage: screenshots.ts BASE_URL OUT_DIR [email] path…');
const email = maybeEmail?.includes('@') ? maybeEmail : undefined;
const paths = email ? rest : [maybeEmail as string, ...rest].filter(Boolean);
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (const [label, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    const context = await browser.newContext({ viewport, locale: 'pl-PL' });
    const page = await context.newPage();
    if (email) {
      await page.goto(`${base}/`);
      await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
      await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill('Demo1234!');
      await page.getByRole('button', { name: 'Zaloguj' }).click();
      await page.waitForURL((u) => !u.pathname.endsWith('/') || u.pathname !== '/', { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
    }
    for (const p of paths) {
      await page.goto(`${base}${p}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      const name = `${(email ?? 'anon').split('@')[0]}-${p.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${label}.png`;
      await page.screenshot({ path: path.join(out, name), fullPage: true });
      console.log(path.join(out, name));
    }
    await context.close();
  }
} finally {
  await browser.close();
}
