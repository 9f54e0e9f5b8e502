import { API, type User } from '@incentive/contracts';
import { type ApiResult, request } from './api-client.ts';
import { getToken } from './session.ts';

/*
 * GET /api/me, started by the entry as soon as it runs for a visitor who has a token, instead of
 * after the signed-in area's chunks have arrived and rendered (a slow-4G round trip or more).
 * The session gate's first query takes it (useMe), but only while the token is still the one it
 * was sent with: after a sign-out or a new sign-in its answer is about someone else's session.
 */
const startedWith = getToken()?.token;
let pending: Promise<ApiResult<User>> | undefined = startedWith ? request<User>(API.me) : undefined;

/** The call the entry started, once, if it was made with the current token. */
export function takeEarlyMe(): Promise<ApiResult<User>> | undefined {
  const taken = pending;
  pending = undefined;
  return taken && getToken()?.token === startedWith ? taken : undefined;
}

/** The early call's user when it succeeded (to preload the page this user may open), else null. */
export function earlyUser(): Promise<User | null> {
  return pending ? pending.then((r) => (r.isSuccess ? r.payload : null)) : Promise.resolve(null);
}
