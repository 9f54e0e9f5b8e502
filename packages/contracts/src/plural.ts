/*
 * Messages with a count (issue 27, point 7; decision 046). A message that says how many of
 * something there are is written once per plural category of its language, as sibling keys:
 *
 *   'sales.rows_one':  '{{count}} wiersz'     (1)
 *   'sales.rows_few':  '{{count}} wiersze'    (2–4, 22–24, …)
 *   'sales.rows_many': '{{count}} wierszy'    (0, 5–21, 25–31, 112, …)
 *   'sales.rows_other':'{{count}} wiersza'    (fractions: 1,5 wiersza)
 *
 * English has `_one` and `_other`. The caller names the base key with a number `count`
 * (`translate(lang, 'sales.rows', { count })` in the API, `t('sales.rows', { count })` on the web);
 * `new Intl.PluralRules(lang)` picks the category, the `_other` variant stands in for a category a
 * language's text lacks, and `{{count}}` is written with thousands separators ('4 054', '4,054').
 * A key without variants is used as it is. One message with two counts takes the others as
 * already translated count messages (`{{accepted}}` = translate(lang, 'sales.rows', { count: n })).
 */

const rules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of `count` in `lang` ('one', 'few', 'many', 'other', …). */
export function pluralCategory(lang: string, count: number): Intl.LDMLPluralRule {
  // Built on first use only: the first Intl object a page builds starts ICU (decision 035).
  let r = rules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(lang);
    rules.set(lang, r);
  }
  return r.select(count);
}

/** The key to read for `count`: `key_<category>` if `has` it, else `key_other` if `has` it, else `key`. */
export function pluralKey(key: string, lang: string, count: number, has: (k: string) => boolean): string {
  const exact = `${key}_${pluralCategory(lang, count)}`;
  if (has(exact)) return exact;
  const other = `${key}_other`;
  return has(other) ? other : key;
}

/**
 * A count as people read it, grouped like money (decision 018): '4 054' (pl, a no-break space, also
 * for four digits, where Polish CLDR leaves them ungrouped) or '4,054' (en). Decimals keep their
 * digits, with the language's decimal mark.
 */
export function formatCount(count: number, lang: string): string {
  if (!Number.isFinite(count)) return String(count);
  const [int = '0', frac] = String(Math.abs(count)).split('.');
  const en = lang === 'en';
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, en ? ',' : '\u00a0');
  return (count < 0 ? '-' : '') + grouped + (frac ? (en ? '.' : ',') + frac : '');
}
