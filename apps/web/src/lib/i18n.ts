import { LANGS, type Lang, MESSAGES } from '@incentive/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/pl';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import pl from '../locales/pl.json';

type Tree = { [k: string]: string | Tree };

/** The contracts' flat keys ("register.passwordsDiffer") merged into the nested UI resources. */
function withMessages(base: Tree, flat: Record<string, string>): Tree {
  const out: Tree = structuredClone(base);
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = out;
    for (const p of parts.slice(0, -1)) {
      if (typeof node[p] !== 'object') node[p] = {};
      node = node[p] as Tree;
    }
    node[parts.at(-1) as string] = text;
  }
  return out;
}

const LANG_KEY = 'lang';
const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANG_KEY) : null;
const initial: Lang = (LANGS as readonly string[]).includes(stored ?? '') ? (stored as Lang) : 'pl';

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: initial,
  fallbackLng: 'en',
  resources: {
    pl: { translation: withMessages(pl, MESSAGES.pl) },
    en: { translation: withMessages(en, MESSAGES.en) },
  },
  interpolation: { escapeValue: false },
  returnNull: false,
});
dayjs.locale(initial);
document.documentElement.lang = initial;

export function setLanguage(lang: Lang) {
  localStorage.setItem(LANG_KEY, lang);
  void i18n.changeLanguage(lang);
  dayjs.locale(lang);
  document.documentElement.lang = lang;
}
