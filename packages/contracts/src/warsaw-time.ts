/*
 * Warsaw time, written once for the API and the web app (issue 29): the programme runs in Poland,
 * so its calendar days (challenges, quiz dates) are Warsaw days and a date typed without an offset
 * is Warsaw wall time. Pure functions over Intl (no dependency), their formatters made on first use
 * so that a bundle importing contracts pays nothing until it calls one.
 */

/** The programme runs in Poland: a date typed without an offset is Warsaw wall time. */
export const WARSAW_TIME_ZONE = 'Europe/Warsaw';

const DATE_RE =
  /^(\d{4})[.-](\d{2})[.-](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

const clockFormats = new Map<string, Intl.DateTimeFormat>();

export type ClockParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

/**
 * The year, month, day, hour, minute and second of an instant on the clock of `timeZone` (an IANA
 * name), two digits each (four for the year). Warsaw's below; the CSV exports' dates in the reader's zone.
 */
export function clockIn(timeZone: string, at: Date): ClockParts {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clockFormats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    year: p.year ?? '0000',
    month: p.month ?? '00',
    day: p.day ?? '00',
    hour: p.hour ?? '00',
    minute: p.minute ?? '00',
    second: p.second ?? '00',
  };
}

const wallClock = (at: Date) => clockIn(WARSAW_TIME_ZONE, at);

const instantOf = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** The Warsaw calendar day of an instant (a Date or an ISO string), 'YYYY-MM-DD', whatever the machine's zone. */
export function warsawDay(at: Date | string = new Date()): string {
  const p = wallClock(instantOf(at));
  return `${p.year}-${p.month}-${p.day}`;
}

/** An instant as Warsaw wall time, 'YYYY-MM-DD HH:mm:ss'. */
export function warsawWallTime(at: Date | string): string {
  const p = wallClock(instantOf(at));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** An instant as the back office's forms send a date: 'YYYY.MM.DD HH:mm:ss' in Warsaw time (parseWarsawDate reads it back). */
export function warsawFormTime(at: Date | string): string {
  return warsawWallTime(at).replace(/^(\d{4})-(\d{2})-(\d{2})/, '$1.$2.$3');
}

/** Minutes the zone is ahead of UTC at the instant `t` (60 in winter, 120 in summer for Warsaw). */
function zoneOffsetMinutes(t: number): number {
  const p = wallClock(new Date(t));
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
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
