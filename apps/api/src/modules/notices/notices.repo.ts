import {
  type NoticeChannel,
  type NoticeCounts,
  type NoticeKind,
  type NoticeStatus,
  type QueuedNotice,
  WARSAW_TIME_ZONE,
} from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import {
  challenges,
  ledgerEntries,
  noticeAnnouncements,
  noticeSettings,
  notices,
  quizzes,
  users,
} from '../../db/schema.ts';
import { intArray, textArray } from '../../lib/sql-array.ts';
import { earnedDeltaSql } from '../wallet/wallet.shared.repo.ts';

/*
 * The notices' outbox and settings (decision 065). Recipients, quizzes, challenges and the day's
 * credits are read through their owners' read models (db/owners.ts), set-based: announcing a quiz
 * to 10,000 reps is one INSERT … SELECT.
 */

/** People who want `kind`: not deactivated, and not turned off in their settings. */
const wants = (kind: NoticeKind) =>
  sql`u.deleted_at is null and not exists (
        select 1 from ${noticeSettings} s where s.user_id = u.id and ${kind} = any(s.off))`;

/** Queues `kind` for these people (those who want it), once per event key. Answers how many were queued. */
export async function queueFor(
  db: DbOrTx,
  n: { kind: NoticeKind; channel: NoticeChannel; userIds: readonly number[]; key: string; payload: object },
): Promise<number> {
  if (n.userIds.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into ${notices} (user_id, kind, channel, dedupe_key, payload)
        select u.id, ${n.kind}, ${n.channel}, ${n.key}, ${JSON.stringify(n.payload)}::jsonb
        from ${users} u where u.id = any(${intArray(n.userIds)}) and ${wants(n.kind)}
        on conflict do nothing
        returning id`,
  );
  return rows.length;
}

/** Queues `kind` for every active, activated person of `roles` who wants it. */
export async function queueForRoles(
  db: DbOrTx,
  n: { kind: NoticeKind; channel: NoticeChannel; roles: readonly string[]; key: string; payload: object },
): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with queued as (
          insert into ${notices} (user_id, kind, channel, dedupe_key, payload)
          select u.id, ${n.kind}, ${n.channel}, ${n.key}, ${JSON.stringify(n.payload)}::jsonb
          from ${users} u
          where u.role = any(${textArray(n.roles)}) and u.activated_at is not null and ${wants(n.kind)}
          on conflict do nothing
          returning 1)
        select count(*)::int as n from queued`,
  );
  return rows[0]?.n ?? 0;
}

/** Claims an announcement key: true the first time, false ever after (any process). */
export async function claimAnnouncement(db: DbOrTx, key: string): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`insert into ${noticeAnnouncements} (key) values (${key}) on conflict do nothing returning key`,
  );
  return rows.length === 1;
}

/** Everything started by now counts as announced (the demo seed: its history is no news), and the day before's digest. */
export async function markStartedAnnounced(db: DbOrTx, today: string, yesterday: string): Promise<void> {
  await db.execute(
    sql`insert into ${noticeAnnouncements} (key)
        select 'quiz:' || id from ${quizzes} where deleted_at is null and start_at is not null and start_at <= now()
        union all
        select 'challenge:' || id from ${challenges} where deleted_at is null and start_on <= ${today}::date
        union all
        select ${`digest:${yesterday}`}
        on conflict do nothing`,
  );
}

export interface StartedQuiz {
  id: number;
  name: string;
  reward: number;
  end_at: string | null;
}

/** Live quizzes whose start has come and that were never announced. */
export async function unannouncedQuizzes(db: DbOrTx): Promise<StartedQuiz[]> {
  return queryRows<StartedQuiz>(
    db,
    sql`select q.id, q.name, q.reward::int as reward,
               to_char(q.end_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as end_at
        from ${quizzes} q
        where q.deleted_at is null and q.is_active and q.live_version is not null
          and q.start_at <= now() and (q.end_at is null or q.end_at > now())
          and not exists (select 1 from ${noticeAnnouncements} a where a.key = 'quiz:' || q.id)
        order by q.id`,
  );
}

export interface StartedChallenge {
  id: number;
  name: string;
  start_on: string;
  end_on: string;
}

/** Challenges running on Warsaw's `today` that were never announced. */
export async function unannouncedChallenges(db: DbOrTx, today: string): Promise<StartedChallenge[]> {
  return queryRows<StartedChallenge>(
    db,
    sql`select c.id, c.name, c.start_on::text as start_on, c.end_on::text as end_on
        from ${challenges} c
        where c.deleted_at is null and c.start_on <= ${today}::date and c.end_on >= ${today}::date
          and not exists (select 1 from ${noticeAnnouncements} a where a.key = 'challenge:' || c.id)
        order by c.id`,
  );
}

/**
 * Queues one digest per rep credited on the Warsaw `day` (what raised what it earned, summed, and
 * how many entries), for the reps who want it. Answers how many were queued.
 */
export async function queueDigests(db: DbOrTx, day: string, channel: NoticeChannel): Promise<number> {
  const delta = earnedDeltaSql(sql`e.kind`, sql`e.amount`);
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with credits as (
          select e.user_id, sum(${delta})::bigint as amount, count(*)::int as n
          from ${ledgerEntries} e
          where e.created_at >= (${day}::date)::timestamp at time zone ${WARSAW_TIME_ZONE}
            and e.created_at < (${day}::date + 1)::timestamp at time zone ${WARSAW_TIME_ZONE}
            and ${delta} > 0
          group by e.user_id
        ), queued as (
          insert into ${notices} (user_id, kind, channel, dedupe_key, payload)
          select u.id, 'money.digest', ${channel}, ${`digest:${day}`},
                 jsonb_build_object('day', ${day}::text, 'amount', c.amount, 'count', c.n)
          from credits c join ${users} u on u.id = c.user_id
          where u.role = 'seller' and ${wants('money.digest')}
          on conflict do nothing
          returning 1)
        select count(*)::int as n from queued`,
  );
  return rows[0]?.n ?? 0;
}

export interface DueNotice {
  id: number;
  kind: NoticeKind;
  channel: NoticeChannel;
  attempts: number;
  payload: Record<string, unknown>;
  user_id: number;
  email: string;
  name: string;
  role: string;
  lang: 'pl' | 'en';
  /** Deactivated, or turned the kind off since it was queued: nothing to send. */
  unwanted: boolean;
}

/** The next due notices, oldest first (one sender at a time: the job's kind is exclusive). */
export async function due(db: DbOrTx, limit: number): Promise<DueNotice[]> {
  return queryRows<DueNotice>(
    db,
    sql`select n.id, n.kind, n.channel, n.attempts, n.payload, u.id as user_id, u.email, u.name, u.role,
               coalesce(s.lang, 'pl') as lang,
               (u.deleted_at is not null or coalesce(n.kind = any(s.off), false)) as unwanted
        from ${notices} n join ${users} u on u.id = n.user_id
        left join ${noticeSettings} s on s.user_id = u.id
        where n.status = 'queued' and n.next_attempt_at <= now()
        order by n.next_attempt_at, n.id
        limit ${limit}`,
  );
}

export async function markSent(db: DbOrTx, id: number): Promise<void> {
  await db.execute(
    sql`update ${notices} set status = 'sent', sent_at = now(), last_error = null where id = ${id} and status = 'queued'`,
  );
}

export async function markSkipped(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update ${notices} set status = 'skipped' where id = ${id} and status = 'queued'`);
}

/** A failed send: tried again after `retryInMs`, or failed for good when that is null. */
export async function markAttemptFailed(db: DbOrTx, id: number, error: string, retryInMs: number | null) {
  await db.execute(
    sql`update ${notices}
        set attempts = attempts + 1, last_error = ${error.slice(0, 1000)},
            status = ${retryInMs === null ? 'failed' : 'queued'},
            next_attempt_at = now() + make_interval(secs => ${(retryInMs ?? 0) / 1000})
        where id = ${id} and status = 'queued'`,
  );
}

export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`select min(next_attempt_at) as at from ${notices} where status = 'queued'`,
  );
  return row?.at ? new Date(row.at) : null;
}

export async function counts(db: DbOrTx): Promise<NoticeCounts> {
  const rows = await queryRows<{ status: NoticeStatus; n: number }>(
    db,
    sql`select status, count(*)::int as n from ${notices} group by status`,
  );
  const out: NoticeCounts = { queued: 0, sent: 0, failed: 0, skipped: 0 };
  for (const r of rows) out[r.status] = r.n;
  return out;
}

export async function list(
  db: DbOrTx,
  q: { status: NoticeStatus; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: QueuedNotice[]; total: number }> {
  const order = q.order === 'asc' ? sql`n.created_at asc, n.id asc` : sql`n.created_at desc, n.id desc`;
  const [row] = await queryRows<{ total: number; rows: QueuedNotice[] | null }>(
    db,
    sql`select (select count(*)::int from ${notices} where status = ${q.status}) as total,
          (select json_agg(x) from (
            select n.id::int as id, n.kind, n.channel,
                   json_build_object('id', u.id, 'name', trim(u.name || ' ' || coalesce(u.surname, '')), 'email', u.email) as user,
                   n.status, n.attempts, n.last_error,
                   case when n.status = 'queued' then to_char(n.next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as next_attempt_at,
                   to_char(n.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sent_at,
                   to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
            from ${notices} n join ${users} u on u.id = n.user_id
            where n.status = ${q.status}
            order by ${order}
            limit ${q.limit} offset ${q.offset}) x) as rows`,
  );
  return { rows: row?.rows ?? [], total: row?.total ?? 0 };
}

export async function settingsOf(db: DbOrTx, userId: number): Promise<{ lang: 'pl' | 'en'; off: string[] }> {
  const [row] = await queryRows<{ lang: 'pl' | 'en'; off: string[] }>(
    db,
    sql`select lang, off from ${noticeSettings} where user_id = ${userId}`,
  );
  return row ?? { lang: 'pl', off: [] };
}

export async function saveSettings(db: DbOrTx, userId: number, lang: 'pl' | 'en', off: readonly string[]) {
  const offArray = textArray(off);
  await db.execute(
    sql`insert into ${noticeSettings} (user_id, lang, off) values (${userId}, ${lang}, ${offArray})
        on conflict (user_id) do update set lang = excluded.lang, off = excluded.off, updated_at = now()
        where ${noticeSettings}.lang is distinct from excluded.lang or ${noticeSettings}.off is distinct from excluded.off`,
  );
}

/** The person an unsubscribe link names: active, with its role (its kinds) and settings. */
export async function person(db: DbOrTx, userId: number) {
  const [row] = await queryRows<{ id: number; role: string; deleted: boolean }>(
    db,
    sql`select id, role, deleted_at is not null as deleted from ${users} where id = ${userId}`,
  );
  return row;
}

/** The root and admin accounts that want `kind` (the back office's notices). */
export async function admins(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from ${users} where role in ('root', 'admin') and deleted_at is null and activated_at is not null`,
  );
  return rows.map((r) => r.id);
}
