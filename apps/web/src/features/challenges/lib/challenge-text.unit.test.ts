import { describe, expect, test } from 'vitest';
import { formatDay, formatImportDate, formatUnits, holds, orderChallenges, statusLine } from './challenge-text.ts';

const NBSP = '\u00a0';

describe('formatDay', () => {
  test('a day of this year in Polish takes the genitive month, no year', () => {
    expect(formatDay('2026-11-30', 'pl', 2026)).toBe('30 listopada');
    expect(formatDay('2026-03-01', 'pl', 2026)).toBe('1 marca');
  });
  test('a day of another year names it', () => {
    expect(formatDay('2027-01-05', 'pl', 2026)).toBe('5 stycznia 2027');
  });
  test('English', () => {
    expect(formatDay('2026-11-30', 'en', 2026)).toBe('30 November');
  });
  test('the day never moves with the time zone (read and written in UTC)', () => {
    expect(formatDay('2026-12-31', 'pl', 2026)).toBe('31 grudnia');
    expect(formatDay('2026-01-01', 'pl', 2026)).toBe('1 stycznia');
  });
  test('an unreadable day is shown as it came', () => {
    expect(formatDay('soon', 'pl', 2026)).toBe('soon');
  });
});

describe('statusLine', () => {
  const c = { start_at: '2026-11-01', end_at: '2026-11-30' };
  test('running: until its last day', () => {
    expect(statusLine({ ...c, status: 'running' }, 'pl', 2026)).toEqual({
      key: 'challengePh.status.running',
      vars: { date: '30 listopada' },
    });
  });
  test('ended: on its last day', () => {
    expect(statusLine({ ...c, status: 'ended' }, 'pl', 2026)).toEqual({
      key: 'challengePh.status.ended',
      vars: { date: '30 listopada' },
    });
  });
  test('upcoming: from its first day', () => {
    expect(statusLine({ ...c, status: 'upcoming' }, 'pl', 2026)).toEqual({
      key: 'challengePh.status.upcoming',
      vars: { date: '1 listopada' },
    });
  });
});

describe('formatImportDate', () => {
  test("the product's one date format, DD-MM-YYYY of the local day, in both languages", () => {
    const iso = new Date(2026, 10, 22, 14, 5).toISOString();
    expect(formatImportDate(iso)).toBe('22-11-2026');
  });
  test('nothing for a broken value', () => {
    expect(formatImportDate('not a date')).toBeNull();
  });
});

describe('formatUnits', () => {
  test('groups thousands with a no-break space, even 4 digits', () => {
    expect(formatUnits(1240, 'pl')).toBe(`1${NBSP}240`);
    expect(formatUnits(12, 'pl')).toBe('12');
    expect(formatUnits(1240, 'en')).toBe('1,240');
  });
});

describe('orderChallenges', () => {
  const list = [{ id: 1 }, { id: 2 }, { id: 3 }];
  test('keeps the server order without an id', () => {
    expect(orderChallenges(list, null).map((c) => c.id)).toEqual([1, 2, 3]);
  });
  test('puts the named one first, the others in their order', () => {
    expect(orderChallenges(list, 3).map((c) => c.id)).toEqual([3, 1, 2]);
  });
  test('an id the list does not hold changes nothing', () => {
    expect(orderChallenges(list, 9).map((c) => c.id)).toEqual([1, 2, 3]);
  });
  test('the challenge fetched on its own comes first, once', () => {
    expect(orderChallenges(list, 9, { id: 9 }).map((c) => c.id)).toEqual([9, 1, 2, 3]);
    expect(orderChallenges(list, 2, { id: 2 }).map((c) => c.id)).toEqual([2, 1, 3]);
  });
  test('does not change the list it was given', () => {
    orderChallenges(list, 3, { id: 9 });
    expect(list.map((c) => c.id)).toEqual([1, 2, 3]);
  });
});

describe('holds', () => {
  test('true without an id or before the list arrives; else whether the id is in it', () => {
    expect(holds([{ id: 1 }], null)).toBe(true);
    expect(holds(undefined, 4)).toBe(true);
    expect(holds([{ id: 1 }], 1)).toBe(true);
    expect(holds([{ id: 1 }], 4)).toBe(false);
  });
});

describe('the dates and numbers are what Intl writes (without starting ICU in the browser)', () => {
  const LOCALES = { pl: 'pl-PL', en: 'en-GB' } as const;
  const days = Array.from({ length: 800 }, (_, i) => new Date(Date.UTC(2025, 0, 1 + i * 3)).toISOString().slice(0, 10));
  test.each(['pl', 'en'] as const)('%s: formatDay with and without the year', (lang) => {
    for (const day of days) {
      for (const withYear of [false, true]) {
        const intl = new Intl.DateTimeFormat(LOCALES[lang], {
          day: 'numeric',
          month: 'long',
          ...(withYear ? { year: 'numeric' } : {}),
          timeZone: 'UTC',
        }).format(new Date(`${day}T00:00:00Z`));
        expect(formatDay(day, lang, withYear ? 1999 : Number(day.slice(0, 4)))).toBe(intl);
      }
    }
  });
  test.each(['pl', 'en'] as const)('%s: formatUnits', (lang) => {
    const intl = new Intl.NumberFormat(LOCALES[lang], { useGrouping: 'always' } as Intl.NumberFormatOptions);
    for (const units of [0, 1, -1, 7, 999, 1000, -1240, 12345, 1234567, 1e12]) {
      expect(formatUnits(units, lang)).toBe(intl.format(units).replace(/[\u202f\u2009\s]/g, NBSP));
    }
  });
});
