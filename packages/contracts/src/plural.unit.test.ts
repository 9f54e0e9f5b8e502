import { describe, expect, it } from 'vitest';
import { isMessageKey, MESSAGES, translate } from './messages.ts';
import { formatCount, pluralCategory } from './plural.ts';

const COUNTS = [0, 1, 2, 5, 12, 22, 25, 101, 112] as const;
const NBSP = '\u00a0';

describe('plural categories (Intl.PluralRules)', () => {
  it('Polish: one for 1, few for 2–4 and 22–24 (not 12–14), many for the rest', () => {
    expect(COUNTS.map((n) => pluralCategory('pl', n))).toEqual([
      'many',
      'one',
      'few',
      'many',
      'many',
      'few',
      'many',
      'many',
      'many',
    ]);
    expect(pluralCategory('pl', 1.5)).toBe('other');
  });
  it('English: one for 1, other for the rest', () => {
    expect(COUNTS.map((n) => pluralCategory('en', n))).toEqual(COUNTS.map((n) => (n === 1 ? 'one' : 'other')));
  });
});

describe('count messages of the contracts', () => {
  it("'sales.rows' in Polish: 1 wiersz, 2 wiersze, 5 wierszy …", () => {
    expect(COUNTS.map((count) => translate('pl', 'sales.rows', { count }))).toEqual([
      '0 wierszy',
      '1 wiersz',
      '2 wiersze',
      '5 wierszy',
      '12 wierszy',
      '22 wiersze',
      '25 wierszy',
      '101 wierszy',
      '112 wierszy',
    ]);
  });
  it("'sales.rows' in English: 1 row, n rows", () => {
    expect(COUNTS.map((count) => translate('en', 'sales.rows', { count }))).toEqual(
      COUNTS.map((n) => (n === 1 ? '1 row' : `${n} rows`)),
    );
  });
  it('counts carry thousands separators as money does', () => {
    expect(translate('pl', 'sales.rows', { count: 4054 })).toBe(`4${NBSP}054 wiersze`);
    expect(translate('pl', 'sales.rows', { count: 4055 })).toBe(`4${NBSP}055 wierszy`);
    expect(translate('pl', 'sales.rows', { count: 200_002 })).toBe(`200${NBSP}002 wiersze`);
    expect(translate('en', 'sales.rows', { count: 4054 })).toBe('4,054 rows');
  });
  it('the sales import message declines each of its counts', () => {
    const rows = (lang: 'pl' | 'en', count: number) => translate(lang, 'sales.rows', { count });
    const msg = (lang: 'pl' | 'en', a: number, s: number, r: number) =>
      translate(lang, 'sales.imported', { accepted: rows(lang, a), skipped: rows(lang, s), rejected: rows(lang, r) });
    expect(msg('pl', 1, 3, 5)).toBe(
      'Zaimportowano sprzedaż: przyjęto 1 wiersz, pominięto 3 wiersze, odrzucono 5 wierszy',
    );
    expect(msg('en', 1, 3, 0)).toBe('Sales imported: 1 row accepted, 3 rows skipped, 0 rows rejected');
  });
  it('the e-mails say how long a link is valid, declined', () => {
    const hours = (lang: 'pl' | 'en', count: number) => translate(lang, 'mail.hours', { count });
    expect(COUNTS.map((n) => hours('pl', n))).toEqual([
      '0 godzin',
      '1 godzinę',
      '2 godziny',
      '5 godzin',
      '12 godzin',
      '22 godziny',
      '25 godzin',
      '101 godzin',
      '112 godzin',
    ]);
    expect([1, 24].map((n) => hours('en', n))).toEqual(['1 hour', '24 hours']);
    expect(translate('pl', 'mail.setPassword.body', { name: 'Jan', link: 'x', hours: hours('pl', 24) })).toContain(
      'Link jest ważny 24 godziny i działa jeden raz',
    );
  });
  it('the revert refusal and the CSV header', () => {
    expect(translate('pl', 'sales.revertWithdrawn', { count: 1 })).toContain(': 1 przedstawiciel ma już');
    expect(translate('pl', 'sales.revertWithdrawn', { count: 3 })).toContain(': 3 przedstawicieli ma już');
    expect(translate('en', 'sales.revertWithdrawn', { count: 1 })).toContain(': 1 rep has already');
    expect(translate('en', 'sales.revertWithdrawn', { count: 22 })).toContain(': 22 reps have already');
    expect(translate('pl', 'csv.users.loginCounter', { count: 14 })).toBe('Logowania (14 dni)');
    expect(translate('pl', 'csv.users.loginCounter', { count: 1 })).toBe('Logowania (1 dzień)');
    expect(translate('en', 'csv.users.loginCounter', { count: 14 })).toBe('Logins (14 days)');
  });
  it('a count message is a message key by its base name', () => {
    expect(isMessageKey('sales.rows')).toBe(true);
    expect(isMessageKey('sales.revertWithdrawn')).toBe(true);
    expect(isMessageKey('sales.nope')).toBe(false);
  });
  it('every count message has each category of its language', () => {
    for (const [lang, needed] of [
      ['pl', ['one', 'few', 'many', 'other']],
      ['en', ['one', 'other']],
    ] as const) {
      const keys = Object.keys(MESSAGES[lang]);
      const bases = new Set(keys.filter((k) => /_(one|few|many|other)$/.test(k)).map((k) => k.replace(/_\w+$/, '')));
      expect(bases.size).toBeGreaterThan(0);
      for (const base of bases) {
        // A Polish message without a noun after the count may share one text for all ('other' alone).
        const have = needed.filter((c) => keys.includes(`${base}_${c}`));
        expect(have.includes('other'), `${lang} ${base}_other`).toBe(true);
        if (keys.includes(`${base}_one`) && lang === 'pl' && !base.startsWith('csv.'))
          expect(have, `${lang} ${base}`).toEqual(needed);
        expect(keys.includes(base), `${lang} ${base} beside its variants`).toBe(false);
      }
    }
  });
});

describe('formatCount', () => {
  it('groups like money in both languages', () => {
    expect(formatCount(0, 'pl')).toBe('0');
    expect(formatCount(999, 'pl')).toBe('999');
    expect(formatCount(4054, 'pl')).toBe(`4${NBSP}054`);
    expect(formatCount(1234567, 'pl')).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatCount(-4054, 'en')).toBe('-4,054');
    expect(formatCount(1.5, 'pl')).toBe('1,5');
  });
});
