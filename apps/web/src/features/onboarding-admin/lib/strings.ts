import type { LazyStrings } from '../../../lib/lazy-strings.ts';
import en from '../../../locales/onboarding/en.json';
import pl from '../../../locales/onboarding/pl.json';

// Bulk onboarding's labels ("onboarding.*") arrive with its chunk, never in a rep's first load (decision 056).
export const onboardingStrings: LazyStrings = { pl, en };
