import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/*
 * The process's own measurements (issue 32 point 2, decision 069), made where the work happens
 * and read by plugins/metrics.ts at GET /api/metrics. Created once per process with no registry:
 * each app that serves metrics registers them in its own (tests build many apps in one process).
 */

/** Every answer by route pattern (never the raw URL: ids would make a series per id), method and status. */
export const httpSeconds = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request to the answer, by route pattern, method and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [],
});

/** 5xx answers: the server's own failures (4xx are the client's). */
export const httpErrors = new Counter({
  name: 'http_server_errors_total',
  help: 'Answers with a 5xx status, by route pattern and method.',
  labelNames: ['method', 'route'] as const,
  registers: [],
});

/** Each statement's time as the process sees it (queueing for a connection included on PGlite). */
export const dbQuerySeconds = new Histogram({
  name: 'db_query_duration_seconds',
  help: 'Time of each database statement, by database kind.',
  labelNames: ['database'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [],
});

/** A sales or onboarding import from its start to its end, by kind and how it ended. */
export const importSeconds = new Histogram({
  name: 'import_duration_seconds',
  help: 'Time of a sales or onboarding import job, by kind and outcome.',
  labelNames: ['kind', 'outcome'] as const,
  buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
  registers: [],
});

/** Times a promise as one database statement. */
export function timedQuery<T>(database: 'postgres' | 'pglite', run: () => Promise<T>): Promise<T> {
  const end = dbQuerySeconds.startTimer({ database });
  const done = () => {
    end();
  };
  const p = run();
  p.then(done, done);
  return p;
}

/**
 * A gauge of a module's own state, read from the database when the scraper asks (the money owed,
 * a mail queue): only on an app that serves metrics. `read` answers value by label value.
 */
export function addStateGauge(
  registry: Registry | null,
  spec: { name: string; help: string; label: string; read: () => Promise<Record<string, number>> },
): void {
  if (!registry) return;
  new Gauge({
    name: spec.name,
    help: spec.help,
    labelNames: [spec.label],
    registers: [registry],
    async collect() {
      for (const [value, n] of Object.entries(await spec.read())) this.set({ [spec.label]: value }, n);
    },
  });
}
