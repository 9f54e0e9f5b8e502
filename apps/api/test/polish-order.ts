/*
 * The Polish alphabetical order the lists follow (docs/decisions/017-polish-sort-order.md), for
 * tests: the order as a dictionary lists names, and a key written independently of the SQL
 * function pl_sort_key (migration 0008) that the tests compare it with.
 */

/** Surnames in the Polish alphabet's order (a ą b c ć … ł … ń o ó … ś … ź ż), case aside. */
export const POLISH_ORDER = [
  'Adamska',
  'Azarewicz',
  'Ącka',
  'cebula',
  'Czajka',
  'Ćwiek',
  'Dudek',
  'Émile',
  'Ewa',
  'Ęcki',
  'Kanarek',
  'Kań',
  'Lis',
  'Lużna',
  'Łukasik',
  'ŁYSY',
  'Malinowska',
  'Olszewska',
  'Ozga',
  'Ósma',
  'Pawlak',
  'Sikora',
  'Szymańska',
  'Śliwa',
  'Świątek',
  'Tomczak',
  'Zając',
  'Zyta',
  'Źrebiec',
  'żak',
  'Żurawska',
] as const;

const POLISH = 'ąćęłńóśźż';
const BASE_OF_POLISH = 'acelnoszz';
/** Latin letters with a diacritic that Unicode does not decompose. */
const UNDECOMPOSED: Record<string, string> = { đ: 'd', Đ: 'd', ø: 'o', Ø: 'o', ı: 'i' };

/**
 * The sort key of a text: Polish letters with a diacritic become their base letter followed by
 * themselves, so "ł" sorts after every "l…" and before "m"; other Latin letters lose their
 * diacritic; A–Z become small. Compared by code point, keys give the Polish order.
 */
export function polishSortKey(text: string): string {
  let key = '';
  for (const ch of text) {
    const polish = POLISH.indexOf(ch.toLowerCase());
    if (polish >= 0) {
      key += `${BASE_OF_POLISH[polish]}${POLISH[polish]}`;
      continue;
    }
    const base = UNDECOMPOSED[ch] ?? ch.normalize('NFD').replace(/^([A-Za-z])\p{M}+$/u, '$1');
    key += /^[A-Z]$/.test(base) ? base.toLowerCase() : base;
  }
  return key;
}
