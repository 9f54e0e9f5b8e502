import type { ErrorResponse } from '@incentive/contracts';
import { buildUrl, type Query } from './build-url.ts';
import { i18n } from './i18n.ts';
import { getToken } from './session.ts';

export const REQUEST_TIMEOUT_MS = 20_000;

/** Every call is reduced to this, as SPEC.md section 7 says: a success flag, the status and the payload. */
export type ApiResult<T> =
  | { isSuccess: true; status: number; payload: T }
  | { isSuccess: false; status: number; payload: ErrorResponse | null };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Fetch with the Bearer token, JSON, a 20 s timeout and the language header. Never throws. The
 * optional USER-TIMEZONE header (SPEC.md section 7) goes only with the CSV exports, the one place the
 * server reads it (lib/download-csv.ts): reading the zone builds an Intl.DateTimeFormat, which loads
 * the time-zone data, 30 ms of a phone's first load when the entry's GET /api/me carried it (decision 027).
 */
export function request<T>(path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
  const early =
    opts.method === undefined || opts.method === 'GET' ? takeEarlyGet<T>(buildUrl(path, opts.query)) : undefined;
  return early ?? send<T>(path, opts);
}

/**
 * A rep page's first GETs, started by its HTML's inline script while the entry is still on its way
 * (build/first-load-html.ts, decision 030), by URL. The page's own call takes the answer once, if
 * it comes within a few seconds and the token is still the one it was sent with; after that, or for
 * any other call, the request goes to the server.
 */
interface EarlyGet {
  token: string;
  at: number;
  res: Promise<{ ok: boolean; status: number; text: string } | null>;
}
const EARLY_GET_FRESH_MS = 10_000;

function takeEarlyGet<T>(url: string): Promise<ApiResult<T>> | undefined {
  const all = (globalThis as { __earlyGets?: Record<string, EarlyGet> }).__earlyGets;
  const early = all && Object.hasOwn(all, url) ? all[url] : undefined;
  if (!all || !early) return undefined;
  delete all[url];
  if (early.token !== getToken()?.token || Date.now() - early.at >= EARLY_GET_FRESH_MS) return undefined;
  const failed: ApiResult<T> = { isSuccess: false, status: 0, payload: null };
  return early.res.then((r) => (r ? resultOf<T>(r.ok, r.status, r.text) : failed)).catch(() => failed);
}

/*
 * What each early GET answered, noted as it comes: a page whose first render finds its answer here
 * starts with it (takeEarlyAnswer) and renders its content in the first, sliced render. Taken
 * later by the query, the answer came in a second render, which the query library makes blocking:
 * one 150–300 ms task on a 4x slowed phone (docs/quality/web-tbt.md).
 */
const earlyAnswers = new Map<string, { ok: boolean; status: number; text: string } | null>();
for (const [url, early] of Object.entries(
  (globalThis as { __earlyGets?: Record<string, EarlyGet> }).__earlyGets ?? {},
)) {
  early.res.then(
    (r) => earlyAnswers.set(url, r),
    () => earlyAnswers.set(url, null),
  );
}

/**
 * The payload of the early GET of `path` (with `query`), once, if it has already answered with
 * success for the current token within EARLY_GET_FRESH_MS, and when it was asked; else nothing,
 * and the page's query takes the call as before (request).
 */
export function takeEarlyAnswer<T>(path: string, query?: Query): { payload: T; at: number } | undefined {
  const url = buildUrl(path, query);
  const all = (globalThis as { __earlyGets?: Record<string, EarlyGet> }).__earlyGets;
  const early = all && Object.hasOwn(all, url) ? all[url] : undefined;
  const answer = earlyAnswers.get(url);
  if (!all || !early || !answer?.ok) return undefined;
  if (early.token !== getToken()?.token || Date.now() - early.at >= EARLY_GET_FRESH_MS) return undefined;
  delete all[url];
  earlyAnswers.delete(url);
  return { payload: JSON.parse(answer.text) as T, at: early.at };
}

/**
 * useQuery options that start a page's first query with its early answer (takeEarlyAnswer), held
 * fresh from when it was asked as long as an early answer may be taken (so the query does not ask
 * again at once); once the query has fetched, `staleTime` as before.
 */
export function earlyAnswerOptions<T>(path: string, query?: Query, staleTime = 0) {
  let at: number | undefined;
  return {
    initialData: (): T | undefined => {
      const taken = takeEarlyAnswer<T>(path, query);
      at = taken?.at;
      return taken?.payload;
    },
    initialDataUpdatedAt: () => at,
    staleTime: (q: { isFetched: () => boolean }) =>
      q.isFetched() ? staleTime : Math.max(staleTime, EARLY_GET_FRESH_MS),
  };
}

function resultOf<T>(ok: boolean, status: number, text: string): ApiResult<T> {
  const payload = text ? (JSON.parse(text) as unknown) : null;
  if (ok) return { isSuccess: true, status, payload: payload as T };
  return { isSuccess: false, status, payload: isErrorResponse(payload) ? payload : null };
}

async function send<T>(path: string, opts: RequestOptions): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': i18n.language || 'pl',
  };
  const auth = getToken();
  if (auth) headers.authorization = `${auth.type} ${auth.token}`;
  // FormData (multipart) and Blobs (files) go as they are; everything else as JSON.
  const isRaw = opts.body instanceof FormData || opts.body instanceof Blob;
  if (opts.body instanceof Blob && opts.body.type) headers['content-type'] = opts.body.type;
  else if (opts.body !== undefined && !isRaw) headers['content-type'] = 'application/json';

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  try {
    const res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : isRaw ? (opts.body as BodyInit) : JSON.stringify(opts.body),
      signal,
    });
    return resultOf<T>(res.ok, res.status, await res.text());
  } catch {
    return { isSuccess: false, status: 0, payload: null };
  }
}

function isErrorResponse(v: unknown): v is ErrorResponse {
  return typeof v === 'object' && v !== null && typeof (v as { message?: unknown }).message === 'string';
}

/** Thrown by query functions so react-query sees a failure; carries the reduced result. */
export class ApiError extends Error {
  constructor(readonly result: Extract<ApiResult<unknown>, { isSuccess: false }>) {
    super(result.payload?.message ?? `HTTP ${result.status}`);
  }
}

/** For react-query: the payload on success, an ApiError otherwise. */
export async function fetchOrThrow<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return payloadOrThrow(await request<T>(path, opts));
}

export function payloadOrThrow<T>(r: ApiResult<T>): T {
  if (!r.isSuccess) throw new ApiError(r);
  return r.payload;
}

/** The reduced result of a failed call, for toastFailure and the forms' field errors. */
export const failureOf = (error: unknown) => (error instanceof ApiError ? error.result : null);
