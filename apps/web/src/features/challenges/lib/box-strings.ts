import { addLazyStrings } from '../../../lib/lazy-strings.ts';
import pl from '../../../locales/challenges/box-pl.json';
import './strings.ts';

// The home box's own labels ("challengeBox.*", beside the shared "challengePh.*"): the page does not carry them.
addLazyStrings({ pl, en: {} });
