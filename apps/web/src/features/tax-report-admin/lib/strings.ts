import type { LazyStrings } from '../../../lib/lazy-strings.ts';
import en from '../../../locales/tax-report/en.json';
import pl from '../../../locales/tax-report/pl.json';

// The yearly report's and statement's labels arrive with their chunks, never in a rep's first load.
export const taxReportStrings: LazyStrings = { pl, en };
