import { timingSafeEqual } from 'node:crypto';
import { API } from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { PoolStats } from '../db/client.ts';
import { notFound } from '../lib/app-error.ts';
import { dbQuerySeconds, httpErrors, httpSeconds, importSeconds } from '../lib/metrics.ts';
import { PUBLIC } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics registry, when METRICS_TOKEN turns GET /api/metrics on (modules add their gauges to it). */
    metrics: Registry | null;
  }
}

export interface MetricsOptions {
  /** The bearer token the scraper sends; without one there is no endpoint and nothing is measured per request. */
  token?: string;
  /** The PostgreSQL pool's connections now. */
  poolStats?: () => PoolStats;
}

/**
 * Prometheus metrics for the operator (issue 32 point 2, decision 069): GET /api/metrics with
 * `Authorization: Bearer $METRICS_TOKEN` (compared in constant time; any other caller gets the 404
 * of a route that does not exist). Request rate and latency per route pattern, 5xx answers, each
 * statement's time, the pool's connections, the event loop's delay and the process (prom-client's
 * defaults), import durations, and the gauges the modules add (the money owed, withdrawals waiting,
 * the mail queues: modules/reports/operator-gauges.ts).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  if (!opts.token) {
    app.decorate('metrics', null);
    return;
  }
  const registry = new Registry();
  registry.registerMetric(httpSeconds);
  registry.registerMetric(httpErrors);
  registry.registerMetric(dbQuerySeconds);
  registry.registerMetric(importSeconds);
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const poolStats = opts.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'db_pool_connections',
      help: "The PostgreSQL pool's connections: open, idle, and requests waiting for one.",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = poolStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }
  app.decorate('metrics', registry);

  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern (/api/quiz/:id), never the URL; a path no route has is one series.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === API.metrics) return;
    const labels = { method: req.method, route, status: String(reply.statusCode) };
    httpSeconds.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) httpErrors.inc({ method: req.method, route });
  });

  const expected = Buffer.from(`Bearer ${opts.token}`);
  app.get(API.metrics, { config: { access: PUBLIC }, schema: { hide: true } }, async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
});
