import type { ChallengeStatus } from '@incentive/contracts';

export { warsawDay } from '@incentive/contracts';

/*
 * A challenge runs on Warsaw calendar days, both ends included ('YYYY-MM-DD' strings compare in
 * date order). Today is computed here and passed to SQL, so PGlite and PostgreSQL agree whatever
 * the server's time zone.
 */

/** The day `days` after (or before, when negative) a 'YYYY-MM-DD' day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Where a challenge stands on `today`. */
export function challengeStatus(startOn: string, endOn: string, today: string): ChallengeStatus {
  if (today < startOn) return 'upcoming';
  if (today > endOn) return 'ended';
  return 'running';
}
