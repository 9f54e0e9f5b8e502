import { type StatsBucket, WARSAW_TIME_ZONE } from '@incentive/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import {
  ledgerEntries,
  logins,
  quizAttempts,
  quizzes,
  sales,
  users,
  userWarehouses,
  wallets,
  warehouses,
} from '../../db/schema.ts';
import { intArray } from '../../lib/sql-array.ts';
import { kindSum } from './tax-report.repo.ts';

/*
 * How the programme is doing (decision 066): each figure one statement over its owner's table, read
 * through the read models of db/owners.ts, by the index on its date (logins, quiz attempts, the
 * ledger by created_at; sales by sold_on). Periods are Warsaw days; buckets the first Warsaw day of
 * each month, week (Monday) or day. A scope (a wholesaler's or regional manager's warehouses) keeps
 * the reps to those of its warehouses.
 */

const ZONE = sql.raw(`'${WARSAW_TIME_ZONE}'`);

export interface Range {
  from: string;
  to: string;
  bucket: StatsBucket;
  /** null: everyone; else the warehouses whose reps count. */
  scope: readonly number[] | null;
}

const bounds = (r: Range) => ({
  from: sql`(${r.from}::date)::timestamp at time zone ${ZONE}`,
  to: sql`(${r.to}::date + 1)::timestamp at time zone ${ZONE}`,
});
const STEP = { month: '1 month', week: '1 week', day: '1 day' } as const;
/**
 * The period's buckets as rows `b(local_start, s, e)`: each bucket's first Warsaw day and its
 * [s, e) as instants. A figure joins its rows to them by range (its created_at index, one range a
 * bucket) instead of converting every row's time to Warsaw's (decision 066).
 */
const buckets = (r: Range) =>
  sql`(select g as local_start, (g at time zone ${ZONE}) as s, ((g + ${STEP[r.bucket]}::interval) at time zone ${ZONE}) as e
       from generate_series(date_trunc(${r.bucket}, ${r.from}::timestamp), ${r.to}::timestamp, ${STEP[r.bucket]}::interval) g) b`;
/** `at` (an instant column) is in bucket `b` and in the period. */
const inBucket = (r: Range, at: SQL) => {
  const p = bounds(r);
  return sql`${at} >= greatest(b.s, ${p.from}) and ${at} < least(b.e, ${p.to})`;
};
const bucketLabel = sql`to_char(b.local_start, 'YYYY-MM-DD')`;

/**
 * Runs a figure's statement without PostgreSQL's JIT: the estimates of a join to a series of
 * buckets pass the JIT threshold, and compiling took longer than the query (decision 066).
 */
function withoutJit<T>(db: DbOrTx, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return run(tx);
  });
}
/** Reps in scope: `userId` is a rep of one of the scope's warehouses (true without a scope). */
const repInScope = (r: Range, userId: SQL) =>
  r.scope === null
    ? sql`true`
    : sql`exists (select 1 from ${userWarehouses} uw where uw.user_id = ${userId} and uw.warehouse_id = any(${intArray(r.scope)}))`;

/*
 * The reps of the period: a rep counts once however often they signed in or took a quiz. By rep
 * (each an index probe of logins(user_id, created_at) and quiz_attempts(user_id, created_at))
 * instead of a distinct over every sign-in of the period: 116,000 sign-ins of a year were 107 ms,
 * 9,000 probes are a few (decision 066).
 */
export async function repCounts(db: DbOrTx, r: Range) {
  const b = bounds(r);
  const [row] = await withoutJit(db, (db) =>
    queryRows<{ active: number; signed_in: number; took_quiz: number }>(
      db,
      sql`select
          count(*) filter (where u.deleted_at is null and u.activated_at is not null)::int as active,
          count(*) filter (where exists (select 1 from ${logins} l
            where l.user_id = u.id and l.created_at >= ${b.from} and l.created_at < ${b.to}))::int as signed_in,
          count(*) filter (where exists (select 1 from ${quizAttempts} a
            where a.user_id = u.id and a.created_at >= ${b.from} and a.created_at < ${b.to}))::int as took_quiz
        from ${users} u
        where u.role = 'seller' and ${repInScope(r, sql`u.id`)}`,
    ),
  );
  return row ?? { active: 0, signed_in: 0, took_quiz: 0 };
}

/** Every figure of one bucket (money in grosze). */
export interface BucketFigures {
  bucket: string;
  signins: number;
  signin_reps: number;
  attempts: number;
  quiz_reps: number;
  passed: number;
  graded: number;
  quiz: number;
  survey: number;
  challenge: number;
  corrections: number;
  withdrawn: number;
}

/**
 * The period's figures per bucket, every bucket of the period (a month without a sign-in is a 0 on
 * the chart, not a gap): three statements at once, each over one table by its date index.
 */
export async function bucketFigures(db: DbOrTx, r: Range): Promise<BucketFigures[]> {
  const [signinRows, quizRows, moneyRows] = await Promise.all([
    signins(db, r),
    quizActivity(db, r),
    moneyByKind(db, r),
  ]);
  // The three join the same series of buckets: the same labels in the same order.
  return signinRows.map((s, i) => {
    const q = quizRows[i];
    const m = moneyRows[i];
    if (q?.bucket !== s.bucket || m?.bucket !== s.bucket)
      throw new Error(`programme stats: buckets differ at ${s.bucket}`);
    return {
      bucket: s.bucket,
      signins: s.signins,
      signin_reps: s.reps,
      attempts: q.attempts,
      quiz_reps: q.reps,
      passed: q.passed,
      graded: q.graded,
      quiz: Number(m.quiz),
      survey: Number(m.survey),
      challenge: Number(m.challenge),
      corrections: Number(m.corrections),
      withdrawn: Number(m.withdrawn),
    };
  });
}

function signins(db: DbOrTx, r: Range) {
  return withoutJit(db, (tx) =>
    queryRows<{ bucket: string; signins: number; reps: number }>(
      tx,
      sql`select ${bucketLabel} as bucket, count(l.user_id)::int as signins, count(distinct l.user_id)::int as reps
          from ${buckets(r)} left join (${logins} l join ${users} u on u.id = l.user_id and u.role = 'seller')
            on ${inBucket(r, sql`l.created_at`)} and ${repInScope(r, sql`l.user_id`)}
          group by b.local_start order by b.local_start`,
    ),
  );
}

function quizActivity(db: DbOrTx, r: Range) {
  return withoutJit(db, (tx) =>
    queryRows<{ bucket: string; attempts: number; reps: number; passed: number; graded: number }>(
      tx,
      sql`select ${bucketLabel} as bucket, count(a.id)::int as attempts,
                 count(distinct a.user_id)::int as reps,
                 count(a.id) filter (where a.passed and not a.is_survey)::int as passed,
                 count(a.id) filter (where not a.is_survey)::int as graded
          from ${buckets(r)} left join ${quizAttempts} a on ${inBucket(r, sql`a.created_at`)} and ${repInScope(r, sql`a.user_id`)}
          group by b.local_start order by b.local_start`,
    ),
  );
}

function moneyByKind(db: DbOrTx, r: Range) {
  return withoutJit(db, (tx) =>
    queryRows<{
      bucket: string;
      quiz: string;
      survey: string;
      challenge: string;
      corrections: string;
      withdrawn: string;
    }>(
      tx,
      sql`select ${bucketLabel} as bucket,
               coalesce(${kindSum('quiz')}, 0)::bigint as quiz, coalesce(${kindSum('survey')}, 0)::bigint as survey,
               coalesce(${kindSum('challenge')}, 0)::bigint as challenge,
               coalesce(${kindSum('corrections')}, 0)::bigint as corrections,
               coalesce(sum(case when e.kind = 'withdrawal_paid' then e.amount else 0 end), 0)::bigint as withdrawn
        from ${buckets(r)} left join (${ledgerEntries} e
          left join ${quizzes} q on e.kind = 'quiz_reward' and e.source_type = 'quiz' and q.id::text = e.source_id)
          on ${inBucket(r, sql`e.created_at`)} and ${repInScope(r, sql`e.user_id`)}
        group by b.local_start order by b.local_start`,
    ),
  );
}

export async function liability(db: DbOrTx, r: Range) {
  const [row] = await queryRows<{ available: number; in_withdrawal: number }>(
    db,
    sql`select coalesce(sum(w.available), 0)::bigint as available, coalesce(sum(w.in_withdrawal), 0)::bigint as in_withdrawal
        from ${wallets} w where ${repInScope(r, sql`w.user_id`)}`,
  );
  return row ?? { available: 0, in_withdrawal: 0 };
}

/** The period's challenge sales (sold_on in the period, not reverted) by warehouse: the 20 that earned most. */
export async function byWarehouse(db: DbOrTx, r: Range) {
  return queryRows<{ id: number; name: string; units: number; rewards: number }>(
    db,
    sql`select w.id, w.name, sum(s.quantity)::int as units, sum(s.amount)::bigint as rewards
        from ${sales} s join ${warehouses} w on w.id = s.warehouse_id
        where s.sold_on between ${r.from}::date and ${r.to}::date and s.reverted_at is null
          ${r.scope === null ? sql`` : sql`and s.warehouse_id = any(${intArray(r.scope)})`}
        group by w.id, w.name order by rewards desc, w.id limit 20`,
  );
}

/** The same by region: the warehouses of each regional manager (a warehouse counts in each of its managers' regions). */
export async function byRegion(db: DbOrTx, r: Range) {
  return queryRows<{ id: number; name: string; units: number; rewards: number }>(
    db,
    sql`with per_warehouse as (
          select s.warehouse_id, sum(s.quantity)::int as units, sum(s.amount)::bigint as rewards
          from ${sales} s
          where s.sold_on between ${r.from}::date and ${r.to}::date and s.reverted_at is null
            ${r.scope === null ? sql`` : sql`and s.warehouse_id = any(${intArray(r.scope)})`}
          group by s.warehouse_id)
        select u.id, trim(u.name || ' ' || coalesce(u.surname, '')) as name,
               sum(p.units)::int as units, sum(p.rewards)::bigint as rewards
        from per_warehouse p
        join ${userWarehouses} uw on uw.warehouse_id = p.warehouse_id
        join ${users} u on u.id = uw.user_id and u.role = 'seller_reg' and u.deleted_at is null
        group by u.id, u.name, u.surname order by rewards desc, u.id limit 20`,
  );
}
