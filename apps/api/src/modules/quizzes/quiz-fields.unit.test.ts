import { describe, expect, it } from 'vitest';
import { parseQuizDate, priceToGrosze } from './quiz-fields.ts';

describe('parseQuizDate', () => {
  it("is the Warsaw parser of contracts' warsaw-time.ts", () => {
    expect(parseQuizDate('2026.01.15 10:00:00')?.toISOString()).toBe('2026-01-15T09:00:00.000Z');
  });
});

describe('priceToGrosze', () => {
  it('converts exactly, without floating point', () => {
    expect(priceToGrosze('0')).toBe(0);
    expect(priceToGrosze('12.5')).toBe(1250);
    expect(priceToGrosze('12.05')).toBe(1205);
    expect(priceToGrosze('0.29')).toBe(29);
    expect(priceToGrosze('100000')).toBe(10_000_000);
  });
});
