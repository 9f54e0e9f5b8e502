import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import pl from '../locales/pl.json';
import { i18n, i18nReady, setLanguage } from './i18n.ts';

// localStorage stands in for the browser's (setLanguage remembers the choice there).
const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
});

describe('the interface texts (lib/i18n.ts)', () => {
  it('reads nested keys in Polish by default and fills in {{placeholders}}', async () => {
    await i18nReady;
    expect(i18n.language).toBe('pl');
    expect(i18n.t('home.greeting', { name: 'Łukasz' })).toBe(pl.home.greeting.replace('{{name}}', 'Łukasz'));
    expect(i18n.t('table.pagination', { from: 1, to: 10, total: 0 })).toBe('1–10 z 0');
  });

  it("has the contracts' messages under their flat keys", () => {
    expect(i18n.t('register.passwordsDiffer')).toBe('Hasła różnią się od siebie');
  });

  it('leaves a placeholder without a value as it is, and gives the key back when no language has it', () => {
    expect(i18n.t('home.greeting')).toBe(pl.home.greeting);
    // @ts-expect-error: not a key (the type refuses it); at run time the key comes back
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    // @ts-expect-error: a block, not a text
    expect(i18n.t('home')).toBe('home');
  });

  it('switches to English, tells the listeners and remembers the choice', async () => {
    const heard: string[] = [];
    const stop = i18n.onLanguageChanged((lang) => heard.push(lang));
    await setLanguage('en');
    stop();
    expect(heard).toEqual(['en']);
    expect(store.get('lang')).toBe('en');
    expect(i18n.t('home.greeting', { name: 'Ann' })).toBe(en.home.greeting.replace('{{name}}', 'Ann'));
    await setLanguage('pl');
    expect(heard).toEqual(['en']);
  });
});

describe('counts in the interface texts (decision 046)', () => {
  const COUNTS = [0, 1, 2, 5, 12, 22, 25, 101, 112];
  it('picks the Polish plural form by count and groups thousands', async () => {
    await setLanguage('pl');
    expect(COUNTS.map((count) => i18n.t('withdrawals.exported', { id: 7, count }))).toEqual(
      [
        '0 wypłat',
        '1 wypłata',
        '2 wypłaty',
        '5 wypłat',
        '12 wypłat',
        '22 wypłaty',
        '25 wypłat',
        '101 wypłat',
        '112 wypłat',
      ].map((n) => `Wyeksportowano paczkę nr 7 (${n})`),
    );
    expect(i18n.t('table.total', { count: 4054 })).toBe('Razem: 4\u00a0054');
    // The contracts' count messages are there too.
    expect(i18n.t('sales.rows', { count: 3 })).toBe('3 wiersze');
  });
  it('English: one and other', async () => {
    await setLanguage('en');
    expect(COUNTS.map((count) => i18n.t('withdrawals.batchPaidDone', { count }))).toEqual(
      COUNTS.map((n) => `Marked ${n} withdrawal${n === 1 ? '' : 's'} paid`),
    );
    expect(i18n.t('sales.rows', { count: 1 })).toBe('1 row');
    expect(i18n.t('table.total', { count: 4054 })).toBe('Total: 4,054');
    await setLanguage('pl');
  });
});
