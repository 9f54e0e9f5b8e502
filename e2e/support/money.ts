import type { Page } from 'playwright-core';

/** No-break space: the only space inside an amount, so "zł" never wraps away from its digits. */
const NBSP = '\u00a0';

/**
 * The Polish way an amount of the API ("4300.00", "-12.5") must read on screen, written here
 * independently of the app's formatter: "4 300,00 zł", thousands always grouped.
 */
export function zl(amount: string | number, opts: { whole?: boolean; signed?: boolean } = {}): string {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount;
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw new Error(`not an API amount: ${amount}`);
  const [, minus, int = '0', frac = ''] = m;
  const grouped = int.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const digits = opts.whole ? grouped : `${grouped},${frac.padEnd(2, '0')}`;
  const zero = /^0*$/.test(opts.whole ? int : int + frac);
  const sign = zero ? '' : minus ? '-' : opts.signed ? '+' : '';
  return `${sign}${digits}${NBSP}zł`;
}

/** A whole amount as Polish reads it, with or without grosze. */
export const POLISH_AMOUNT = /^[+-]?\d{1,3}(?:\u00a0\d{3})*(?:,\d{2})?\u00a0zł$/;

/**
 * Every piece of the page's text that looks like money, however it is written ("4,300.00 PLN",
 * "3555,00 zł", "PLN 12.00"), so a test can require each to read the Polish way.
 */
export async function moneyOnPage(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const found = text.match(
    /[+-]?\d[\d\u00a0\u202f ,.]*?[\s\u00a0\u202f]?(?:zł|PLN)|PLN[\s\u00a0\u202f]?\d[\d,.\u00a0\u202f]*/g,
  );
  return (found ?? []).map((s) => s.trim());
}
