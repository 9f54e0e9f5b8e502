import type { LazyStrings } from '../../../lib/lazy-strings.ts';
import en from '../../../locales/article-admin/en.json';
import pl from '../../../locales/article-admin/pl.json';

// The article back office's labels ("articleAdmin.*") arrive with its chunks, never in a rep's first load (registered by its pages: registerStrings, decision 056).
export const articleAdminStrings: LazyStrings = { pl, en };
