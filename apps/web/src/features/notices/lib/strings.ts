import type { LazyStrings } from '../../../lib/lazy-strings.ts';
import en from '../../../locales/notices/en.json';
import pl from '../../../locales/notices/pl.json';

// The notice settings' labels arrive with their chunk, never in a rep's first load.
export const noticesStrings: LazyStrings = { pl, en };
