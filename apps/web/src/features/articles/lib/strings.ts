import { addLazyStrings } from '../../../lib/lazy-strings.ts';
import en from '../../../locales/articles/en.json';
import pl from '../../../locales/articles/pl.json';

// The rep's article labels ("articlePh.*") arrive with the article chunks: the rep home's first load stays as it is.
addLazyStrings({ pl, en });
