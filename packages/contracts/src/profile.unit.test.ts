import { describe, expect, it } from 'vitest';
import { isValidPesel, repProfileBodySchema } from './profile.ts';

describe('isValidPesel', () => {
  it('takes 11 digits whose check digit and date of birth are right', () => {
    for (const ok of ['44051401359', '02070803628', '02270803624', '90090515836'])
      expect(isValidPesel(ok), ok).toBe(true);
  });

  it('refuses a wrong check digit, a date that does not exist, other lengths and non-digits', () => {
    for (const bad of [
      '44051401358',
      '00000000000',
      '44131401352',
      '4405140135',
      '440514013590',
      '4405140135a',
      ' 4405140135',
    ])
      expect(isValidPesel(bad), bad).toBe(false);
    // 30 February of 1990, with its check digit right.
    expect(isValidPesel('90023012340')).toBe(false);
  });
});

describe('repProfileBodySchema', () => {
  it('turns empty fields into null and keeps valid ones trimmed', () => {
    expect(
      repProfileBodySchema.parse({ pesel: '', city: ' Łódź ', postcode: '90-001', tax_office_code: '1071' }),
    ).toEqual({
      pesel: null,
      city: 'Łódź',
      postcode: '90-001',
      tax_office_code: '1071',
      phone: null,
      street: null,
    });
  });

  it('names each wrong field by its message key', () => {
    const r = repProfileBodySchema.safeParse({ pesel: '1', postcode: '90001', tax_office_code: '0000', phone: 'abc' });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      pesel: 'taxData.peselInvalid',
      postcode: 'taxData.postcodeInvalid',
      tax_office_code: 'taxData.taxOfficeInvalid',
      phone: 'taxData.phoneInvalid',
    });
  });
});
