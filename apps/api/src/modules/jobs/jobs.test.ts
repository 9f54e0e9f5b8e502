import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { jobs, users } from '../../db/schema.ts';
import { enqueueJob, type JobKind, JobStopped, type JobsPluginOptions, queuePositions } from './index.ts';
import { JobWorker } from './jobs.service.ts';

/*
 * Decision 049: the generic job machinery, with toy kinds. Several apps (and bare workers) share
 * one database here, as processes share PostgreSQL (or, one after another, a PGlite data dir).
 */

let database: Database;
let dataDir: string;
const open: FastifyInstance[] = [];
const quiet = Fastify({ logger: false }).log;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'incentive-jobs-test-'));
});
afterEach(async () => {
  for (const app of open.splice(0)) await app.close();
  // Each case starts with an empty queue.
  await database.db.delete(jobs);
});
afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The real application on the shared database, with these kinds registered before it is ready. */
async function startApp(kinds: JobKind[], opts: JobsPluginOptions = {}, env: Record<string, string> = {}) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SCRYPT_LOG_N: '12', ...env });
  const app = await buildApp({ config, db: database.db, jobs: { pollMs: 50, ...opts } });
  for (const kind of kinds) app.jobs.register(kind);
  await app.ready();
  open.push(app);
  return app;
}

async function close(app: FastifyInstance) {
  open.splice(open.indexOf(app), 1);
  await app.close();
}

const jobRow = async (id: number) => {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A gate a handler waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('a job kind', () => {
  it('runs an enqueued job once, with its payload and creator, and marks it done', async () => {
    const seen: { id: number; payload: unknown; attempts: number; createdBy: number | null }[] = [];
    const app = await startApp([
      {
        kind: 'toy-once',
        exclusive: false,
        maxAttempts: 3,
        async run(ctx) {
          seen.push({ ...ctx.job });
          await ctx.pause();
          await ctx.progress({ step: 1 });
        },
      },
    ]);
    const [root] = await database.db.select({ id: users.id }).from(users).where(eq(users.role, 'root')).limit(1);
    const id = await database.db.transaction((tx) =>
      enqueueJob(tx, 'toy-once', { n: 7, text: 'zażółć' }, { createdBy: root?.id ?? null }),
    );
    app.jobs.wake();
    await app.jobs.idle();

    expect(seen).toEqual([
      { id, kind: 'toy-once', payload: { n: 7, text: 'zażółć' }, attempts: 1, createdBy: root?.id },
    ]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'done', attempts: 1, maxAttempts: 3, progress: { step: 1 }, error: null });
    expect(row.leaseOwner).toBeNull();
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(row.startedAt).toBeInstanceOf(Date);
    expect(await queuePositions(database.db, [id])).toEqual(new Map([[id, null]]));
  });

  it('wake() makes the worker look at once, not at its next poll', async () => {
    const ran = gate();
    const app = await startApp([{ kind: 'toy-wake', exclusive: false, maxAttempts: 1, run: async () => ran.open() }], {
      pollMs: 600_000,
    });
    // The first poll at start found nothing; the next would come in ten minutes.
    await sleep(100);
    const id = await enqueueJob(database.db, 'toy-wake', {});
    app.jobs.wake();
    await ran.opened;
    await vi.waitFor(async () => expect((await jobRow(id)).status).toBe('done'));
  });

  it('does not run a job enqueued in a transaction that rolled back', async () => {
    const run = vi.fn(async () => {});
    const app = await startApp([{ kind: 'toy-rollback', exclusive: false, maxAttempts: 1, run }]);
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, 'toy-rollback', {});
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    app.jobs.wake();
    await app.jobs.idle();
    expect(run).not.toHaveBeenCalled();
    expect(await database.db.select().from(jobs)).toEqual([]);
  });

  it('retries a failing job with back-off, then fails it for good and calls onFailed once', async () => {
    const attempts: number[] = [];
    const onFailed = vi.fn(async () => {});
    const delays: number[] = [];
    const app = await startApp([
      {
        kind: 'toy-fail',
        exclusive: false,
        maxAttempts: 3,
        retryDelayMs: (n) => {
          delays.push(n);
          return 30;
        },
        async run(ctx) {
          attempts.push(ctx.job.attempts);
          throw new Error(`broken ${ctx.job.attempts}`);
        },
        onFailed,
      },
    ]);
    const id = await enqueueJob(database.db, 'toy-fail', { k: 1 });
    app.jobs.wake();
    await app.jobs.idle();

    expect(attempts).toEqual([1, 2, 3]);
    expect(delays).toEqual([1, 2]);
    expect(onFailed).toHaveBeenCalledTimes(1);
    const [db, job, error] = onFailed.mock.calls[0] as unknown as [unknown, { id: number; payload: unknown }, Error];
    expect(db).toBe(database.db);
    expect(job).toEqual({ id, payload: { k: 1 } });
    expect(error.message).toBe('broken 3');
    expect(await jobRow(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'Error: broken 3',
      leaseOwner: null,
    });
    // Failed for good: nothing runs it again.
    app.jobs.wake();
    await sleep(150);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('a failing onFailed is logged; the job stays failed', async () => {
    const onFailed = vi.fn(async () => {
      throw new Error('the owner could not mark its rows');
    });
    const app = await startApp([
      {
        kind: 'toy-fail-twice',
        exclusive: false,
        maxAttempts: 1,
        run: async () => {
          throw new Error('broken');
        },
        onFailed,
      },
    ]);
    const id = await enqueueJob(database.db, 'toy-fail-twice', {});
    app.jobs.wake();
    await app.jobs.idle();
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 1, error: 'Error: broken' });
  });

  it('keeps a retried job queued until its back-off ends', async () => {
    let runs = 0;
    const app = await startApp([
      {
        kind: 'toy-backoff',
        exclusive: false,
        maxAttempts: 2,
        retryDelayMs: () => 60_000,
        async run() {
          runs += 1;
          throw new Error('not yet');
        },
      },
    ]);
    const id = await enqueueJob(database.db, 'toy-backoff', {});
    app.jobs.wake();
    await vi.waitFor(async () => expect((await jobRow(id)).error).toBe('Error: not yet'));
    app.jobs.wake();
    await sleep(200);
    expect(runs).toBe(1);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.runAfter.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('refuses a kind registered twice, a bad kind name and a bad maxAttempts', async () => {
    const app = await startApp([]);
    const kind: JobKind = { kind: 'toy-twice', exclusive: false, maxAttempts: 1, run: async () => {} };
    app.jobs.register(kind);
    expect(() => app.jobs.register(kind)).toThrow('registered twice');
    expect(() => app.jobs.register({ ...kind, kind: 'Bad Name' })).toThrow('bad kind name');
    expect(() => app.jobs.register({ ...kind, kind: 'toy-zero', maxAttempts: 0 })).toThrow('maxAttempts');
  });

  it('leaves jobs of kinds this process does not know in the queue', async () => {
    const app = await startApp([]);
    const id = await enqueueJob(database.db, 'toy-unknown', {});
    app.jobs.wake();
    await app.jobs.idle();
    await sleep(150);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await queuePositions(database.db, [id])).toEqual(new Map([[id, 1]]));
  });

  it('runs no job in a process started with JOBS=off, which still enqueues', async () => {
    const run = vi.fn(async () => {});
    const app = await startApp([{ kind: 'toy-off', exclusive: false, maxAttempts: 1, run }], {}, { JOBS: 'off' });
    const id = await enqueueJob(database.db, 'toy-off', {});
    app.jobs.wake();
    await sleep(200);
    expect(run).not.toHaveBeenCalled();
    expect((await jobRow(id)).status).toBe('queued');
    // Nothing here would ever run it: idle() says so instead of waiting forever.
    await expect(app.jobs.idle()).rejects.toThrow('this process runs no jobs');
  });
});

describe('exclusive kinds', () => {
  /** A kind whose runs take a while and record when they start and end. */
  function timedKind(kind: string, exclusive: boolean, log: { id: number; start: number; end: number }[]) {
    return {
      kind,
      exclusive,
      maxAttempts: 1,
      async run(ctx) {
        const start = performance.now();
        for (let i = 0; i < 20; i++) {
          await sleep(15);
          await ctx.pause();
          await ctx.progress({ i });
        }
        log.push({ id: ctx.job.id, start, end: performance.now() });
      },
    } satisfies JobKind;
  }

  const workerOn = (kind: JobKind) => {
    const w = new JobWorker({ db: database.db, log: quiet, singleProcess: false, pollMs: 20 });
    w.register(kind);
    return w;
  };

  it('run one at a time across workers, in id order; queuePositions counts 1, 2, 3 while they wait', async () => {
    const log: { id: number; start: number; end: number }[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await enqueueJob(database.db, 'toy-exclusive', { i }));
    const positions = await queuePositions(database.db, [...ids, ids[0] as number]);
    expect([...positions.entries()]).toEqual([
      [ids[0], 1],
      [ids[1], 2],
      [ids[2], 3],
    ]);

    // Two workers (two processes' worth) compete for the same queue.
    const workers = [workerOn(timedKind('toy-exclusive', true, log)), workerOn(timedKind('toy-exclusive', true, log))];
    await Promise.all(workers.map((w) => w.start()));
    // While the first runs, the others wait behind it.
    await vi.waitFor(async () => expect((await jobRow(ids[0] as number)).status).toBe('running'));
    expect([...(await queuePositions(database.db, ids)).values()]).toEqual([null, 2, 3]);
    await Promise.all(workers.map((w) => w.idle()));
    await Promise.all(workers.map((w) => w.stop()));

    expect(log.map((r) => r.id)).toEqual(ids);
    for (let i = 1; i < log.length; i++) {
      expect(log[i]?.start, 'a run began before the previous one ended').toBeGreaterThanOrEqual(log[i - 1]?.end ?? 0);
    }
    const rows = await database.db.select().from(jobs).where(inArray(jobs.id, ids));
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done']);
  });

  it('do wait for a job of their kind that another process holds with a live lease', async () => {
    const run = vi.fn(async () => {});
    const holder = await enqueueJob(database.db, 'toy-held', {});
    const waiting = await enqueueJob(database.db, 'toy-held', {});
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, leaseOwner: 'elsewhere', leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobs.id, holder));
    const w = workerOn({ kind: 'toy-held', exclusive: true, maxAttempts: 1, run });
    await w.start();
    await sleep(200);
    expect(run).not.toHaveBeenCalled();
    expect((await jobRow(waiting)).status).toBe('queued');
    await w.stop();
  });

  it('(the check above can fail) jobs of a kind that is not exclusive do overlap across workers', async () => {
    const log: { id: number; start: number; end: number }[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) ids.push(await enqueueJob(database.db, 'toy-shared', { i }));
    const workers = [workerOn(timedKind('toy-shared', false, log)), workerOn(timedKind('toy-shared', false, log))];
    await Promise.all(workers.map((w) => w.start()));
    await Promise.all(workers.map((w) => w.idle()));
    await Promise.all(workers.map((w) => w.stop()));
    expect(log).toHaveLength(2);
    const [a, b] = log as unknown as [{ start: number; end: number }, { start: number; end: number }];
    expect(Math.max(a.start, b.start)).toBeLessThan(Math.min(a.end, b.end));
  });
});

describe('stopping', () => {
  const STOP_WAIT_MS = 5_000;

  it('a stop during a long job returns within seconds; the job is queued again with its attempts unchanged, and a new app resumes it', async () => {
    const steps: number[] = [];
    let stoppedBy: unknown;
    const long: JobKind = {
      kind: 'toy-long',
      exclusive: true,
      maxAttempts: 2,
      async run(ctx) {
        try {
          for (let i = 0; i < 1_000_000; i++) {
            await sleep(10); // one short step
            steps.push(i);
            await ctx.progress({ i });
            await ctx.pause();
          }
        } catch (err) {
          stoppedBy = err;
          throw err;
        }
      },
    };
    const first = await startApp([long], { stopWaitMs: STOP_WAIT_MS });
    const id = await enqueueJob(database.db, 'toy-long', { steps: 3 });
    first.jobs.wake();
    await vi.waitFor(() => expect(steps.length).toBeGreaterThanOrEqual(3));
    expect((await jobRow(id)).status).toBe('running');
    expect(first.jobs.stopping.aborted).toBe(false);

    const started = performance.now();
    await close(first);
    const took = performance.now() - started;
    expect(took).toBeLessThan(STOP_WAIT_MS);
    expect(first.jobs.stopping.aborted).toBe(true);
    expect(stoppedBy).toBeInstanceOf(JobStopped);
    const stepsBefore = steps.length;
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, leaseOwner: null, leaseUntil: null });
    expect(row.progress).toMatchObject({ i: expect.any(Number) });
    await sleep(100);
    expect(steps.length, 'the handler went on after the stop').toBe(stepsBefore);

    // The next start (same database) resumes it.
    const resumed: { id: number; attempts: number }[] = [];
    const second = await startApp([
      {
        kind: 'toy-long',
        exclusive: true,
        maxAttempts: 2,
        async run(ctx) {
          resumed.push({ id: ctx.job.id, attempts: ctx.job.attempts });
          await ctx.progress({ done: true });
        },
      },
    ]);
    await second.jobs.idle();
    expect(resumed).toEqual([{ id, attempts: 1 }]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, progress: { done: true } });
  });

  it('a handler that ignores the stop keeps its lease; close still returns after the bounded wait', async () => {
    const release = gate();
    let ran = false;
    const app = await startApp(
      [
        {
          kind: 'toy-stubborn',
          exclusive: false,
          maxAttempts: 1,
          async run() {
            ran = true;
            await release.opened;
          },
        },
      ],
      { stopWaitMs: 200 },
    );
    const id = await enqueueJob(database.db, 'toy-stubborn', {});
    app.jobs.wake();
    await vi.waitFor(() => expect(ran).toBe(true));
    await close(app);
    // Still the stopped process's: its lease runs out, then any worker takes the job back.
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1 });
    release.open();
  });
});

describe('leases', () => {
  it('an expired lease is taken back by any worker and the job runs again', async () => {
    const runs: number[] = [];
    const app = await startApp([
      {
        kind: 'toy-crashed',
        exclusive: true,
        maxAttempts: 3,
        async run(ctx) {
          runs.push(ctx.job.attempts);
        },
      },
    ]);
    // A process that claimed it and died: running, its lease run out.
    const id = await enqueueJob(database.db, 'toy-crashed', {});
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, leaseOwner: 'dead:1', leaseUntil: new Date(Date.now() - 1_000) })
      .where(eq(jobs.id, id));
    app.jobs.wake();
    await app.jobs.idle();
    expect(runs).toEqual([2]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('progress renews the lease; a run that lost its lease stops and leaves the row to its new owner', async () => {
    const seen = gate();
    let stoppedBy: unknown;
    const w = new JobWorker({
      db: database.db,
      log: quiet,
      singleProcess: false,
      pollMs: 20,
      leaseMs: 60_000,
      progressWriteMs: 50,
    });
    w.register({
      kind: 'toy-lease',
      exclusive: false,
      maxAttempts: 1,
      async run(ctx) {
        await ctx.progress({ a: 1 });
        seen.open();
        try {
          for (;;) {
            await sleep(10);
            await ctx.progress();
            await ctx.pause();
          }
        } catch (err) {
          stoppedBy = err;
          throw err;
        }
      },
    });
    const id = await enqueueJob(database.db, 'toy-lease', {});
    await w.start();
    await seen.opened;
    const before = await jobRow(id);
    expect(before.leaseUntil?.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // progress() renews it: shortened here, it is soon 60 s ahead again.
    await database.db
      .update(jobs)
      .set({ leaseUntil: new Date(Date.now() + 2_000) })
      .where(eq(jobs.id, id));
    await vi.waitFor(
      async () => expect((await jobRow(id)).leaseUntil?.getTime()).toBeGreaterThan(Date.now() + 50_000),
      { timeout: 5_000 },
    );
    // Another worker took it over (as after an expiry).
    await database.db.update(jobs).set({ leaseOwner: 'someone-else' }).where(eq(jobs.id, id));
    await vi.waitFor(() => expect(stoppedBy).toBeInstanceOf(JobStopped), { timeout: 5_000 });
    // idle() would wait for the job, which another worker now holds: stop this one.
    await w.stop();
    expect(await jobRow(id)).toMatchObject({ status: 'running', leaseOwner: 'someone-else', attempts: 1 });
  });

  it('at start, a PGlite process takes back every running job at once; a PostgreSQL process waits for the lease', async () => {
    const run = vi.fn(async () => {});
    const id = await enqueueJob(database.db, 'toy-start', {});
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, leaseOwner: 'before-restart', leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobs.id, id));
    const app = await startApp([{ kind: 'toy-start', exclusive: true, maxAttempts: 3, run }]);
    if (database.kind === 'pglite') {
      await app.jobs.idle();
      expect(run).toHaveBeenCalledTimes(1);
      expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    } else {
      await sleep(200);
      expect(run).not.toHaveBeenCalled();
      expect(await jobRow(id)).toMatchObject({ status: 'running', leaseOwner: 'before-restart' });
    }
  });
});
