import { describe, expect, it } from 'vitest';
import { parseWarsawDate } from './warsaw-time.ts';

describe('parseWarsawDate', () => {
  it('reads a date without an offset as Warsaw wall time, winter and summer', () => {
    expect(parseWarsawDate('2026.01.15 10:00:00')?.toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(parseWarsawDate('2026.07.15 10:00:00')?.toISOString()).toBe('2026-07-15T08:00:00.000Z');
    expect(parseWarsawDate('2026-07-15T10:00')?.toISOString()).toBe('2026-07-15T08:00:00.000Z');
  });

  it('takes an explicit offset as given', () => {
    expect(parseWarsawDate('2026-07-15T10:00:00Z')?.toISOString()).toBe('2026-07-15T10:00:00.000Z');
    expect(parseWarsawDate('2026-07-15T10:00:00+05:30')?.toISOString()).toBe('2026-07-15T04:30:00.000Z');
  });

  it('a date without a time is the start of the day, or its end for date_to', () => {
    expect(parseWarsawDate('2026.03.01')?.toISOString()).toBe('2026-02-28T23:00:00.000Z');
    expect(parseWarsawDate('2026.03.01', { endOfDay: true })?.toISOString()).toBe('2026-03-01T22:59:59.999Z');
  });

  it('handles the days the clocks change', () => {
    // 2026-03-29: 02:00 becomes 03:00; 2026-10-25: 03:00 becomes 02:00.
    expect(parseWarsawDate('2026.03.29 03:30:00')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parseWarsawDate('2026.03.29 01:30:00')?.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(parseWarsawDate('2026.10.25 12:00:00')?.toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });

  it('refuses dates that do not exist', () => {
    expect(parseWarsawDate('2026.02.30 10:00:00')).toBeNull();
    expect(parseWarsawDate('2026.13.01')).toBeNull();
    expect(parseWarsawDate('2026.01.01 24:00:00')).toBeNull();
    expect(parseWarsawDate('jutro')).toBeNull();
  });
});
