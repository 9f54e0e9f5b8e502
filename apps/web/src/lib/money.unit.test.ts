import { describe, expect, test } from 'vitest';
import { addMoney } from './add-money.ts';
import { formatMoney } from './money.ts';

/** Written with a visible marker for the no-break space, so the expectations read as the screen does. */
const nb = (s: string) => s.replaceAll('_', '\u00a0');

describe('formatMoney', () => {
  test('Polish by default: grouped thousands, decimal comma, "zł" after a no-break space', () => {
    expect(formatMoney('4300.00', 'pl')).toBe(nb('4_300,00_zł'));
    expect(formatMoney('95410.00', 'pl')).toBe(nb('95_410,00_zł'));
    expect(formatMoney('1234567.5', 'pl')).toBe(nb('1_234_567,50_zł'));
    expect(formatMoney('565.00', 'pl')).toBe(nb('565,00_zł'));
    expect(formatMoney('0.05', 'pl')).toBe(nb('0,05_zł'));
  });

  test('four-digit amounts are grouped like the rest (Polish CLDR would leave "3555,00")', () => {
    expect(formatMoney('3555.00', 'pl')).toBe(nb('3_555,00_zł'));
    expect(formatMoney(1000, 'pl')).toBe(nb('1_000,00_zł'));
  });

  test('an unknown language falls back to Polish', () => {
    expect(formatMoney('4300', 'de')).toBe(nb('4_300,00_zł'));
    expect(formatMoney('4300', '')).toBe(nb('4_300,00_zł'));
  });

  test('English: en-GB numbers with the currency code first', () => {
    expect(formatMoney('4300.00', 'en')).toBe(nb('PLN_4,300.00'));
    expect(formatMoney('565', 'en')).toBe(nb('PLN_565.00'));
  });

  test('missing or unreadable values show zero', () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatMoney(v, 'pl')).toBe(nb('0,00_zł'));
    }
  });

  test('negative amounts keep their sign', () => {
    expect(formatMoney('-1250.50', 'pl')).toBe(nb('-1_250,50_zł'));
  });

  test('whole: the integer part only, cut rather than rounded', () => {
    expect(formatMoney('4300.99', 'pl', { whole: true })).toBe(nb('4_300_zł'));
    expect(formatMoney('0.99', 'pl', { whole: true })).toBe(nb('0_zł'));
    expect(formatMoney('-0.50', 'pl', { whole: true })).toBe(nb('0_zł'));
    expect(formatMoney('1999.99', 'en', { whole: true })).toBe(nb('PLN_1,999'));
  });

  test('signed: credits get a plus, debits a minus, zero neither', () => {
    expect(formatMoney('110.00', 'pl', { signed: true })).toBe(nb('+110,00_zł'));
    expect(formatMoney('-10.00', 'pl', { signed: true })).toBe(nb('-10,00_zł'));
    expect(formatMoney('0.00', 'pl', { signed: true })).toBe(nb('0,00_zł'));
  });

  test('no plain, thin or narrow spaces: nothing can wrap inside an amount', () => {
    for (const lang of ['pl', 'en']) {
      expect(formatMoney('1234567.89', lang)).not.toMatch(/[ \u2009\u202f]/);
    }
  });
});

describe('addMoney', () => {
  test('adds in grosze, without float drift', () => {
    expect(addMoney('0.10', '0.20')).toBe('0.30');
    expect(addMoney('565.00', '55.00', null, undefined)).toBe('620.00');
  });
});

describe('formatMoney writes what Intl.NumberFormat writes (without starting ICU in the browser)', () => {
  const LOCALES = { pl: 'pl-PL', en: 'en-GB' } as const;
  const viaIntl = (value: number, lang: 'pl' | 'en', opts: { whole?: boolean; signed?: boolean }) => {
    const digits = opts.whole ? 0 : 2;
    const amount = opts.whole ? Math.trunc(value) : value;
    return new Intl.NumberFormat(LOCALES[lang], {
      style: 'currency',
      currency: 'PLN',
      useGrouping: 'always',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: opts.signed ? 'exceptZero' : 'auto',
    })
      .format(amount === 0 ? 0 : amount)
      .replace(/[\u202f\u2009\s]/g, '\u00a0');
  };
  // Amounts as the API sends them (two decimals, decision 010) across every length; a third decimal is
  // rounded as toFixed does (lib/money.ts), so none is here.
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const values = [0, 0.01, -0.01, 0.5, -0.5, 0.99, 1.01, 9.99, 99.95, 999.99, 1000, -1000, 1234567.5, 4300, 95410];
  values.push(...Array.from({ length: 500 }, (_, i) => Math.round((random() - 0.3) * 10 ** (i % 13)) / 100));
  test.each(['pl', 'en'] as const)('%s: plain, whole and signed', (lang) => {
    for (const v of values) {
      for (const opts of [{}, { whole: true }, { signed: true }, { whole: true, signed: true }]) {
        expect(formatMoney(v, lang, opts), `${v} ${JSON.stringify(opts)}`).toBe(viaIntl(v, lang, opts));
        expect(formatMoney(String(v), lang, opts)).toBe(viaIntl(v, lang, opts));
      }
    }
  });
});
