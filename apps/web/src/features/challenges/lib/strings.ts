import type { LazyStrings } from '../../../lib/lazy-strings.ts';
import pl from '../../../locales/challenges/pl.json';

/*
 * The rep's challenge labels ("challengePh.*"): the Polish ones arrive with the challenge chunks
 * (the page, the home's box), so the rep home's first load stays as it is; the English ones sit in
 * locales/en.json, which only those who choose English download. Registered by the modules that
 * show them (registerStrings, decision 056).
 */
export const challengeStrings: LazyStrings = { pl, en: {} };
