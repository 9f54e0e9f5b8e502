import { LANGS, type Lang, MESSAGES } from '@incentive/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
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

/** Polish is in the entry; English (same keys) is its own chunk, fetched by those who choose it. */
const BUNDLES: Record<Lang, () => Promise<Tree>> = {
  pl: async () => pl,
  en: () => import('../locales/en.json').then((m) => m.default),
};

/** Languages whose main bundle is in (Polish from the start; a lazy feature's strings alone do not count). */
const loaded = new Set<Lang>(['pl']);

async function loadLanguage(lang: Lang) {
  if (loaded.has(lang)) return;
  i18n.addResourceBundle(lang, 'translation', withMessages(await BUNDLES[lang](), MESSAGES[lang]), true, false);
  loaded.add(lang);
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'pl',
  fallbackLng: 'en',
  resources: { pl: { translation: withMessages(pl, MESSAGES.pl) } },
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});

function apply(lang: Lang) {
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** Resolves when the stored language is loaded (at once for Polish): main.tsx renders after it. */
export const i18nReady: Promise<void> = loadLanguage(initial).then(
  () => apply(initial),
  () => apply('pl'),
);

export async function setLanguage(lang: Lang) {
  localStorage.setItem(LANG_KEY, lang);
  await loadLanguage(lang);
  apply(lang);
}
