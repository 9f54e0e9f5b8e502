import type { ChallengeStatus } from '@incentive/contracts';
import { formatDate } from '../../../lib/format.ts';
import type { TKey } from '../../../lib/i18n.ts';
import { groupThousands } from '../../../lib/money.ts';

/*
 * How the rep's challenge page and the home's box say dates, statuses and places. Pure, so the
 * unit tests pin the Polish wording; the texts themselves live in locales/challenges/pl.json.
 */

/*
 * Written by hand as Intl writes them in pl-PL and en-GB: the first Intl object starts ICU, a long
 * task on a slow phone in the render that shows the page (decision 035); the unit tests hold these
 * to Node's Intl.
 */
// Polish dates take the genitive: '30 listopada'.
const MONTHS_PL = 'stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia';
const MONTHS_EN = 'January February March April May June July August September October November December';
const monthName = (lang: string, month: number) => (lang === 'en' ? MONTHS_EN : MONTHS_PL).split(' ')[month] ?? '';

// A calendar day 'YYYY-MM-DD' is read as UTC midnight and written in UTC: no time zone moves it a day.
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** '2026-11-30' → '30 listopada' (pl, the genitive a date takes) or '30 November' (en); the year when it is not `thisYear`. */
export function formatDay(day: string, lang: string, thisYear: number): string {
  const d = dayDate(day);
  if (Number.isNaN(d.getTime())) return day;
  const year = d.getUTCFullYear();
  const date = `${d.getUTCDate()} ${monthName(lang, d.getUTCMonth())}`;
  return year === thisYear ? date : `${date} ${year}`;
}

/** The key and values of a challenge's status line: 'Trwa do 30 listopada', 'Zakończone 30 listopada', 'Zaczyna się 1 grudnia'. */
export function statusLine(
  c: { status: ChallengeStatus; start_at: string; end_at: string },
  lang: string,
  thisYear: number,
): { key: TKey; vars: { date: string } } {
  if (c.status === 'upcoming')
    return { key: 'challengePh.status.upcoming', vars: { date: formatDay(c.start_at, lang, thisYear) } };
  if (c.status === 'ended')
    return { key: 'challengePh.status.ended', vars: { date: formatDay(c.end_at, lang, thisYear) } };
  return { key: 'challengePh.status.running', vars: { date: formatDay(c.end_at, lang, thisYear) } };
}

/**
 * The instant of the last import as a calendar day in the browser's zone, in the product's one date
 * format (lib/format.ts, decision 046): '22-11-2026' in both languages.
 */
export function formatImportDate(iso: string): string | null {
  if (Number.isNaN(new Date(iso).getTime())) return null;
  return formatDate(iso);
}

/** Units (whole pieces) as the rep reads them: '1 240' with the language's grouping. */
export function formatUnits(units: number, lang: string): string {
  return groupThousands(String(units), lang === 'en' ? ',' : '\u00a0');
}

/**
 * The challenges in the order the page shows them: the one `firstId` names first (the home's link,
 * a shared address), the others as the server sent them (running first). `extra` is the challenge
 * fetched on its own when the list does not hold it.
 */
export function orderChallenges<T extends { id: number }>(
  list: readonly T[],
  firstId: number | null,
  extra?: T | null,
): T[] {
  const all = extra && !list.some((c) => c.id === extra.id) ? [extra, ...list] : [...list];
  const i = firstId === null ? -1 : all.findIndex((c) => c.id === firstId);
  if (i <= 0) return all;
  const [first] = all.splice(i, 1);
  return first ? [first, ...all] : all;
}

/** Does the list hold the challenge `id` names? (When not, the page asks GET /api/challenges/active/{id}.) */
export const holds = (list: readonly { id: number }[] | undefined, id: number | null) =>
  id === null || list === undefined || list.some((c) => c.id === id);
