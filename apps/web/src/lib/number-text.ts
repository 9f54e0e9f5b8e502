/*
 * Numbers written by hand, as Intl.NumberFormat writes them in the two interface languages. The
 * first Intl object a page builds starts ICU in the browser: 65–360 ms on Lighthouse's 4x slowed
 * phone, in the task that renders the page (docs/quality/web-tbt.md). Two locales and fixed
 * patterns do not need it; the unit tests hold these functions to Node's Intl.
 */

/**
 * |x| rounded to `digits` decimals, half away from zero, from its shortest decimal writing (as ICU
 * rounds: 1.005 → "1.01", where toFixed gives "1.00"): [integer digits, decimal digits].
 */
export function roundedDigits(abs: number, digits: number): [string, string] {
  const shortest = String(abs);
  if (/e/i.test(shortest)) {
    // Below 1e-6 or from 1e21 on: exact enough for any amount a page shows.
    const [int = '0', frac = ''] = (abs < 1 ? abs.toFixed(digits) : BigInt(Math.round(abs)).toString()).split('.');
    return [int, frac.padEnd(digits, '0')];
  }
  const [int = '0', frac = ''] = shortest.split('.');
  if (frac.length <= digits) return [int, frac.padEnd(digits, '0')];
  const kept = `${int}${frac.slice(0, digits)}`;
  const up = frac.charCodeAt(digits) >= 53; // '5'
  const all = up ? (BigInt(kept) + 1n).toString().padStart(kept.length, '0') : kept;
  const cut = all.length - digits;
  return [all.slice(0, cut) || '0', all.slice(cut)];
}

/** "1234567" → "1 234 567" with `separator` between each three digits from the right. */
export function groupThousands(intDigits: string, separator: string): string {
  return intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Grouping and decimal marks of the interface languages (pl-PL, en-GB); anything else writes Polish. */
export const NUMBER_MARKS: Record<string, { group: string; decimal: string }> = {
  pl: { group: '\u00a0', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

export const marksOf = (lang: string) => NUMBER_MARKS[lang] ?? (NUMBER_MARKS.pl as { group: string; decimal: string });
