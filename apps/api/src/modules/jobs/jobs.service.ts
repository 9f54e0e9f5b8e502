import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { personScope, runInScope } from '../../lib/request-scope.ts';
import * as repo from './jobs.repo.ts';

/*
 * Background jobs (docs/decisions/049): a queue in the `jobs` table and one worker per process
 * that runs one job at a time. A job runs at least once: a stopped or crashed run is started
 * again, so a handler keeps its own cursor and skips what an earlier run finished.
 */

export interface JobContext<P = unknown> {
  db: Db;
  job: { id: number; kind: string; payload: P; attempts: number; createdBy: number | null };
  /** Aborted when the process stops: finish the current short step and return. */
  signal: AbortSignal;
  /** Renews the lease (and stores optional JSON progress on the job row). Call after each step. */
  progress(p?: Record<string, unknown>): Promise<void>;
  /**
   * Between two steps: yields to the event loop (setImmediate) and, on PGlite, to the requests in
   * flight (requests-first.ts); throws JobStopped if the signal is aborted.
   */
  pause(): Promise<void>;
}

export interface JobKind<P = unknown> {
  kind: string;
  /** One job of this kind at a time across all processes; queued ones wait in id order. */
  exclusive: boolean;
  maxAttempts: number;
  run(ctx: JobContext<P>): Promise<void>;
  /** Once, when the job fails for good: the owner marks its own rows (own transaction). */
  onFailed?(db: Db, job: { id: number; payload: P }, error: unknown): Promise<void>;
  /** The wait before the next attempt after `attempts` failed runs (default: 5 s doubling, at most 5 min). */
  retryDelayMs?(attempts: number): number;
}

/** Thrown by ctx.pause() (and ctx.progress()) once the job must stop: the worker puts the job back in the queue. */
export class JobStopped extends Error {
  constructor(message = 'the job was stopped') {
    super(message);
    this.name = 'JobStopped';
  }
}

/** Enqueues a job in the caller's transaction (or on its own); answers its id. */
export async function enqueueJob(
  db: DbOrTx,
  kind: string,
  payload: unknown,
  opts: { createdBy?: number | null; runAfter?: Date } = {},
): Promise<number> {
  return repo.insertJob(db, { kind, payload, createdBy: opts.createdBy ?? null, runAfter: opts.runAfter });
}

/**
 * For a kind whose job drains a queue of its own (the activation e-mails): enqueues one unless a job
 * of the kind is already queued to start by `runAfter` (default now), which will find the work too.
 * Answers the new job's id, or null.
 */
export async function enqueueDrain(
  db: DbOrTx,
  kind: string,
  opts: { createdBy?: number | null; runAfter?: Date } = {},
): Promise<number | null> {
  const by = opts.runAfter ?? new Date();
  if (await repo.queuedBy(db, kind, by)) return null;
  return enqueueJob(db, kind, {}, opts);
}

/** Per job id: how many jobs of its kind are ahead of it (running or queued with a lower id), +1; null when it is not queued. */
export async function queuePositions(db: DbOrTx, jobIds: readonly number[]): Promise<Map<number, number | null>> {
  const ids = [...new Set(jobIds)];
  const ahead = await repo.queuedAhead(db, ids);
  return new Map(ids.map((id) => [id, ahead.get(id) ?? null]));
}

export const LEASE_MS = 30_000;
export const POLL_MS = 1_000;
/** How long a stop waits for the running handler to return. */
export const STOP_WAIT_MS = 5_000;
/** progress() writes (renews the lease, stores the progress) at most this often; the run's end writes the last. */
export const PROGRESS_WRITE_MS = 1_000;

/**
 * idle() waits for the jobs due within this time; one queued to start later (an e-mail's retry
 * minutes away) is not work in progress, and a test would otherwise wait for it.
 */
export const IDLE_HORIZON_MS = 10_000;

const defaultRetryDelay = (attempts: number) => Math.min(5_000 * 2 ** Math.max(attempts - 1, 0), 300_000);

const errorText = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 2000);

export interface WorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** PGlite: one process owns the data, so at start every running job is this process's own, left by a stop or a crash. */
  singleProcess: boolean;
  leaseMs?: number;
  pollMs?: number;
  stopWaitMs?: number;
  progressWriteMs?: number;
  /** Waited for between a handler's steps (PGlite: the requests in flight); none by default. */
  betweenSteps?: () => Promise<void>;
}

/** The one worker of a process: claims and runs one job at a time. */
export class JobWorker {
  private readonly own = new Map<string, JobKind<unknown>>();
  private readonly owner = `${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly stopWaitMs: number;
  private readonly progressWriteMs: number;
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  /** When expired leases were last looked for; wake() asks for a look at the next pass. */
  private lastSweep = 0;
  private sweepDue = true;
  /** Passes that failed in a row (the database unreachable): the next poll waits longer. */
  private failures = 0;
  private again = false;
  private started = false;
  private stopped = false;
  /** The run in progress (its abort controller and its end). */
  private current: { controller: AbortController; done: Promise<void> } | undefined;
  /** Settles when the loop ends its current pass (idle() waits on it). */
  private passDone: Promise<void> = Promise.resolve();

  constructor(private readonly opts: WorkerOptions) {
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
    this.pollMs = opts.pollMs ?? POLL_MS;
    this.stopWaitMs = opts.stopWaitMs ?? STOP_WAIT_MS;
    this.progressWriteMs = opts.progressWriteMs ?? PROGRESS_WRITE_MS;
  }

  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own payload type; the worker hands a kind its own jobs only
  register(kind: JobKind<any>): void {
    if (!/^[a-z0-9][a-z0-9:._-]{0,99}$/.test(kind.kind)) throw new Error(`jobs: bad kind name ${kind.kind}`);
    if (!(Number.isInteger(kind.maxAttempts) && kind.maxAttempts >= 1)) {
      throw new Error(`jobs: ${kind.kind}: maxAttempts must be an integer of at least 1`);
    }
    if (this.own.has(kind.kind)) throw new Error(`jobs: the kind ${kind.kind} is registered twice`);
    this.own.set(kind.kind, kind as JobKind<unknown>);
  }

  async start(): Promise<void> {
    if (this.started || this.stopped) return;
    this.started = true;
    if (this.opts.singleProcess) {
      try {
        const back = await repo.takeBackLeases(this.opts.db, { all: true });
        if (back.length > 0) this.opts.log.info({ jobs: back }, `jobs: ${back.length} interrupted job(s) queued again`);
      } catch (err) {
        // The app still starts; those jobs come back when their leases expire.
        this.opts.log.error({ err }, 'jobs: could not take back the interrupted jobs at start');
      }
    }
    this.wake();
  }

  /** Looks for work now instead of at the next poll. */
  wake(): void {
    if (!this.started || this.stopped) return;
    this.sweepDue = true;
    if (this.busy) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pass(), 0);
    this.timer.unref();
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pass(), delay);
    this.timer.unref();
  }

  /** One pass: take back expired leases, then run ready jobs one after another until none is left. */
  private pass(): Promise<void> {
    if (this.busy || this.stopped) return this.passDone;
    this.busy = true;
    this.again = false;
    this.passDone = (async () => {
      try {
        // Leases last leaseMs: looking for expired ones a few times per lease is enough (and on wake()).
        if (this.sweepDue || Date.now() - this.lastSweep >= this.leaseMs / 3) {
          this.sweepDue = false;
          this.lastSweep = Date.now();
          const back = await repo.takeBackLeases(this.opts.db, { all: false });
          if (back.length > 0) this.opts.log.warn({ jobs: back }, `jobs: ${back.length} expired lease(s) taken back`);
        }
        while (!this.stopped) {
          const job = await this.claim();
          if (!job) break;
          if (this.stopped) {
            // Claimed as the stop began: back to the queue untouched.
            await repo.requeueStopped(this.opts.db, job.id, this.owner);
            break;
          }
          await this.run(job);
        }
        this.failures = 0;
      } catch (err) {
        // The database is unreachable, say: logged once per pass, the polls spaced out up to a minute.
        this.failures += 1;
        if (!this.stopped) this.opts.log.error({ err }, 'jobs: the worker pass failed');
      } finally {
        this.busy = false;
        const delay = this.failures > 0 ? Math.min(this.pollMs * 2 ** this.failures, 60_000) : this.pollMs;
        this.schedule(this.again && this.failures === 0 ? 0 : delay);
      }
    })();
    return this.passDone;
  }

  private claimer(kind: JobKind<unknown>): repo.Claimer {
    return { owner: this.owner, leaseMs: this.leaseMs, maxAttempts: kind.maxAttempts };
  }

  private async claim(): Promise<repo.ClaimedJob | undefined> {
    const { db } = this.opts;
    const ready = await repo.readyKinds(db, [...this.own.keys()]);
    for (const kindName of ready) {
      const kind = this.own.get(kindName);
      if (!kind || this.stopped) continue;
      const job = kind.exclusive
        ? await db.transaction(async (tx) => {
            await repo.lockKind(tx, kindName);
            return repo.claimHead(tx, kindName, this.claimer(kind));
          })
        : await repo.claimAny(db, kindName, this.claimer(kind));
      if (job) return job;
    }
    return undefined;
  }

  private async run(job: repo.ClaimedJob): Promise<void> {
    const { db, log } = this.opts;
    const kind = this.own.get(job.kind);
    if (!kind) return;
    const controller = new AbortController();
    const { signal } = controller;
    let lost = false;
    let lastRenew = Date.now();
    /** Progress reported since the last write: written with the next renewal or the run's end. */
    let pending: repo.Progress | undefined;
    const renew = async () => {
      lastRenew = Date.now();
      const p = pending;
      pending = undefined;
      const held = await repo.renewLease(db, job.id, this.owner, this.leaseMs, p);
      if (!held && !lost) {
        lost = true;
        log.warn({ job: job.id, kind: job.kind }, 'jobs: the lease was lost; the run stops');
        controller.abort(new JobStopped('the lease was lost'));
      }
    };
    // A handler that calls progress() rarely still keeps its lease while this process lives.
    const heartbeat = setInterval(
      () => {
        if (Date.now() - lastRenew >= this.leaseMs / 3) void renew().catch(() => {});
      },
      Math.max(Math.floor(this.leaseMs / 6), 10),
    );
    heartbeat.unref();

    const ctx: JobContext<unknown> = {
      db,
      job: { id: job.id, kind: job.kind, payload: job.payload, attempts: job.attempts, createdBy: job.createdBy },
      signal,
      progress: async (p) => {
        if (signal.aborted) throw new JobStopped();
        if (p !== undefined) pending = p;
        // Steps of a few milliseconds call it each time: one write per progressWriteMs is enough.
        if (Date.now() - lastRenew >= this.progressWriteMs) await renew();
        if (signal.aborted) throw new JobStopped();
      },
      pause: async () => {
        await new Promise<void>((resolve) => setImmediate(resolve));
        await this.opts.betweenSteps?.();
        if (signal.aborted) throw new JobStopped();
      },
    };

    const started = Date.now();
    log.info({ job: job.id, kind: job.kind, attempt: job.attempts }, 'jobs: run started');
    // A job acts for nobody's request, even when a request woke the worker: what it records names the
    // person it works for itself (decision 064).
    const done = runInScope(personScope(null), () => kind.run(ctx)).then(
      () => ({ ok: true as const }),
      (err: unknown) => ({ ok: false as const, err }),
    );
    this.current = { controller, done: done.then(() => {}) };
    let result: Awaited<typeof done>;
    try {
      result = await done;
    } finally {
      clearInterval(heartbeat);
      this.current = undefined;
    }
    if (lost) return; // another worker holds it now
    if (signal.aborted) {
      // A stop (or a run that ended as the process stopped): again from the queue, attempt given back.
      await repo.requeueStopped(db, job.id, this.owner, pending);
      log.info({ job: job.id, kind: job.kind }, 'jobs: stopped, queued again');
      return;
    }
    if (result.ok) {
      await repo.markDone(db, job.id, this.owner, pending);
      log.info({ job: job.id, kind: job.kind, ms: Date.now() - started }, 'jobs: done');
      return;
    }
    const message = errorText(result.err);
    if (job.attempts < job.maxAttempts) {
      const delay = (kind.retryDelayMs ?? defaultRetryDelay)(job.attempts);
      await repo.requeueFailed(db, job.id, this.owner, message, delay, pending);
      log.warn({ job: job.id, kind: job.kind, err: result.err, retryInMs: delay }, 'jobs: run failed, will retry');
      return;
    }
    const marked = await repo.markFailed(db, job.id, this.owner, message, pending);
    log.error({ job: job.id, kind: job.kind, err: result.err }, 'jobs: failed for good');
    if (marked && kind.onFailed) {
      try {
        await kind.onFailed(db, { id: job.id, payload: job.payload }, result.err);
      } catch (err) {
        log.error({ err, job: job.id, kind: job.kind }, 'jobs: onFailed failed');
      }
    }
  }

  /** Resolves when no job of this worker's kinds is queued or running (tests). */
  async idle(): Promise<void> {
    if (!this.started) throw new Error('jobs: this process runs no jobs (JOBS=off), or the app is not ready yet');
    for (;;) {
      if (this.stopped) return;
      if (
        !this.busy &&
        (await repo.countActive(this.opts.db, [...this.own.keys()], IDLE_HORIZON_MS)) === 0 &&
        !this.busy
      ) {
        return;
      }
      this.wake();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Stops the worker: no new claim, the running handler's signal aborted; waits (at most stopWaitMs)
   * for it to return, when its job is back in the queue. A handler that does not return in time
   * keeps its lease, which expires: another process (or this one's next start) takes the job back.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    this.current?.controller.abort(new JobStopped('the process is stopping'));
    if (!this.busy) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      this.passDone.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), this.stopWaitMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    if (timedOut) this.opts.log.warn('jobs: the running job did not stop in time; its lease will expire');
  }
}
