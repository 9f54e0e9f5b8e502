import type { ArticleStatus } from '@incentive/contracts';

/*
 * The publication date of an article is Warsaw wall time, whatever the browser's time zone: the
 * picker shows and edits it as 'YYYY-MM-DD HH:mm:ss', the API reads 'YYYY.MM.DD HH:mm:ss' (SPEC.md
 * section 3 dates) as Warsaw time.
 */

const WARSAW = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as Warsaw wall time, 'YYYY-MM-DD HH:mm:ss' (the picker's value). */
export function warsawWallTime(instant: Date | string): string {
  const parts = WARSAW.formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** The picker's value as the API's published_at: 'YYYY.MM.DD HH:mm:ss'. */
export const apiPublishedAt = (wall: string) => wall.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$1.$2.$3');

/** DD-MM-YYYY HH:mm:ss of a Warsaw wall time (SPEC.md section 9; the one date-time display, lib/format.ts). */
export const displayWallTime = (wall: string) =>
  wall.replace(
    /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):?(\d{2})?.*$/,
    (_, y, mo, d, h, mi, s) => `${d}-${mo}-${y} ${h}:${mi}:${s ?? '00'}`,
  );

/**
 * What saving the form makes of the article: off = a draft; on = published from the chosen time,
 * scheduled when that is still ahead (wall times of one zone compare as text).
 */
export function plannedStatus(publish: boolean, wall: string | null, now = new Date()): ArticleStatus {
  if (!publish || !wall) return 'draft';
  return wall > warsawWallTime(now) ? 'scheduled' : 'published';
}

/** Badge colours of the statuses. */
export const STATUS_COLORS: Record<ArticleStatus, string> = {
  draft: 'gray',
  scheduled: 'blue',
  published: 'green',
  deleted: 'red',
};
