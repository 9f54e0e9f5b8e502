import { describe, expect, it } from 'vitest';
import { addDays, challengeStatus, warsawDay } from './challenge-dates.ts';

describe('challenge dates', () => {
  it('takes the Warsaw calendar day, not the UTC one', () => {
    // 23:30 UTC on 31 December is already New Year in Warsaw (UTC+1 in winter).
    expect(warsawDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // 22:30 UTC on 30 June is 00:30 on 1 July in Warsaw (UTC+2 in summer).
    expect(warsawDay(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(warsawDay(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -30)).toBe('2026-01-30');
  });

  it('includes both the first and the last day', () => {
    expect(challengeStatus('2026-11-01', '2026-11-30', '2026-10-31')).toBe('upcoming');
    expect(challengeStatus('2026-11-01', '2026-11-30', '2026-11-01')).toBe('running');
    expect(challengeStatus('2026-11-01', '2026-11-30', '2026-11-30')).toBe('running');
    expect(challengeStatus('2026-11-01', '2026-11-30', '2026-12-01')).toBe('ended');
  });
});
