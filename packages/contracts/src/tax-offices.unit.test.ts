import { describe, expect, it } from 'vitest';
import { isTaxOfficeCode, TAX_OFFICES, taxOfficeName } from './tax-offices.ts';

describe('tax offices', () => {
  const codes = TAX_OFFICES.map(([code]) => code);
  const names = TAX_OFFICES.map(([, name]) => name);

  it('has every code as 4 digits, leading zero kept', () => {
    expect(codes.filter((code) => !/^\d{4}$/.test(code))).toEqual([]);
  });

  it('has unique codes and unique, non-empty names', () => {
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => name.trim() === '')).toEqual([]);
  });

  it('lists about 400 offices, sorted by code', () => {
    expect(TAX_OFFICES.length).toBeGreaterThanOrEqual(380);
    expect(TAX_OFFICES.length).toBeLessThanOrEqual(420);
    expect(codes).toEqual([...codes].sort());
  });

  it('names the office for a code', () => {
    expect(taxOfficeName('1026')).toBe('Urząd Skarbowy w Zgierzu');
    expect(taxOfficeName('1435')).toBe('Pierwszy Urząd Skarbowy Warszawa-Śródmieście');
    expect(taxOfficeName('0271')).toBe('Dolnośląski Urząd Skarbowy we Wrocławiu');
    expect(taxOfficeName('2671')).toBe('Świętokrzyski Urząd Skarbowy w Kielcach');
    expect(taxOfficeName('271')).toBeUndefined();
  });

  it('tells a known code from an unknown one', () => {
    expect(isTaxOfficeCode('1026')).toBe(true);
    expect(isTaxOfficeCode('9999')).toBe(false);
    expect(isTaxOfficeCode('')).toBe(false);
  });
});
