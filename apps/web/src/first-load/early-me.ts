import { API, type User } from '@incentive/contracts';
import { type ApiResult, request } from '../lib/api-client.ts';
import { getToken } from '../lib/session.ts';

/*
 * GET /api/me, started by the entry as soon as it runs for a visitor who has a token, instead of
 * after the signed-in area's chunks have arrived and rendered (a slow-4G round trip or more).
 * The session gate's first query takes it (useMe), but only while the token is still the one it
 * was sent with: after a sign-out or a new sign-in its answer is about someone else's session.
 */
const startedWith = getToken()?.token;
let pending: Promise<ApiResult<User>> | undefined = startedWith ? request<User>(API.me) : undefined;
/** The early call's answer once it has come (`undefined` until then). */
let answer: ApiResult<User> | undefined;
/** Settles (never rejects) when the early call has answered; undefined once it has. */
let waiting: Promise<unknown> | undefined = pending?.then(
  (r) => {
    answer = r;
    waiting = undefined;
  },
  () => {
    waiting = undefined;
  },
);

const current = () => pending !== undefined && getToken()?.token === startedWith;

/** The call the entry started, once, if it was made with the current token. */
export function takeEarlyMe(): Promise<ApiResult<User>> | undefined {
  const taken = pending;
  const ok = current();
  pending = undefined;
  return ok ? taken : undefined;
}

/**
 * The early call's user, once, if it has already answered with success for the current token: the
 * session gate starts with it, so the page renders in the first (sliced) render rather than in a
 * second, blocking one when the query's answer comes.
 */
export function takeEarlyAnswer(): User | undefined {
  if (!current() || !answer?.isSuccess) return undefined;
  pending = undefined;
  return answer.payload;
}

/** While the early call (for the current token) is out: a promise that settles when it answers. */
export function earlyMeWaiting(): Promise<unknown> | undefined {
  return current() ? waiting : undefined;
}

/** The early call's user when it succeeded (to preload the page this user may open), else null. */
export function earlyUser(): Promise<User | null> {
  return pending ? pending.then((r) => (r.isSuccess ? r.payload : null)) : Promise.resolve(null);
}
