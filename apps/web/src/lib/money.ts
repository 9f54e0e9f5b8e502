import { groupThousands, marksOf, roundedDigits } from './number-text.ts';

/*
 * The one way the web app writes money (decision 018). The API sends PLN as decimal strings
 * ("4300.00", decision 010); every page shows them through formatMoney, in the user's language:
 * Polish "4 300,00 zł" (the default), English "PLN 4,300.00".
 */

export interface MoneyOptions {
  /** The integer part only, cut (not rounded): the sales rep table's amount to withdraw (SPEC.md section 2). */
  whole?: boolean;
  /** A leading + on credits (a money history), − on debits as always. */
  signed?: boolean;
}

/** Parses the API's money ("1234.50", a number, null); anything missing or unreadable is 0 (SPEC.md: "missing numbers show 0.00"). */
function toNumber(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/**
 * "4300.00" → "4 300,00 zł" (pl) or "PLN 4,300.00" (en), as Intl.NumberFormat writes PLN in pl-PL
 * and en-GB with grouping always on (Polish CLDR leaves 4-digit amounts ungrouped, "4300,00 zł"
 * beside "95 410,00 zł"), written by hand so no page starts ICU for it (lib/number-text.ts). Every
 * space inside is a no-break space (U+00A0): an amount never wraps between its digits and "zł".
 */
export function formatMoney(value: string | number | null | undefined, lang: string, opts: MoneyOptions = {}): string {
  const n = toNumber(value);
  const amount = opts.whole ? Math.trunc(n) : n;
  const [int, frac] = roundedDigits(Math.abs(amount), opts.whole ? 0 : 2);
  const rounded = /[1-9]/.test(int + frac);
  // As Intl's signDisplay: 'auto' marks any negative amount (not -0), 'exceptZero' one that stays non-zero once rounded.
  const sign = opts.signed ? (rounded ? (amount < 0 ? '-' : '+') : '') : amount < 0 ? '-' : '';
  const en = lang === 'en';
  const marks = marksOf(en ? 'en' : 'pl');
  const number = `${groupThousands(int, marks.group)}${frac ? `${marks.decimal}${frac}` : ''}`;
  return en ? `${sign}PLN\u00a0${number}` : `${sign}${number}\u00a0zł`;
}

/** Adds money strings exactly, in grosze. */
export function addMoney(...values: (string | null | undefined)[]): string {
  const grosze = values.reduce((sum, v) => sum + Math.round(Number(v ?? 0) * 100), 0);
  return (grosze / 100).toFixed(2);
}
