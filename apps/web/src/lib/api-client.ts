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
 * (first-load/first-load-html.ts, decision 030), by URL. The page's own call takes the answer once, if
 * it comes within a few seconds and the token is still the one it was sent with; after that, or for
 * any other call, the request goes to the server.
 */
interface EarlyGet {
  token: string;
  at: number;
  res: Promise<{ ok: boolean; status: number; text: string } | null>;
  /** The answer once it has come (the first-load script notes it): a page's first render may start with it. */
  a?: { ok: boolean; text: string } | null;
}
const EARLY_GET_FRESH_MS = 10_000;

/** The early GET of `url` (`answered`: only once it has come with success), once; only if sent with the current token and fresh. */
function takeEarly(url: string, answered?: boolean): EarlyGet | undefined {
  const all = (globalThis as { __earlyGets?: Record<string, EarlyGet> }).__earlyGets;
  const early = all && Object.hasOwn(all, url) ? all[url] : undefined;
  if (!all || !early || (answered && !early.a?.ok)) return undefined;
  delete all[url];
  return early.token === getToken()?.token && Date.now() - early.at < EARLY_GET_FRESH_MS ? early : undefined;
}

function takeEarlyGet<T>(url: string): Promise<ApiResult<T>> | undefined {
  const failed: ApiResult<T> = { isSuccess: false, status: 0, payload: null };
  return takeEarly(url)
    ?.res.then((r) => (r ? resultOf<T>(r.ok, r.status, r.text) : failed))
    .catch(() => failed);
}

/**
 * useQuery options that start a rep page's first query with its early GET's answer when it has
 * already come with success: the page renders its content in the first, sliced render; taken later
 * by the query, it came in a second render, which the query library makes blocking (150–300 ms on
 * a 4x slowed phone, decision 035). Fresh for a few seconds so the query does not ask again at once
 * (then as staleTime 0). A failed or missing answer is left to the query's own call, as before.
 */
export function earlyAnswerOptions<T>(path: string, query?: Query) {
  return {
    initialData: (): T | undefined => {
      const answer = takeEarly(buildUrl(path, query), true)?.a;
      return answer ? (JSON.parse(answer.text) as T) : undefined;
    },
    staleTime: (q: { isFetched: () => boolean }) => (q.isFetched() ? 0 : EARLY_GET_FRESH_MS),
  };
}

function resultOf<T>(ok: boolean, status: number, text: string): ApiResult<T> {
  const payload = text ? (JSON.parse(text) as unknown) : null;
  if (ok) return { isSuccess: true, status, payload: payload as T };
  return { isSuccess: false, status, payload: isErrorResponse(payload) ? payload : null };
}

/**
 * The headers of every call to the API, built here only (decision 056): what the answer should be
 * (`accept`), the interface's language, the session's token when there is one, and the call's own
 * (`extra`: a body's type, the CSV exports' USER-TIMEZONE). fetch takes them as they are; the
 * sales-file upload, which goes through XMLHttpRequest for its progress, sets each of them. The
 * rep pages' first-load script sends the same three from its inline code (build/first-load-html.ts),
 * which cannot import this.
 */
export function apiHeaders(accept = 'application/json', extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { accept, 'accept-language': i18n.language || 'pl', ...extra };
  const auth = getToken();
  if (auth) headers.authorization = `${auth.type} ${auth.token}`;
  return headers;
}

async function send<T>(path: string, opts: RequestOptions): Promise<ApiResult<T>> {
  const headers = apiHeaders();
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
