import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPglite } from '../../db/client.ts';
import { type JobKind, JobWorker } from './jobs.service.ts';
import { RequestsFirst } from './requests-first.ts';

/**
 * On PGlite, the longest a job's next step waits for the requests in flight (requests-first.ts). At
 * 100 ms the waits ran out while requests were between statements (p99 487 ms at 200,000 rows); at
 * 300 ms the p99 was 157–161 ms and the import no slower (decision 050, "Who waits for whom").
 */
export const REQUESTS_FIRST_MAX_WAIT_MS = 300;

/*
 * `app.jobs` (docs/decisions/049). It lives in the jobs module, not in plugins/, because plugins sit
 * below modules (decision 015) and the worker needs the jobs repo; app.ts registers it before the
 * feature modules, whose routes plugins register their kinds.
 */
export interface Jobs {
  /** Modules call it in their routes plugin. */
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own payload type; the worker hands a kind its own jobs only
  register(kind: JobKind<any>): void;
  /** After enqueue: the local worker looks now, not at its next poll. */
  wake(): void;
  /** Resolves when no job (of the kinds registered here) is running or queued to start within 10 s (tests). */
  idle(): Promise<void>;
  /** Aborted when the app closes (upload loops watch it). */
  readonly stopping: AbortSignal;
  /**
   * Resolves when background work may take the database: on PGlite when at most `own` API requests
   * are in flight (the caller's own), or after a short limit; at once on PostgreSQL. Jobs await it
   * between steps; long request-bound work (a file's staging) between its batches.
   */
  requestsFirst(own?: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export interface JobsPluginOptions {
  /** false: this process runs no jobs (it still enqueues them). Default true. */
  run?: boolean;
  /** Tests: a shorter lease, poll, stop wait or progress write interval. */
  leaseMs?: number;
  pollMs?: number;
  stopWaitMs?: number;
  progressWriteMs?: number;
}

export const jobsPlugin = fp(async (app: FastifyInstance, opts: JobsPluginOptions) => {
  const stopping = new AbortController();
  const singleProcess = isPglite(app.db);
  // PostgreSQL gives each request its own connection: a job's step holds no one else up there.
  const requestsFirst = singleProcess ? new RequestsFirst(REQUESTS_FIRST_MAX_WAIT_MS) : null;
  if (requestsFirst) {
    const counted = new WeakSet<object>();
    app.addHook('onRequest', (req, _reply, done) => {
      if (req.url.startsWith('/api/')) {
        counted.add(req);
        requestsFirst.begin();
      }
      done();
    });
    const end = (req: object) => {
      if (counted.delete(req)) requestsFirst.end();
    };
    app.addHook('onResponse', (req, _reply, done) => {
      end(req);
      done();
    });
    app.addHook('onRequestAbort', (req, done) => {
      end(req);
      done();
    });
  }
  const worker = new JobWorker({
    db: app.db,
    log: app.log,
    singleProcess,
    betweenSteps: requestsFirst ? () => requestsFirst.turn(0) : undefined,
    leaseMs: opts.leaseMs,
    pollMs: opts.pollMs,
    stopWaitMs: opts.stopWaitMs,
    progressWriteMs: opts.progressWriteMs,
  });
  const run = opts.run !== false;
  const jobs: Jobs = {
    register: (kind) => worker.register(kind),
    wake: () => worker.wake(),
    idle: () => worker.idle(),
    stopping: stopping.signal,
    requestsFirst: (own = 0) => (requestsFirst ? requestsFirst.turn(own) : Promise.resolve()),
  };
  app.decorate('jobs', jobs);
  if (run) app.addHook('onReady', async () => worker.start());
  // Jobs stop first, while requests still finish and the database is open: the running handler
  // returns at the end of its step and its job goes back to the queue.
  app.addHook('preClose', async () => {
    stopping.abort();
    await worker.stop();
  });
});
