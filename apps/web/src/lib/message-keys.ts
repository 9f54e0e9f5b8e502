import type { MESSAGES_PL } from '@incentive/contracts';
import type articleAdmin from '../locales/article-admin/pl.json';
import type articles from '../locales/articles/pl.json';
import type audit from '../locales/audit/pl.json';
import type challengeAdmin from '../locales/challenge-admin/pl.json';
import type challengeBox from '../locales/challenges/box-pl.json';
import type challenges from '../locales/challenges/pl.json';
import type consent from '../locales/consent/pl.json';
import type imageInput from '../locales/image-input/pl.json';
import type notices from '../locales/notices/pl.json';
import type offline from '../locales/offline/pl.json';
import type onboarding from '../locales/onboarding/pl.json';
import type pl from '../locales/pl.json';
import type profile from '../locales/profile/pl.json';
import type programme from '../locales/programme/pl.json';
import type quizAdmin from '../locales/quiz-admin/pl.json';
import type quizAttempts from '../locales/quiz-attempts/pl.json';
import type quizTake from '../locales/quiz-take/pl.json';
import type richTextInput from '../locales/rich-text-input/pl.json';
import type settings from '../locales/settings/pl.json';
import type taxReport from '../locales/tax-report/pl.json';
import type videoPoster from '../locales/video-poster/pl.json';

/*
 * The keys `t()` accepts (decision 056), computed by TypeScript from the Polish texts themselves:
 * the entry's locales/pl.json, every lazy feature's locales/<feature>/pl.json and the contracts'
 * messages the web app shows (MESSAGES_PL). A key that is in none of them is a type error in
 * `npm run typecheck`, so a typo or a removed text cannot reach a user as a raw key. A count
 * message (decision 046) is called by its base key: 'x.rows' for 'x.rows_one' … 'x.rows_other'.
 * A new locale file is added to `Texts` below (a unit test checks that every file is listed).
 */
type Texts = typeof pl &
  typeof articleAdmin &
  typeof articles &
  typeof audit &
  typeof challengeAdmin &
  typeof challengeBox &
  typeof challenges &
  typeof consent &
  typeof imageInput &
  typeof notices &
  typeof offline &
  typeof onboarding &
  typeof profile &
  typeof programme &
  typeof quizAdmin &
  typeof quizAttempts &
  typeof quizTake &
  typeof richTextInput &
  typeof settings &
  typeof taxReport &
  typeof videoPoster;

/** 'a.b.c' for every string leaf of a nested text tree. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A count message's base key ('x.rows' of 'x.rows_other'). */
type PluralBase<K> = K extends `${infer B}_other` ? B : never;

type PlainKey = Leaves<Texts> | (keyof typeof MESSAGES_PL & string);

/** A key of the interface's texts: what `t()` and `i18n.t()` accept. */
export type TKey = PlainKey | PluralBase<PlainKey>;
