import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseWarsawDate, warsawDay, warsawFormTime, warsawWallTime } from './warsaw-time.ts';

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

describe('Warsaw days and wall times', () => {
  it('gives the Warsaw calendar day of an instant, across midnight and the clock changes', () => {
    expect(warsawDay(new Date('2026-01-15T22:59:59Z'))).toBe('2026-01-15');
    expect(warsawDay(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
    expect(warsawDay('2026-07-15T21:59:59.999Z')).toBe('2026-07-15');
    expect(warsawDay('2026-07-15T22:00:00Z')).toBe('2026-07-16');
  });

  it('writes an instant as Warsaw wall time, and as the forms send it, which parseWarsawDate reads back', () => {
    expect(warsawWallTime('2026-01-15T09:00:00Z')).toBe('2026-01-15 10:00:00');
    expect(warsawWallTime(new Date('2026-07-15T08:00:05Z'))).toBe('2026-07-15 10:00:05');
    expect(warsawWallTime('2026-03-28T23:30:00Z')).toBe('2026-03-29 00:30:00');
    const at = new Date('2026-10-25T00:59:59Z');
    expect(warsawFormTime(at)).toBe('2026.10.25 02:59:59');
    expect(parseWarsawDate(warsawFormTime(new Date('2026-05-03T12:34:56Z')))?.toISOString()).toBe(
      '2026-05-03T12:34:56.000Z',
    );
  });
});

describe('Warsaw time, written once', () => {
  it('names the zone in no other source of the API or the web app', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const sources = ['apps/api/src', 'apps/web/src', 'packages/contracts/src'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
        .map((f) => path.join(dir, f)),
    );
    expect(sources.length).toBeGreaterThan(100);
    const naming = sources.filter((f) => /['"`]Europe\/Warsaw['"`]/.test(readFileSync(path.join(root, f), 'utf8')));
    expect(
      naming,
      'use WARSAW_TIME_ZONE, warsawDay, warsawWallTime or parseWarsawDate of @incentive/contracts',
    ).toEqual(['packages/contracts/src/warsaw-time.ts']);
  });
});
