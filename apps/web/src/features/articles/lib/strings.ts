import type { LazyStrings } from '../../../lib/lazy-strings.ts';
import pl from '../../../locales/articles/pl.json';

/*
 * The rep's article labels ("articlePh.*"): the Polish ones arrive with the article chunks, so the
 * rep home's first load stays as it is; the English ones sit in locales/en.json, which only those
 * who choose English download, so a Polish phone never carries them. Registered by the modules that
 * show them (registerStrings, decision 056).
 */
export const articleStrings: LazyStrings = { pl, en: {} };
