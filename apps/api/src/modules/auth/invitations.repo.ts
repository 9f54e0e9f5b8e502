import type { InvitationCounts, InvitationStatus } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { invitations, users, userWarehouses } from '../../db/schema.ts';

/*
 * The activation e-mails' queue (decision 061). Scoped lists read the people's warehouses through
 * the warehouses read model (db/owners.ts).
 */

/** Queues one e-mail per person, unless one is already queued for them (the partial unique index). */
export async function queue(db: DbOrTx, userIds: readonly number[], createdBy: number | null): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await db
    .insert(invitations)
    .values(userIds.map((userId) => ({ userId, createdBy })))
    .onConflictDoNothing()
    .returning({ id: invitations.id });
  return rows.length;
}

export interface DueInvitation {
  id: number;
  attempts: number;
  user_id: number;
  email: string;
  name: string;
  /** Set a password already, or deactivated: nothing to send. */
  settled: boolean;
}

/** The next due e-mails, oldest first (one sender at a time: the job's kind is exclusive). */
export async function due(db: DbOrTx, limit: number): Promise<DueInvitation[]> {
  return queryRows<DueInvitation>(
    db,
    sql`select i.id, i.attempts, u.id as user_id, u.email, u.name,
          (u.activated_at is not null or u.deleted_at is not null) as settled
        from ${invitations} i join ${users} u on u.id = i.user_id
        where i.status = 'queued' and i.next_attempt_at <= now()
        order by i.next_attempt_at, i.id
        limit ${limit}`,
  );
}

export async function markSent(db: DbOrTx, id: number): Promise<void> {
  await db.execute(
    sql`update ${invitations} set status = 'sent', sent_at = now(), last_error = null, updated_at = now()
        where id = ${id} and status = 'queued'`,
  );
}

export async function markCancelled(db: DbOrTx, id: number): Promise<void> {
  await db.execute(
    sql`update ${invitations} set status = 'cancelled', updated_at = now() where id = ${id} and status = 'queued'`,
  );
}

/** A failed send: tried again after `retryInMs`, or failed for good when that is null. */
export async function markAttemptFailed(db: DbOrTx, id: number, error: string, retryInMs: number | null) {
  await db.execute(
    sql`update ${invitations}
        set attempts = attempts + 1, last_error = ${error.slice(0, 1000)}, updated_at = now(),
            status = ${retryInMs === null ? 'failed' : 'queued'},
            next_attempt_at = now() + make_interval(secs => ${(retryInMs ?? 0) / 1000})
        where id = ${id} and status = 'queued'`,
  );
}

/** When the next queued e-mail falls due, if any is queued. */
export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`select min(next_attempt_at) as at from ${invitations} where status = 'queued'`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** The condition that keeps a scoped actor to the people of its warehouses (null scope: everyone). */
const inScope = (scope: readonly number[] | null) =>
  scope === null
    ? sql`true`
    : scope.length === 0
      ? sql`false`
      : sql`exists (select 1 from ${userWarehouses} uw where uw.user_id = i.user_id and uw.warehouse_id in (${sql.join(
          scope.map((w) => sql`${w}`),
          sql`, `,
        )}))`;

export async function counts(
  db: DbOrTx,
  scope: readonly number[] | null,
  userIds?: readonly number[],
): Promise<InvitationCounts> {
  const only =
    userIds === undefined
      ? sql`true`
      : userIds.length === 0
        ? sql`false`
        : sql`i.user_id in (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  const [row] = await queryRows<InvitationCounts>(
    db,
    sql`select count(*) filter (where i.status = 'queued')::int as queued,
               count(*) filter (where i.status = 'sent')::int as sent,
               count(*) filter (where i.status = 'failed')::int as failed
        from ${invitations} i where ${inScope(scope)} and ${only}`,
  );
  return row ?? { queued: 0, sent: 0, failed: 0 };
}

export interface ListedInvitation {
  id: number;
  user: { id: number; name: string; email: string };
  status: InvitationStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  created_at: string;
}

/** One page of one status's e-mails, in the caller's scope, with the total. */
export async function list(
  db: DbOrTx,
  scope: readonly number[] | null,
  q: { status: InvitationStatus; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: ListedInvitation[]; total: number }> {
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<ListedInvitation & { total: number }>(
    db,
    sql`select i.id, json_build_object('id', u.id, 'name', trim(u.name || ' ' || coalesce(u.surname, '')), 'email', u.email) as user,
               i.status, i.attempts, i.last_error,
               case when i.status = 'queued' then to_char(i.next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as next_attempt_at,
               to_char(i.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sent_at,
               to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
               count(*) over ()::int as total
        from ${invitations} i join ${users} u on u.id = i.user_id
        where i.status = ${q.status} and ${inScope(scope)}
        order by i.created_at ${dir}, i.id ${dir}
        limit ${q.limit} offset ${q.offset}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.offset > 0) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${invitations} i where i.status = ${q.status} and ${inScope(scope)}`,
    );
    total = row?.n ?? 0;
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}

/**
 * Failed e-mails back in the queue, now: the given ones (or every failed one in scope), of people who
 * still have no password and are not deactivated. Answers how many.
 */
export async function requeueFailed(
  db: DbOrTx,
  scope: readonly number[] | null,
  ids: readonly number[] | null,
): Promise<number> {
  const only =
    ids === null
      ? sql`true`
      : sql`i.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${invitations} i set status = 'queued', attempts = 0, next_attempt_at = now(), updated_at = now()
        from ${users} u
        where u.id = i.user_id and i.status = 'failed' and ${only} and ${inScope(scope)}
          and u.activated_at is null and u.deleted_at is null
          and not exists (select 1 from ${invitations} q where q.user_id = i.user_id and q.status = 'queued')
        returning i.id`,
  );
  return rows.length;
}

/** One e-mail in the caller's scope, for the single "send again". */
export async function findInScope(
  db: DbOrTx,
  scope: readonly number[] | null,
  id: number,
): Promise<{ id: number; status: InvitationStatus } | undefined> {
  const [row] = await queryRows<{ id: number; status: InvitationStatus }>(
    db,
    sql`select i.id, i.status from ${invitations} i where i.id = ${id} and ${inScope(scope)}`,
  );
  return row;
}

/** A person's queued e-mails, cancelled (deactivated or anonymised: nothing is sent to them). */
export async function cancelFor(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(
    sql`update ${invitations} set status = 'cancelled', updated_at = now() where user_id = ${userId} and status = 'queued'`,
  );
}
