import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { jobs } from '../../db/schema.ts';

/** What a handler last reported, for display (never a cursor: decision 049). */
export type Progress = Record<string, unknown>;

/** A claimed job, as the worker hands it to its kind's handler. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  createdBy: number | null;
}

const claimedColumns = {
  id: jobs.id,
  kind: jobs.kind,
  payload: jobs.payload,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  createdBy: jobs.createdBy,
};

export async function insertJob(
  db: DbOrTx,
  job: { kind: string; payload: unknown; createdBy: number | null; runAfter?: Date },
): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      createdBy: job.createdBy,
      ...(job.runAfter ? { runAfter: job.runAfter } : {}),
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('jobs: insert returned no row');
  return row.id;
}

/** Is a job of this kind queued to start by `by` (its run_after not later)? */
export async function queuedBy(db: DbOrTx, kind: string, by: Date): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, 'queued'), sql`${jobs.runAfter} <= ${by.toISOString()}`))
    .limit(1);
  return rows.length > 0;
}

/**
 * Per job id: 1 + the jobs of its kind ahead of it (running, or queued with a lower id); absent
 * when the job is not queued. One index range per asked job (jobs_active_idx).
 */
export async function queuedAhead(db: DbOrTx, jobIds: readonly number[]): Promise<Map<number, number>> {
  if (jobIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; position: number }>(
    db,
    sql`select q.id, 1 + (
          select count(*)::int from ${jobs} a
          where a.kind = q.kind and a.status in ('queued','running') and (a.status = 'running' or a.id < q.id)
        ) as position
        from ${jobs} q
        where q.id in (${sql.join(
          jobIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and q.status = 'queued'`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.position)]));
}

/**
 * Leases that ran out (their process died or hung) go back to the queue, attempts kept (the run
 * was started). With `all`, every running job (PGlite at start: one process owns the data).
 */
export async function takeBackLeases(db: DbOrTx, opts: { all: boolean }): Promise<{ id: number; kind: string }[]> {
  return db
    .update(jobs)
    .set({ status: 'queued', leaseOwner: null, leaseUntil: null, runAfter: sql`now()`, updatedAt: sql`now()` })
    .where(opts.all ? eq(jobs.status, 'running') : and(eq(jobs.status, 'running'), sql`${jobs.leaseUntil} < now()`))
    .returning({ id: jobs.id, kind: jobs.kind });
}

/** The kinds (among `kinds`) with a job ready to run, the one queued longest first. */
export async function readyKinds(db: DbOrTx, kinds: readonly string[]): Promise<string[]> {
  if (kinds.length === 0) return [];
  const rows = await db
    .select({ kind: jobs.kind, first: sql<number>`min(${jobs.id})` })
    .from(jobs)
    .where(and(inArray(jobs.kind, [...kinds]), eq(jobs.status, 'queued'), sql`${jobs.runAfter} <= now()`))
    .groupBy(jobs.kind)
    .orderBy(sql`2`);
  return rows.map((r) => r.kind);
}

/** Serializes the claims of one exclusive kind across processes (transaction-level advisory lock). */
export async function lockKind(tx: DbOrTx, kind: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`jobs:${kind}`}))`);
}

/** Who claims: the worker's tag, its lease, and the kind's attempts as registered in this process. */
export interface Claimer {
  owner: string;
  leaseMs: number;
  maxAttempts: number;
}

const claimSet = (c: Claimer) => ({
  status: 'running',
  attempts: sql`${jobs.attempts} + 1`,
  maxAttempts: c.maxAttempts,
  leaseOwner: c.owner,
  leaseUntil: sql`now() + ${c.leaseMs} * interval '1 millisecond'`,
  startedAt: sql`coalesce(${jobs.startedAt}, now())`,
  updatedAt: sql`now()`,
});

/** Claims the oldest ready job of a kind whose jobs may run side by side. */
export async function claimAny(db: DbOrTx, kind: string, claimer: Claimer): Promise<ClaimedJob | undefined> {
  const [row] = await db
    .update(jobs)
    .set(claimSet(claimer))
    .where(
      eq(
        jobs.id,
        sql`(select id from ${jobs} where kind = ${kind} and status = 'queued' and run_after <= now()
             order by id limit 1 for update skip locked)`,
      ),
    )
    .returning(claimedColumns);
  return row;
}

/**
 * Claims the head of an exclusive kind's queue (its lowest queued id, when due), only when no job
 * of that kind holds an unexpired lease. Run under lockKind in the same transaction.
 */
export async function claimHead(tx: DbOrTx, kind: string, claimer: Claimer): Promise<ClaimedJob | undefined> {
  const [row] = await tx
    .update(jobs)
    .set(claimSet(claimer))
    .where(
      and(
        eq(
          jobs.id,
          sql`(select id from ${jobs} where kind = ${kind} and status = 'queued' order by id limit 1 for update)`,
        ),
        sql`${jobs.runAfter} <= now()`,
        sql`not exists (select 1 from ${jobs} r where r.kind = ${kind} and r.status = 'running' and r.lease_until >= now())`,
      ),
    )
    .returning(claimedColumns);
  return row;
}

/** Renews a lease (and stores progress); false when this owner no longer holds the job. */
export async function renewLease(
  db: DbOrTx,
  id: number,
  owner: string,
  leaseMs: number,
  progress?: Progress,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      updatedAt: sql`now()`,
      ...(progress === undefined ? {} : { progress }),
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, owner)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

const held = (id: number, owner: string) =>
  and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, owner));

/**
 * Ends this worker's hold of a job (only while it still holds the lease): the lease cleared, the
 * given fields set, the latest progress kept. False when the lease had passed to another worker.
 */
async function release(
  db: DbOrTx,
  id: number,
  owner: string,
  fields: PgUpdateSetSource<typeof jobs>,
  progress?: Progress,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      ...fields,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: sql`now()`,
      ...(progress === undefined ? {} : { progress }),
    })
    .where(held(id, owner))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Done. */
export function markDone(db: DbOrTx, id: number, owner: string, progress?: Progress): Promise<boolean> {
  return release(db, id, owner, { status: 'done', error: null, finishedAt: sql`now()` }, progress);
}

/** A stop: back to the queue at once, its attempt given back. */
export function requeueStopped(db: DbOrTx, id: number, owner: string, progress?: Progress): Promise<boolean> {
  const fields = { status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, runAfter: sql`now()` };
  return release(db, id, owner, fields, progress);
}

/** A failure with attempts left: queued again after `delayMs`. */
export function requeueFailed(
  db: DbOrTx,
  id: number,
  owner: string,
  error: string,
  delayMs: number,
  progress?: Progress,
): Promise<boolean> {
  const fields = { status: 'queued', error, runAfter: sql`now() + ${delayMs} * interval '1 millisecond'` };
  return release(db, id, owner, fields, progress);
}

/** A failure with no attempt left. */
export function markFailed(
  db: DbOrTx,
  id: number,
  owner: string,
  error: string,
  progress?: Progress,
): Promise<boolean> {
  return release(db, id, owner, { status: 'failed', error, finishedAt: sql`now()` }, progress);
}

/** How many jobs of these kinds are queued or running (idle() waits for none). */
export async function countActive(db: DbOrTx, kinds: readonly string[], horizonMs = 0): Promise<number> {
  if (kinds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, [...kinds]),
        sql`(${jobs.status} = 'running' or (${jobs.status} = 'queued' and ${jobs.runAfter} <= now() + make_interval(secs => ${horizonMs / 1000})))`,
      ),
    );
  return Number(row?.n ?? 0);
}
