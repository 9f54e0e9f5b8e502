import type { LazyStrings } from '../../../lib/lazy-strings.ts';
import en from '../../../locales/quiz-admin/en.json';
import pl from '../../../locales/quiz-admin/pl.json';

// The quiz back office's labels ("quizAdmin.*") arrive with its chunks, never in a rep's first load (registered by its pages: registerStrings, decision 056).
export const quizAdminStrings: LazyStrings = { pl, en };
