/*
 * What `npm run bench:day` runs, from the environment. The default mix is a working day of a
 * 10,000-rep programme played faster: REAL_DAY says how many of each thing such a day holds, and
 * DAY_SPEED how much faster than real time it runs (60: an 8-hour day in 8 minutes, so the default
 * 60 s window is an hour of the day). Each rate can be set on its own instead. At 120 the import
 * and the mix together fill the 2 cores of the project's machine (docs/quality/mixed-day.md).
 */

/** The kinds of visit the mix sends, each at its own rate. */
export const KINDS = ['home', 'signIn', 'quiz', 'withdrawal', 'admin'] as const;
export type Kind = (typeof KINDS)[number];

/**
 * A working day (8 h) of 10,000 reps, by estimate: about 4,000 open the app, three times each; sessions
 * last 14 days (SESSION_TTL_HOURS), so few sign in; a quiz day (3,000 submits); one rep in ten withdraws;
 * a few back-office people page through their lists. Scaled by DAY_REPS / 10,000.
 */
export const REAL_DAY: Record<Kind, number> = {
  home: 12_000,
  signIn: 400,
  quiz: 3_000,
  withdrawal: 1_000,
  admin: 600,
};
const WORKING_DAY_SECONDS = 8 * 3600;

const ENV_RATE: Record<Kind, string> = {
  home: 'DAY_RATE_HOME',
  signIn: 'DAY_RATE_SIGN_IN',
  quiz: 'DAY_RATE_QUIZ',
  withdrawal: 'DAY_RATE_WITHDRAWAL',
  admin: 'DAY_RATE_ADMIN',
};

function num(name: string, fallback: number): number {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name}=${v}: not a number ≥ 0`);
  return n;
}

export function readSettings() {
  const reps = Math.max(20, Math.round(num('DAY_REPS', 10_000) / 20) * 20);
  const speed = num('DAY_SPEED', 60);
  const rates = Object.fromEntries(
    KINDS.map((k) => [k, num(ENV_RATE[k], ((REAL_DAY[k] * reps) / 10_000) * (speed / WORKING_DAY_SECONDS))]),
  ) as Record<Kind, number>;
  return {
    /** Reps, 20 to a warehouse (rounded to whole warehouses). */
    reps,
    speed,
    /** Visits per second of each kind. */
    rates,
    /** The measured window; it runs on until the import is applied (at most importCapSeconds after the upload). */
    seconds: num('DAY_SECONDS', 60),
    /** The same mix before the window, not counted in the figures (errors still are): JIT, pools, plans. */
    warmUpSeconds: num('DAY_WARMUP_SECONDS', 10),
    importRows: Math.round(num('DAY_IMPORT_ROWS', 100_000)),
    /** Seconds into the window when the admin uploads the file. */
    importAt: num('DAY_IMPORT_AT', 5),
    importCapSeconds: num('DAY_IMPORT_CAP_SECONDS', 600),
    /** A request not answered within this is aborted and counted as an error. */
    timeoutMs: num('DAY_TIMEOUT_SECONDS', 10) * 1000,
    /** The reps' password hash cost: production's 17 by default, so a sign-in costs what it will. */
    scryptLogN: num('DAY_SCRYPT_LOG_N', 17),
    watchdogMs: num('DAY_WATCHDOG_SECONDS', 1800) * 1000,
  };
}

export type Settings = ReturnType<typeof readSettings>;
