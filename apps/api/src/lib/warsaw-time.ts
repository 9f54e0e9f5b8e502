/*
 * Dates typed in the back office's forms (quizzes, articles) as instants: the programme runs in
 * Poland, so a date without an offset is Warsaw wall time. A pure function, with unit tests.
 */

/** The programme runs in Poland: a date typed without an offset is Warsaw wall time. */
export const WARSAW_TIME_ZONE = 'Europe/Warsaw';

const DATE_RE =
  /^(\d{4})[.-](\d{2})[.-](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: WARSAW_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Minutes the zone is ahead of UTC at the instant `t` (60 in winter, 120 in summer for Warsaw). */
function zoneOffsetMinutes(t: number): number {
  const p = Object.fromEntries(wallClock.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return Math.round((asUtc - Math.floor(t / 1000) * 1000) / 60_000);
}

/** The instant of a wall time in Warsaw (a time skipped by the spring change reads as the hour after). */
function warsawInstant(wall: number): number {
  const first = wall - zoneOffsetMinutes(wall) * 60_000;
  const second = zoneOffsetMinutes(first);
  return wall - second * 60_000;
}

/**
 * 'YYYY.MM.DD HH:mm:ss' (or ISO 8601) as an instant; without an offset it is Warsaw time. A date
 * without a time is the start of that day, or with `endOfDay` its last millisecond. Null when the
 * calendar date does not exist (2026.02.30) or the time is out of range.
 */
export function parseWarsawDate(input: string, opts: { endOfDay?: boolean } = {}): Date | null {
  const m = DATE_RE.exec(input.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hasTime = h !== undefined;
  const hour = hasTime ? Number(h) : opts.endOfDay ? 23 : 0;
  const minute = hasTime ? Number(mi) : opts.endOfDay ? 59 : 0;
  const second = s !== undefined ? Number(s) : !hasTime && opts.endOfDay ? 59 : 0;
  const milli = ms !== undefined ? Number(ms.padEnd(3, '0')) : !hasTime && opts.endOfDay ? 999 : 0;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, milli);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (!zone) return new Date(warsawInstant(wall));
  if (zone === 'Z') return new Date(wall);
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  return new Date(wall - offset * 60_000);
}
