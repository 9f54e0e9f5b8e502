import { type ArticleStatus, warsawWallTime } from '@incentive/contracts';

/** An instant as Warsaw wall time, 'YYYY-MM-DD HH:mm:ss' (the picker's value). */
export { warsawWallTime };

/*
 * The publication date of an article is Warsaw wall time, whatever the browser's time zone: the
 * picker shows and edits it as 'YYYY-MM-DD HH:mm:ss', the API reads 'YYYY.MM.DD HH:mm:ss' (SPEC.md
 * section 3 dates) as Warsaw time.
 */

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
