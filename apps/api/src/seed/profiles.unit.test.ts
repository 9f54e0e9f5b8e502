import { isValidPesel } from '@incentive/contracts';
import { describe, expect, it } from 'vitest';
import { peselOf } from './profiles.ts';

describe('peselOf', () => {
  it('writes valid PESELs for both centuries, as the registry does', () => {
    expect(peselOf(new Date(Date.UTC(1944, 4, 14)), 135)).toBe('44051401359');
    for (const [y, m, d] of [
      [1962, 0, 1],
      [1999, 11, 31],
      [2000, 1, 29],
      [2003, 6, 15],
    ] as const) {
      for (const serial of [0, 1234, 9999])
        expect(isValidPesel(peselOf(new Date(Date.UTC(y, m, d)), serial))).toBe(true);
    }
    expect(peselOf(new Date(Date.UTC(2002, 6, 8)), 362).slice(0, 6)).toBe('022708');
  });
});
