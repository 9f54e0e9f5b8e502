import type { LazyStrings } from '../../../lib/lazy-strings.ts';
import pl from '../../../locales/challenges/box-pl.json';

// The home box's own labels ("challengeBox.*", beside the shared "challengePh.*" of strings.ts): the page does not carry them.
export const challengeBoxStrings: LazyStrings = { pl, en: {} };
