/*
 * Messages that the server sends and the forms show. Keys are what the zod schemas carry;
 * the API translates them per accept-language and the web app merges them into its texts.
 * Polish is the product's language; English is the fallback. Each language is its own module:
 * the web app's entry carries the Polish ones (MESSAGES_PL) and fetches the English module
 * (`@incentive/contracts/messages-en`) only for a user who picks English.
 */
import { MESSAGES_EN } from './messages-en.ts';
import { MESSAGES_PL } from './messages-pl.ts';
import {
  AUDIT_MESSAGES_EN,
  AUDIT_MESSAGES_PL,
  CONSENT_MESSAGES_EN,
  CONSENT_MESSAGES_PL,
  CSV_SERVER_MESSAGES_EN,
  CSV_SERVER_MESSAGES_PL,
  NOTICE_MESSAGES_EN,
  NOTICE_MESSAGES_PL,
  ONBOARDING_MESSAGES_EN,
  ONBOARDING_MESSAGES_PL,
  PRIVACY_MESSAGES_EN,
  PRIVACY_MESSAGES_PL,
  QUIZ_SERVER_MESSAGES_EN,
  QUIZ_SERVER_MESSAGES_PL,
  SALES_SERVER_MESSAGES_EN,
  SALES_SERVER_MESSAGES_PL,
  STATS_MESSAGES_EN,
  STATS_MESSAGES_PL,
  TAX_DATA_MESSAGES_EN,
  TAX_DATA_MESSAGES_PL,
  TAX_REPORT_MESSAGES_EN,
  TAX_REPORT_MESSAGES_PL,
} from './messages-server.ts';
import { formatCount, pluralKey } from './plural.ts';

export { MESSAGES_PL };

export const MESSAGES = { pl: MESSAGES_PL, en: MESSAGES_EN } as const;

/**
 * The messages only the server sends (messages-server.ts), looked up after MESSAGES: separate
 * tables, so the web app's entry (which imports MESSAGES_PL alone) never carries them. A plain
 * literal of references, never a spread: the bundler keeps a spread (it might run getters) and
 * the rep's first load would carry every table.
 */
const SERVER_MESSAGES = {
  pl: [
    QUIZ_SERVER_MESSAGES_PL,
    SALES_SERVER_MESSAGES_PL,
    CSV_SERVER_MESSAGES_PL,
    TAX_DATA_MESSAGES_PL,
    CONSENT_MESSAGES_PL,
    ONBOARDING_MESSAGES_PL,
    TAX_REPORT_MESSAGES_PL,
    PRIVACY_MESSAGES_PL,
    AUDIT_MESSAGES_PL,
    NOTICE_MESSAGES_PL,
    STATS_MESSAGES_PL,
  ],
  en: [
    QUIZ_SERVER_MESSAGES_EN,
    SALES_SERVER_MESSAGES_EN,
    CSV_SERVER_MESSAGES_EN,
    TAX_DATA_MESSAGES_EN,
    CONSENT_MESSAGES_EN,
    ONBOARDING_MESSAGES_EN,
    TAX_REPORT_MESSAGES_EN,
    PRIVACY_MESSAGES_EN,
    AUDIT_MESSAGES_EN,
    NOTICE_MESSAGES_EN,
    STATS_MESSAGES_EN,
  ],
} as const;

/** A server-only message in one language, or undefined. */
function serverText(lang: 'pl' | 'en', key: string): string | undefined {
  for (const table of SERVER_MESSAGES[lang] as readonly Record<string, string>[]) {
    if (key in table) return table[key];
  }
  return undefined;
}

export type Lang = keyof typeof MESSAGES;
type PlainKey =
  | keyof (typeof MESSAGES)['pl']
  | keyof typeof QUIZ_SERVER_MESSAGES_PL
  | keyof typeof SALES_SERVER_MESSAGES_PL
  | keyof typeof CSV_SERVER_MESSAGES_PL
  | keyof typeof TAX_DATA_MESSAGES_PL
  | keyof typeof CONSENT_MESSAGES_PL
  | keyof typeof ONBOARDING_MESSAGES_PL
  | keyof typeof TAX_REPORT_MESSAGES_PL
  | keyof typeof PRIVACY_MESSAGES_PL
  | keyof typeof AUDIT_MESSAGES_PL
  | keyof typeof NOTICE_MESSAGES_PL
  | keyof typeof STATS_MESSAGES_PL;
/** A count message's base key ('sales.rows' of 'sales.rows_other'; plural.ts). */
type PluralBase<K> = K extends `${infer B}_other` ? B : never;
export type MessageKey = PlainKey | PluralBase<PlainKey>;
export const LANGS = ['pl', 'en'] as const satisfies readonly Lang[];

export function isMessageKey(s: string): s is MessageKey {
  return (
    s in MESSAGES.pl ||
    serverText('pl', s) !== undefined ||
    `${s}_other` in MESSAGES.pl ||
    serverText('pl', `${s}_other`) !== undefined
  );
}

/**
 * Translates a key with {{param}} interpolation; unknown keys are returned as they are. A number
 * `count` picks the key's plural variant and is written with thousands separators (plural.ts).
 */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const table: Record<string, string> = MESSAGES[lang];
  const pl: Record<string, string> = MESSAGES.pl;
  const lookup = (x: string) => table[x] ?? serverText(lang, x) ?? pl[x] ?? serverText('pl', x);
  const has = (x: string) => lookup(x) !== undefined;
  const { count } = params;
  const k = typeof count === 'number' ? pluralKey(key, lang, count, has) : key;
  const text = lookup(k) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, p: string) =>
    p === 'count' && typeof count === 'number' ? formatCount(count, lang) : String(params[p] ?? ''),
  );
}

/** Picks the best supported language from an Accept-Language header; Polish by default. */
export function pickLang(header: string | undefined): Lang {
  if (!header) return 'pl';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag.toLowerCase().slice(0, 2), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) if (tag === 'pl' || tag === 'en') return tag;
  return 'pl';
}
