/*
 * The summary form's dates and price as the database stores them: instants and grosze. Pure
 * functions, so the time-zone and rounding rules have unit tests.
 */
import { parseWarsawDate } from '@incentive/contracts';

/** Quiz dates are Warsaw wall time unless they carry an offset (contracts' warsaw-time.ts). */
export const parseQuizDate = parseWarsawDate;

/** A validated price string ('12.5', '12.50', '0') as grosze, exactly: no floating point on the way. */
export function priceToGrosze(price: string): number {
  const [zl = '0', gr = ''] = price.split('.');
  return Number(zl) * 100 + Number(gr.padEnd(2, '0'));
}
