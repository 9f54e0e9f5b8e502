import type { LazyStrings } from '../../../lib/lazy-strings.ts';
import en from '../../../locales/programme/en.json';
import pl from '../../../locales/programme/pl.json';

// The programme page's labels arrive with its chunk, never in a rep's first load.
export const programmeStrings: LazyStrings = { pl, en };
