import type { ChallengeStatus } from '@incentive/contracts';

/*
 * How the rep's challenge page and the home's box say dates, statuses and places. Pure, so the
 * unit tests pin the Polish wording; the texts themselves live in locales/challenges/pl.json.
 */

const LOCALES: Record<string, string> = { pl: 'pl-PL', en: 'en-GB' };
const localeOf = (lang: string) => LOCALES[lang] ?? 'pl-PL';

// A calendar day 'YYYY-MM-DD' is read as UTC midnight and written in UTC: no time zone moves it a day.
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** '2026-11-30' → '30 listopada' (pl, the genitive a date takes) or '30 November' (en); the year when it is not `thisYear`. */
export function formatDay(day: string, lang: string, thisYear: number): string {
  const d = dayDate(day);
  if (Number.isNaN(d.getTime())) return day;
  const withYear = d.getUTCFullYear() !== thisYear;
  return new Intl.DateTimeFormat(localeOf(lang), {
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(d);
}

/** The key and values of a challenge's status line: 'Trwa do 30 listopada', 'Zakończone 30 listopada', 'Zaczyna się 1 grudnia'. */
export function statusLine(
  c: { status: ChallengeStatus; start_at: string; end_at: string },
  lang: string,
  thisYear: number,
): { key: string; vars: { date: string } } {
  if (c.status === 'upcoming')
    return { key: 'challengePh.status.upcoming', vars: { date: formatDay(c.start_at, lang, thisYear) } };
  if (c.status === 'ended')
    return { key: 'challengePh.status.ended', vars: { date: formatDay(c.end_at, lang, thisYear) } };
  return { key: 'challengePh.status.running', vars: { date: formatDay(c.end_at, lang, thisYear) } };
}

/** The instant of the last import as a calendar day in the browser's zone: '22.11.2026' (pl), '22/11/2026' (en). */
export function formatImportDate(iso: string, lang: string): string | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return new Intl.DateTimeFormat(localeOf(lang), { day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}

/** Units as the rep reads them: '1 240' with the language's grouping. */
export function formatUnits(units: number, lang: string): string {
  return new Intl.NumberFormat(localeOf(lang), { useGrouping: 'always' } as Intl.NumberFormatOptions)
    .format(units)
    .replace(/[\u202f\u2009\s]/g, '\u00a0');
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
