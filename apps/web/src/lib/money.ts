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

/** "1234567" → "1 234 567" with `separator` between each three digits from the right. */
export const groupThousands = (digits: string, separator: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/**
 * "4300.00" → "4 300,00 zł" (pl) or "PLN 4,300.00" (en), as Intl.NumberFormat writes PLN in pl-PL
 * and en-GB with grouping always on (Polish CLDR leaves 4-digit amounts ungrouped, "4300,00 zł"
 * beside "95 410,00 zł"). Written by hand: the first Intl object a page builds starts ICU, 65–360 ms
 * on a 4x slowed phone in the render that shows the page (decision 035); the unit tests hold this to
 * Node's Intl. Every space inside is a no-break space (U+00A0): an amount never wraps between its
 * digits and "zł". The API's amounts have two decimals, which toFixed writes exactly (a third would
 * be rounded from the binary value: 1.005 → 1.00, where Intl writes 1.01).
 */
export function formatMoney(value: string | number | null | undefined, lang: string, opts: MoneyOptions = {}): string {
  const n = toNumber(value);
  // Math.trunc(-0.5) is -0, which is neither below nor above 0: no sign, as Intl writes it.
  const amount = opts.whole ? Math.trunc(n) : n;
  const [int = '0', frac] = Math.abs(amount)
    .toFixed(opts.whole ? 0 : 2)
    .split('.');
  const sign = amount < 0 ? '-' : opts.signed && amount > 0 ? '+' : '';
  const en = lang === 'en';
  const number = groupThousands(int, en ? ',' : '\u00a0') + (frac ? (en ? '.' : ',') + frac : '');
  return en ? `${sign}PLN\u00a0${number}` : `${sign}${number}\u00a0zł`;
}
