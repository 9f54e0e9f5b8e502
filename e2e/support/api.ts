import { DEMO_PASSWORD } from './accounts.ts';
import { baseUrl } from './env.ts';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
}

/** A JSON call to the real server, as the web app makes it (Polish messages). */
export async function api<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': 'pl' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Signs in through the API and returns the bearer token. */
export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await api<{ token: string; token_type: string }>('POST', '/api/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** GET /api/me's status for a token: 200 while the session lives, 401 once it is revoked. */
export async function meStatus(token: string): Promise<number> {
  return (await api('GET', '/api/me', { token })).status;
}
