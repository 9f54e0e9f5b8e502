import type { Lang } from '@incentive/contracts';
import { addStrings } from './i18n.ts';

type Tree = { [k: string]: string | Tree };

/**
 * The strings of a lazy feature (locales/<feature>/pl.json and en.json), added when its chunk loads:
 * they stay out of the entry, so a page that never opens the feature never downloads them.
 */
export function addLazyStrings(strings: Record<Lang, Tree>) {
  addStrings(strings);
}
