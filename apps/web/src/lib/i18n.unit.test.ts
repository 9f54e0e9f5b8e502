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
    expect(i18n.t('no.such.key')).toBe('no.such.key');
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
