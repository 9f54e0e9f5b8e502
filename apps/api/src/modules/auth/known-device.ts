import { createHmac, timingSafeEqual } from 'node:crypto';
import { API } from '@incentive/contracts';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './auth.repo.ts';

/*
 * Browsers that have signed in before (docs/decisions/048). A successful sign-in sets the cookie
 * `device`: for each account that signed in on this browser (the newest few), `<user id>.<issued,
 * unix seconds>.<HMAC-SHA256>` under the key `server_secrets.device`, which every API process reads
 * from the database. A sign-in presenting a valid entry for its account is not held back by the
 * per-address lock (throttle.ts); the per-account and per-pair counters still apply, so a stolen
 * cookie buys no more guesses than the account's own limits allow. The cookie is HttpOnly,
 * SameSite=Strict, Secure over https and sent only to POST /api/login.
 */

export const DEVICE_COOKIE = 'device';
/** A year: browsers keep a cookie at most 400 days. */
export const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 3600;
/** Accounts remembered per browser (a shared warehouse computer). */
const MAX_ACCOUNTS = 5;
const ENTRY = /^([1-9][0-9]{0,9})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The shared key, read (or made, by the first process that needs it) once per database. */
const keys = new WeakMap<object, Promise<Buffer>>();
export function deviceKey(db: DbOrTx): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = repo.serverSecret(db, 'device').then((s) => Buffer.from(s, 'base64url'));
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, userId: number, issued: number) =>
  createHmac('sha256', key).update(`device/${userId}/${issued}`).digest();

interface Entry {
  userId: number;
  issued: number;
  raw: string;
}

/** The entries of a Cookie header's `device` cookies whose signature holds and that have not expired. */
export function validEntries(cookieHeader: string | undefined, key: Buffer, nowSeconds = Date.now() / 1000): Entry[] {
  if (!cookieHeader) return [];
  const out: Entry[] = [];
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    for (const raw of part
      .slice(eq + 1)
      .trim()
      .split('~')) {
      const m = ENTRY.exec(raw);
      if (!m) continue;
      const userId = Number(m[1]);
      const issued = Number(m[2]);
      if (issued < nowSeconds - DEVICE_MAX_AGE_SECONDS || issued > nowSeconds + 300) continue;
      const given = Buffer.from(m[3] as string, 'base64url');
      const expected = mac(key, userId, issued);
      if (given.length === expected.length && timingSafeEqual(given, expected)) out.push({ userId, issued, raw });
    }
  }
  return out;
}

/** Does the Cookie header carry a device cookie at all (cheap: no key, no lookup)? */
export const hasDeviceCookie = (cookieHeader: string | undefined): boolean =>
  cookieHeader?.includes(`${DEVICE_COOKIE}=`) ?? false;

/** Has this browser signed in to account `userId` before (a valid entry for it)? */
export async function isKnownDevice(db: DbOrTx, cookieHeader: string | undefined, userId: number) {
  if (!hasDeviceCookie(cookieHeader)) return false;
  return validEntries(cookieHeader, await deviceKey(db)).some((e) => e.userId === userId);
}

/**
 * The Set-Cookie value after `userId` signed in: a fresh entry for it first, then the other
 * accounts' valid entries, newest first.
 */
export async function deviceCookieAfterSignIn(
  db: DbOrTx,
  cookieHeader: string | undefined,
  userId: number,
  secure: boolean,
): Promise<string> {
  const key = await deviceKey(db);
  const issued = Math.floor(Date.now() / 1000);
  const fresh = `${userId}.${issued}.${mac(key, userId, issued).toString('base64url')}`;
  const others = validEntries(cookieHeader, key)
    .filter((e) => e.userId !== userId)
    .sort((a, b) => b.issued - a.issued)
    .filter((e, i, all) => all.findIndex((o) => o.userId === e.userId) === i)
    .slice(0, MAX_ACCOUNTS - 1)
    .map((e) => e.raw);
  const attrs = [`Max-Age=${DEVICE_MAX_AGE_SECONDS}`, `Path=${API.login}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) attrs.push('Secure');
  return [`${DEVICE_COOKIE}=${[fresh, ...others].join('~')}`, ...attrs].join('; ');
}
