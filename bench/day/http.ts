import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { quantile } from '../steady-load.ts';

/*
 * The day's requests and what they answered, per route. An error is anything a user would have seen
 * go wrong: a status other than 2xx, a network error, no answer within the timeout, or an answer
 * that is not what the request must get (a withdrawal without its id, a quiz graded wrongly).
 */

export interface RouteStats {
  route: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  /** Error answers by kind: `409`, `timeout`, `network: …`, `bad answer: …`. */
  errorKinds: string;
}

interface Samples {
  ms: number[];
  errors: Map<string, number>;
}

/** One slice of the window: every route's requests that started in it. */
export interface Slice {
  from: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

export class Recorder {
  private readonly routes = new Map<string, Samples>();
  /** Every request: when it started (performance.now()), its latency, whether it failed. */
  private readonly all: { at: number; ms: number; failed: boolean }[] = [];
  /** The first few error answers in full, to print. */
  readonly examples: string[] = [];

  add(route: string, ms: number, error: string | null, detail = '') {
    let s = this.routes.get(route);
    if (!s) {
      s = { ms: [], errors: new Map() };
      this.routes.set(route, s);
    }
    s.ms.push(ms);
    this.all.push({ at: performance.now() - ms, ms, failed: error !== null });
    if (error === null) return;
    s.errors.set(error, (s.errors.get(error) ?? 0) + 1);
    if (this.examples.length < 20) this.examples.push(`${route}: ${error} ${detail.slice(0, 300)}`);
  }

  errors(): number {
    let n = 0;
    for (const s of this.routes.values()) for (const v of s.errors.values()) n += v;
    return n;
  }

  requests(): number {
    let n = 0;
    for (const s of this.routes.values()) n += s.ms.length;
    return n;
  }

  /** The requests by when they started, in slices of `sliceMs` from `t0` (performance.now()). */
  timeline(t0: number, sliceMs: number): Slice[] {
    const slices = new Map<number, { ms: number[]; errors: number }>();
    for (const r of this.all) {
      const k = Math.max(0, Math.floor((r.at - t0) / sliceMs));
      const slice = slices.get(k) ?? { ms: [], errors: 0 };
      slice.ms.push(r.ms);
      if (r.failed) slice.errors++;
      slices.set(k, slice);
    }
    return [...slices]
      .sort(([a], [b]) => a - b)
      .map(([k, v]) => {
        const sorted = v.ms.sort((a, b) => a - b);
        return {
          from: (k * sliceMs) / 1000,
          requests: sorted.length,
          p50: quantile(sorted, 0.5),
          p99: quantile(sorted, 0.99),
          errors: v.errors,
        };
      });
  }

  /** Per route, in `order` first (then the rest by name); throughput over `seconds`. */
  stats(seconds: number, order: readonly string[] = []): RouteStats[] {
    const rank = (r: string) => {
      const i = order.findIndex((o) => r.startsWith(o));
      return i < 0 ? order.length : i;
    };
    return [...this.routes]
      .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
      .map(([route, s]) => {
        const sorted = [...s.ms].sort((x, y) => x - y);
        return {
          route,
          requests: sorted.length,
          perSecond: sorted.length / seconds,
          p50: quantile(sorted, 0.5),
          p95: quantile(sorted, 0.95),
          p99: quantile(sorted, 0.99),
          max: sorted.at(-1) ?? 0,
          errors: [...s.errors.values()].reduce((a, b) => a + b, 0),
          errorKinds: [...s.errors].map(([k, n]) => `${n} × ${k}`).join(', '),
        };
      });
  }
}

export interface Who {
  token: string;
  /** Sent as X-Forwarded-For: the API trusts the loopback proxy (TRUST_PROXY=loopback), as behind a real one. */
  ip?: string;
}

export interface Answer {
  ok: boolean;
  status: number;
  json: unknown;
}

/**
 * The load generator's connections, kept alive and taken in turn (fifo): the proxy hands each new
 * connection to the next API process, so taking them in turn splits the requests evenly, as many
 * phones each with its own connection would. (fetch's pool takes the first free connection, which
 * sent B nearly twice A's requests.)
 */
const agent = new http.Agent({ keepAlive: true, scheduling: 'fifo' });

/** One HTTP request: its status and body (gunzipped: the client asks for gzip, as browsers do). */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal: AbortSignal,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers: { ...headers, 'accept-encoding': 'gzip' }, agent, signal },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (b: Buffer) => parts.push(b));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const raw = Buffer.concat(parts);
            const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString();
            resolve({ status: res.statusCode ?? 0, text });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One request, recorded under `route`. `check` looks at a 2xx answer's JSON and names what is wrong
 * with it (null: nothing).
 */
export async function call(
  rec: Recorder,
  o: { base: string; timeoutMs: number },
  route: string,
  method: 'GET' | 'POST',
  path: string,
  who: Who | null,
  body?: unknown,
  check?: (json: unknown) => string | null,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (who?.token) headers.authorization = `Bearer ${who.token}`;
  if (who?.ip) headers['x-forwarded-for'] = who.ip;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  const signal = AbortSignal.timeout(o.timeoutMs);
  const started = performance.now();
  try {
    const res = await send(`${o.base}${path}`, method, headers, payload, signal);
    const ms = performance.now() - started;
    let json: unknown = null;
    try {
      json = JSON.parse(res.text);
    } catch {
      // Not JSON: an error below either way.
    }
    const ok = res.status >= 200 && res.status < 300;
    const problem = !ok ? String(res.status) : json === null ? 'bad answer: not JSON' : check ? check(json) : null;
    rec.add(route, ms, problem, problem ? res.text : '');
    return { ok: problem === null, status: res.status, json };
  } catch (err) {
    const ms = performance.now() - started;
    const e = err as Error & { code?: string };
    rec.add(route, ms, signal.aborted ? 'timeout' : `network: ${e.code ?? e.message}`, e.message);
    return { ok: false, status: 0, json: null };
  }
}
