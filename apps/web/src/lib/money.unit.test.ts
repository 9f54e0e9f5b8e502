import { describe, expect, test } from 'vitest';
import { addMoney, formatMoney } from './money.ts';

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
