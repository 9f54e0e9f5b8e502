/*
 * The one way the web app writes money (decision 018). The API sends PLN as decimal strings
 * ("4300.00", decision 010); every page shows them through formatMoney, in the user's language:
 * Polish "4 300,00 zł" (the default), English "PLN 4,300.00".
 */

/** The number locale of each interface language; anything else falls back to Polish. */
const LOCALES: Record<string, string> = { pl: 'pl-PL', en: 'en-GB' };

export interface MoneyOptions {
  /** The integer part only, cut (not rounded): the sales rep table's amount to withdraw (SPEC.md section 2). */
  whole?: boolean;
  /** A leading + on credits (a money history), − on debits as always. */
  signed?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string, opts: MoneyOptions): Intl.NumberFormat {
  const key = `${locale}|${opts.whole ? 'w' : 'd'}|${opts.signed ? 's' : 'u'}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = opts.whole ? 0 : 2;
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'PLN',
      // Polish CLDR leaves 4-digit amounts ungrouped ("4300,00 zł" beside "95 410,00 zł"): always group.
      useGrouping: 'always',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: opts.signed ? 'exceptZero' : 'auto',
    });
    formatters.set(key, f);
  }
  return f;
}

/** Parses the API's money ("1234.50", a number, null); anything missing or unreadable is 0 (SPEC.md: "missing numbers show 0.00"). */
function toNumber(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/**
 * "4300.00" → "4 300,00 zł" (pl) or "PLN 4,300.00" (en). Every space inside is a no-break space
 * (U+00A0): ICU versions differ between the plain and the narrow one (U+202F), and an amount must
 * never wrap between its digits and "zł".
 */
export function formatMoney(value: string | number | null | undefined, lang: string, opts: MoneyOptions = {}): string {
  const n = toNumber(value);
  const amount = opts.whole ? Math.trunc(n) : n;
  // Math.trunc(-0.5) is -0, which Intl writes as "-0 zł".
  return formatterFor(LOCALES[lang] ?? 'pl-PL', opts)
    .format(amount === 0 ? 0 : amount)
    .replace(/[\u202f\u2009\s]/g, '\u00a0');
}

/** Adds money strings exactly, in grosze. */
export function addMoney(...values: (string | null | undefined)[]): string {
  const grosze = values.reduce((sum, v) => sum + Math.round(Number(v ?? 0) * 100), 0);
  return (grosze / 100).toFixed(2);
}
