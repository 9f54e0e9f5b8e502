import type { LazyStrings } from '../../lib/lazy-strings.ts';
import en from '../../locales/quiz-take/en.json';
import pl from '../../locales/quiz-take/pl.json';

// The quiz intro's and result's own labels ("quizTake.*") arrive with those pages' chunks, outside every rep page's entry (registered by them: registerStrings, decision 056).
export const quizTakeStrings: LazyStrings = { pl, en };
