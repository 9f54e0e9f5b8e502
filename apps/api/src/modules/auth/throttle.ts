import type { MessageKey } from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { ThrottledError } from '../../lib/app-error.ts';
import * as repo from './throttle.repo.ts';

/*
 * Throttling of sign-in and of set-password link requests (docs/decisions/014). Three counters per
 * attempt, all in the database so every API process shares them:
 * - pair: one account from one address. A few free failures, then blocks that double with each
 *   further failure. This is what stops guessing, and it never touches the owner elsewhere.
 * - account: one account from anywhere. Far higher and short, against guessing from many
 *   addresses; an address the account has signed in from before is not held back by it.
 * - address: one address, any account (password spraying). A browser that signed in to the
 *   account before (its device cookie, known-device.ts) is not held back by it: many people may
 *   share one address (a mobile carrier, a warehouse's Wi-Fi), and one bad client must not lock
 *   them all out (decision 048).
 * An attempt is counted before its password is checked, so a burst of parallel attempts cannot
 * slip past the limit; a successful sign-in takes its count back.
 */

export type { ThrottleRule } from './throttle.repo.ts';

export interface ThrottlePolicy {
  /** Prefix of the counters' keys: each policy counts apart. */
  name: string;
  pair: repo.ThrottleRule;
  account: repo.ThrottleRule;
  address: repo.ThrottleRule;
  /** The 429's message; it gets the wait as {{wait}}. */
  message: MessageKey;
}

const MINUTE = 60;
const HOUR = 3600;
const fixed = (free: number, windowSeconds: number, blockSeconds: number): repo.ThrottleRule => ({
  free,
  windowSeconds,
  blockSeconds,
  growth: 1,
  maxBlockSeconds: blockSeconds,
});

/** POST /api/login. */
export const SIGN_IN_THROTTLE: ThrottlePolicy = {
  name: 'login',
  // 5 free failures a day, then 15 s, 30 s, 1 min … up to 15 min between attempts.
  pair: { free: 5, windowSeconds: 24 * HOUR, blockSeconds: 15, growth: 2, maxBlockSeconds: 15 * MINUTE },
  account: fixed(100, 15 * MINUTE, 5 * MINUTE),
  address: fixed(50, 15 * MINUTE, 15 * MINUTE),
  message: 'auth.throttled',
};

/** POST /api/forgot-password: every request mails a link, so each one counts. */
export const RESET_THROTTLE: ThrottlePolicy = {
  name: 'reset',
  // 3 links a day, then 1 min, 2 min … up to an hour between requests.
  pair: { free: 3, windowSeconds: 24 * HOUR, blockSeconds: MINUTE, growth: 2, maxBlockSeconds: HOUR },
  account: fixed(10, HOUR, 10 * MINUTE),
  address: fixed(20, HOUR, HOUR),
  message: 'auth.resetThrottled',
};

type Counter = 'pair' | 'account' | 'address';
const COUNTERS: readonly Counter[] = ['pair', 'account', 'address'];

/** The counters one attempt was counted on; hand it to `forgive` when the attempt succeeds. */
export interface Claim {
  policy: ThrottlePolicy;
  keys: Partial<Record<Counter, string>>;
}

function keysOf(policy: ThrottlePolicy, account: string, ip: string): Record<Counter, string> {
  // The address comes first and never contains '/', so no account name can forge another pair.
  return {
    pair: `${policy.name}:pair:${ip}/${account}`,
    account: `${policy.name}:account:${account}`,
    address: `${policy.name}:address:${ip}`,
  };
}

/** "15 s" or "3 min": how long to wait, in the message (same in Polish and English). */
export function formatWait(seconds: number): string {
  return seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

/**
 * Who is let past a blocked wider counter: `account`, an address the account signed in from
 * before; `address`, a browser that signed in to the account before (decision 048). Each is asked
 * only when its counter is blocked. The pair counter has no exception.
 */
export interface Exemptions {
  account?: () => Promise<boolean>;
  address?: () => Promise<boolean>;
}

/**
 * Counts an attempt on `account` (a lower-cased e-mail, existing or not) from `ip`, or refuses it
 * with a 429 and Retry-After when one of its counters is blocked and no exemption lets it past.
 */
export async function claimAttempt(
  db: DbOrTx,
  policy: ThrottlePolicy,
  account: string,
  ip: string,
  exempt: Exemptions,
): Promise<Claim> {
  const keys = keysOf(policy, account, ip);
  const counted = await Promise.all(COUNTERS.map((c) => repo.claim(db, keys[c], policy[c])));
  const claim: Claim = { policy, keys: {} };
  const blocked: Counter[] = [];
  COUNTERS.forEach((c, i) => {
    if (counted[i]) claim.keys[c] = keys[c];
    else blocked.push(c);
  });
  if (blocked.length === 0) return claim;
  // Counters whose exemption holds do not hold the attempt back, nor count in its wait.
  const holding: Counter[] = [];
  for (const c of blocked) if (!(await exempted(c, exempt))) holding.push(c);
  if (holding.length === 0) return claim;
  // Refused without a check: take back what this attempt counted.
  for (const c of COUNTERS) {
    const key = claim.keys[c];
    if (key) await repo.release(db, key, policy[c]);
  }
  const seconds = await repo.secondsBlocked(
    db,
    holding.map((c) => keys[c]),
  );
  throw new ThrottledError(policy.message, seconds, formatWait(seconds));
}

async function exempted(c: Counter, exempt: Exemptions): Promise<boolean> {
  const check = c === 'pair' ? undefined : exempt[c];
  return check ? check() : false;
}

/** The attempt succeeded: its pair starts over, and the wider counters take it back. */
export async function forgive(db: DbOrTx, claim: Claim) {
  const { pair, account, address } = claim.keys;
  if (pair) await repo.clear(db, pair);
  if (account) await repo.release(db, account, claim.policy.account);
  if (address) await repo.release(db, address, claim.policy.address);
}

/** How often idle counters are deleted. */
const PRUNE_EVERY_MS = 3600_000;

/** Deletes idle counters when the app is ready and every hour until it closes (any process may do it). */
export function keepThrottleTidy(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const prune = () => {
    running = repo.pruneThrottle(app.db).catch((err: unknown) => app.log.error({ err }, 'could not prune throttling'));
  };
  app.addHook('onReady', async () => {
    prune();
    await running;
    timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
