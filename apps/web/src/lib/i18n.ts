import { formatCount, LANGS, type Lang, MESSAGES_PL, pluralKey } from '@incentive/contracts';
import { useSyncExternalStore } from 'react';
import pl from '../locales/pl.json';
import { LANG_KEY } from './lang-key.ts';
import type { TKey } from './message-keys.ts';

/*
 * The interface's texts (decision 022). What the app uses of a translation library is small: nested
 * keys, `{{name}}` placeholders, English as the fallback language, and a re-render when the
 * language changes. i18next with react-i18next did that for 12 kB gzip and a start-up that cloned
 * every resource on the first load of every page; this does the same in a page of code.
 *
 * Counts (decision 046, the contracts' plural.ts): a text that says how many of something there are
 * is written once per plural category, as sibling keys `name_one`, `name_few`, `name_many`,
 * `name_other` (Polish: 1 wypłata, 2 wypłaty, 5 wypłat, 1,5 wypłaty; English: `_one`, `_other`),
 * and called by its base name with a number `count`: `t('withdrawals.exported', { id, count })`.
 * `new Intl.PluralRules(lang)` picks the variant (the `_other` one when a category is missing, the
 * base key when there are no variants), and `{{count}}` is written with thousands separators like
 * money ('4 054'). A text with two counts gets the second as an already translated count text.
 * The API's messages do the same through the contracts' translate().
 */

type Tree = { [k: string]: string | Tree };
export type Vars = Record<string, string | number | null | undefined>;
export type { TKey };
/** Takes only keys that exist in the Polish texts (lib/message-keys.ts, decision 056). */
export type TFunction = (key: TKey, vars?: Vars) => string;

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

const FALLBACK: Lang = 'en';
const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANG_KEY) : null;
const initial: Lang = (LANGS as readonly string[]).includes(stored ?? '') ? (stored as Lang) : 'pl';

/**
 * Polish (the interface's texts and the contracts' messages) is in the entry; English, both parts
 * with the same keys, is its own chunk, fetched by those who choose it.
 */
const BUNDLES: Record<Lang, () => Promise<Tree>> = {
  pl: async () => withMessages(pl, MESSAGES_PL),
  en: () =>
    Promise.all([import('../locales/en.json'), import('@incentive/contracts/messages-en')]).then(([ui, messages]) =>
      withMessages(ui.default, messages.MESSAGES_EN),
    ),
};

const resources: Partial<Record<Lang, Tree>> = { pl: withMessages(pl, MESSAGES_PL) };

/** Strings of lazy features (lib/lazy-strings.ts): beside the main bundles, which still load by language. */
const lazyStrings: Record<Lang, Tree> = { pl: {}, en: {} };

/** Adds a lazy feature's top-level blocks ("quizAdmin": {…}) in every language. */
export function addStrings(strings: Record<Lang, Tree>) {
  for (const lang of LANGS) Object.assign(lazyStrings[lang], strings[lang]);
}

function lookup(lang: Lang, key: string): string | undefined {
  return lookupIn(resources[lang], key) ?? lookupIn(lazyStrings[lang], key);
}

function lookupIn(root: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = root;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The text of `key` in `lang` (else in English, else the key itself), with `{{name}}` filled in; a
 * number `count` picks the plural variant and is written grouped ('4 054').
 */
function translate(lang: Lang, key: string, vars?: Vars): string {
  const count = vars?.count;
  const k =
    typeof count === 'number'
      ? pluralKey(key, lang, count, (x) => lookup(lang, x) !== undefined || lookup(FALLBACK, x) !== undefined)
      : key;
  const text = lookup(lang, k) ?? lookup(FALLBACK, k) ?? key;
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = vars[name];
    if (name === 'count' && typeof value === 'number') return formatCount(value, lang);
    return value === undefined || value === null ? whole : String(value);
  });
}

// One function per language, so `t` keeps its identity until the language changes (effects list it).
const translators = new Map<Lang, TFunction>();
function translatorOf(lang: Lang): TFunction {
  let t = translators.get(lang);
  if (!t) {
    t = (key, vars) => translate(lang, key, vars);
    translators.set(lang, t);
  }
  return t;
}

/**
 * The key a zod issue carries: the contracts' schemas write message keys as their messages
 * (`message: 'quiz.videoUrlInvalid'`), which only run time knows, so this is the one place a string
 * becomes a key unchecked; `t()` gives back a message it does not know as it is.
 */
export const issueKey = (message: string): TKey => message as TKey;

const listeners = new Set<(lang: Lang) => void>();

/** The current language and its texts, for code outside components (toasts, the API client). */
export const i18n = {
  language: 'pl' as Lang,
  t: (key: TKey, vars?: Vars) => translate(i18n.language, key, vars),
  /** Runs `listener` after every change of language; returns the unsubscribe. */
  onLanguageChanged(listener: (lang: Lang) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

async function loadLanguage(lang: Lang) {
  if (resources[lang]) return;
  resources[lang] = await BUNDLES[lang]();
}

function apply(lang: Lang) {
  i18n.language = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  for (const listener of listeners) listener(lang);
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

const subscribe = (onChange: () => void) => i18n.onLanguageChanged(onChange);
const currentLanguage = () => i18n.language;

/** `t` in the current language; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const lang = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: translatorOf(lang), i18n };
}
