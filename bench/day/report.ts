import type { RouteStats } from './http.ts';

/* The per-route table, as text for the terminal and as Markdown for docs/quality/mixed-day.md. */

const ms = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)}`);

export function routeTable(stats: readonly RouteStats[]): string {
  const head = `${'route'.padEnd(46)} ${'requests'.padStart(8)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} ${'max'.padStart(7)} ${'errors'.padStart(6)}`;
  const rows = stats.map(
    (r) =>
      `${r.route.padEnd(46)} ${String(r.requests).padStart(8)} ${r.perSecond.toFixed(1).padStart(7)} ${ms(r.p50).padStart(6)} ${ms(r.p95).padStart(6)} ${ms(r.p99).padStart(6)} ${ms(r.max).padStart(7)} ${String(r.errors).padStart(6)}${r.errorKinds ? `  (${r.errorKinds})` : ''}`,
  );
  return [head, ...rows].join('\n');
}

export function routeMarkdown(stats: readonly RouteStats[]): string {
  return [
    '| route | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...stats.map(
      (r) =>
        `| \`${r.route}\` | ${r.requests.toLocaleString('en')} | ${r.perSecond.toFixed(1)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors}${r.errorKinds ? ` (${r.errorKinds})` : ''} |`,
    ),
  ].join('\n');
}
