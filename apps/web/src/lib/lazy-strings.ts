import type { Lang } from '@incentive/contracts';
import { addStrings } from './i18n.ts';

type Tree = { [k: string]: string | Tree };

/** A lazy feature's texts in every language (locales/<feature>/pl.json and en.json). */
export type LazyStrings = Record<Lang, Tree>;

/**
 * Makes a lazy feature's texts known to `t()` (decision 056). A strings module only exports its
 * texts; the module that shows them (the page or component of the chunk that needs them) calls this
 * at its top, by name, so nothing is registered by a bare `import './strings.ts'`. The texts stay out
 * of the entry: a page that never opens the feature never downloads them. Calling it again changes
 * nothing (the same blocks are set again).
 */
export function registerStrings(strings: LazyStrings): void {
  addStrings(strings);
}
