/**
 * Draws the installable app's icons (apps/web/public/icons/, decision 067) from the favicon's shapes
 * with Debian's Chromium: `node --import tsx scripts/make-app-icons.ts`. Run it again after a change of
 * the logo and commit the PNGs; the build only copies them.
 *
 * - `icon-<n>.png` ("any"): the favicon's rounded square, on a transparent ground.
 * - `maskable-512.png` ("maskable"): the ground fills the square and the mark keeps inside the central
 *   80 % circle that Android may cut any shape from.
 * - `apple-touch-icon.png`: iOS rounds corners itself and shows transparency as black: full-bleed.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/icons');
// The favicon's mark (apps/web/public/favicon.svg), on its 64 × 64 grid.
const MARK =
  '<path d="M16 44V20h14a9 9 0 0 1 0 18h-6v6z M24 31h5a3 3 0 0 0 0-6h-5z" fill="#fff"/><circle cx="46" cy="40" r="6" fill="#fcc419"/>';
const BLUE = '#1864ab';

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BLUE}"/>${MARK}</svg>`;
/** Full bleed, the mark scaled by `scale` about the centre. */
const square = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BLUE}"/><g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${MARK}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: rounded },
  { file: 'icon-512.png', size: 512, svg: rounded },
  { file: 'maskable-512.png', size: 512, svg: square(0.72) },
  { file: 'apple-touch-icon.png', size: 180, svg: square(0.85) },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
