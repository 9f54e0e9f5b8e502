import { readFileSync } from 'node:fs';

/*
 * What a bench measures around a long operation on a running server: a steady, open-loop load of GET
 * requests (sent on a fixed schedule whether or not earlier ones have answered, as users would) with
 * each answer's latency, and the server process's resident memory sampled from /proc.
 */

export interface LatencyStats {
  requests: number;
  /** Non-2xx answers, network errors and timeouts (the request gave up after `timeoutMs`). */
  errors: number;
  timeouts: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The q-quantile (0..1) of sorted values, by the nearest rank; 0 when empty. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

export interface SteadyLoad {
  /** Starts recording latencies (those before are the warm-up's, not counted). */
  record(): void;
  /** Stops sending, waits for the requests in flight (at most `timeoutMs`), and returns the stats per path. */
  stop(): Promise<Map<string, LatencyStats>>;
}

/**
 * `perSecond` GET requests a second to `base` + each path in turn, each with the next bearer token
 * in turn. A request not answered within `timeoutMs` is aborted and counted as an error (a timeout).
 */
export function steadyLoad(o: {
  base: string;
  paths: readonly string[];
  tokens: readonly string[];
  perSecond: number;
  timeoutMs: number;
}): SteadyLoad {
  const samples = new Map<string, { ms: number[]; errors: number; timeouts: number }>(
    o.paths.map((p) => [p, { ms: [], errors: 0, timeouts: 0 }]),
  );
  const inFlight = new Set<Promise<void>>();
  let recording = false;
  let n = 0;

  const one = async (path: string, token: string) => {
    const started = performance.now();
    let ok = false;
    let timedOut = false;
    try {
      const res = await fetch(`${o.base}${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(o.timeoutMs),
      });
      await res.arrayBuffer();
      ok = res.ok;
    } catch (err) {
      timedOut = (err as Error).name === 'TimeoutError';
    }
    const s = samples.get(path);
    if (!recording || !s) return;
    s.ms.push(performance.now() - started);
    if (!ok) s.errors++;
    if (timedOut) s.timeouts++;
  };

  const timer = setInterval(() => {
    const path = o.paths[n % o.paths.length] ?? '';
    const token = o.tokens[Math.floor(n / o.paths.length) % o.tokens.length] ?? '';
    n++;
    const p = one(path, token);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }, 1000 / o.perSecond);

  return {
    record: () => {
      recording = true;
    },
    stop: async () => {
      clearInterval(timer);
      await Promise.all([...inFlight]);
      recording = false;
      return new Map(
        [...samples].map(([path, s]) => {
          const sorted = [...s.ms].sort((a, b) => a - b);
          return [
            path,
            {
              requests: sorted.length,
              errors: s.errors,
              timeouts: s.timeouts,
              p50: quantile(sorted, 0.5),
              p95: quantile(sorted, 0.95),
              p99: quantile(sorted, 0.99),
              max: sorted.at(-1) ?? 0,
            },
          ];
        }),
      );
    },
  };
}

/** The resident set size of a process now, in bytes (VmRSS of /proc/<pid>/status); 0 once it is gone. */
export function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The CPU time a process has used so far (user + system, from /proc/<pid>/stat), in seconds; 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) in parentheses; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `everyMs`: `now` is the last sample, `peak` the highest since `resetPeak`. */
export function rssSampler(pid: number, everyMs = 50) {
  let now = rssOf(pid);
  let peak = now;
  const timer = setInterval(() => {
    const v = rssOf(pid);
    if (v === 0) return;
    now = v;
    peak = Math.max(peak, v);
  }, everyMs);
  return {
    now: () => now,
    peak: () => peak,
    resetPeak: () => {
      peak = now;
    },
    stop: () => clearInterval(timer),
  };
}
