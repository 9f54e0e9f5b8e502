import type { LazyStrings } from '../../../lib/lazy-strings.ts';
import en from '../../../locales/audit/en.json';
import pl from '../../../locales/audit/pl.json';

// The audit trail's labels arrive with its chunks, never in a rep's first load.
export const auditStrings: LazyStrings = { pl, en };
