import { LANGS, type Lang } from '@incentive/contracts';
import { i18n } from './i18n.ts';

type Tree = { [k: string]: string | Tree };

/**
 * The strings of a lazy feature (locales/<feature>/pl.json and en.json), added when its chunk loads:
 * they stay out of the entry, so a page that never opens the feature never downloads them. Added
 * under the main bundle's keys without overwriting them; a language chosen later still loads its
 * main bundle (i18n.ts counts a language as loaded only for that one).
 */
export function addLazyStrings(strings: Record<Lang, Tree>) {
  for (const lang of LANGS) i18n.addResourceBundle(lang, 'translation', strings[lang], true, false);
}
