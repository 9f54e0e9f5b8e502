import type { LazyStrings } from '../../../lib/lazy-strings.ts';
import en from '../../../locales/challenge-admin/en.json';
import pl from '../../../locales/challenge-admin/pl.json';

// The challenge back office's labels ("challengeAdmin.*") arrive with its chunks, never in a rep's first load (registered by its pages: registerStrings, decision 056).
export const challengeAdminStrings: LazyStrings = { pl, en };
