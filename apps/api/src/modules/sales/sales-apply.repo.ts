import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { addEarnings, giveBackEarnings } from '../challenges/challenges.shared.repo.ts';
import { type EarningGroup, groups } from './sales-imports.repo.ts';

/*
 * The apply step of a sales import (decision 050): the ready rows of a range of reps (user id order,
 * a rep never split), paid in one short transaction per chunk. Every statement reads the chunk's rows
 * through the index (import_id, state, user_id, row_no); no statement's cost grows with the file.
 */

const num = (v: unknown) => Number(v ?? 0);

/** The reps of one chunk: user ids in (afterUser, throughUser]; throughUser null for every one left. */
export interface RepRange {
  afterUser: number;
  throughUser: number | null;
}

const inRange = (r: RepRange): SQL =>
  r.throughUser === null
    ? sql`user_id > ${r.afterUser}`
    : sql`user_id > ${r.afterUser} and user_id <= ${r.throughUser}`;

/**
 * The next chunk of reps after `afterUser`: as many whole reps as fit in `size` ready rows (at least
 * one, however many rows it has). Null when no ready row is left.
 */
export async function nextRepRange(db: DbOrTx, id: number, afterUser: number, size: number): Promise<RepRange | null> {
  const [row] = await queryRows<{ first: number | string | null; bound: number | string | null }>(
    db,
    sql`select
      (select user_id from sales_import_rows where import_id = ${id} and state = 'ready' and user_id > ${afterUser}
        order by user_id, row_no limit 1) as first,
      (select user_id from sales_import_rows where import_id = ${id} and state = 'ready' and user_id > ${afterUser}
        order by user_id, row_no offset ${size} limit 1) as bound`,
  );
  if (row?.first === null || row?.first === undefined) return null;
  if (row.bound === null) return { afterUser, throughUser: null };
  const first = num(row.first);
  const bound = num(row.bound);
  // The rep at the bound would be split: the chunk stops before it, unless it is the only rep.
  return { afterUser, throughUser: bound === first ? bound : bound - 1 };
}

/** The highest rep id of a range, once it is applied: the cursor moves there. */
export async function lastRepOf(db: DbOrTx, id: number, r: RepRange): Promise<number> {
  if (r.throughUser !== null) return r.throughUser;
  const [row] = await queryRows<{ last: number | string | null }>(
    db,
    sql`select max(user_id) as last from sales_import_rows where import_id = ${id} and state = 'ready' and ${inRange(r)}`,
  );
  return row?.last === null || row?.last === undefined ? r.afterUser : num(row.last);
}

/**
 * Holds every ready row of each rep in the range whose rewards in this import would pass
 * `maxRepAmount` (grosze): 'sales.held.repTotal'. Returns the rows held and what their sales would pay.
 */
export async function holdOverRepTotal(
  tx: DbOrTx,
  id: number,
  r: RepRange,
  maxRepAmount: number,
): Promise<{ rows: number; amount: number }> {
  const [row] = await queryRows<{ n: number | string; amount: number | string }>(
    tx,
    sql`with over as materialized (
      select user_id from sales_import_rows
      where import_id = ${id} and state = 'ready' and ${inRange(r)}
      group by user_id
      having sum(greatest(quantity::int, 0)::bigint * reward) > ${maxRepAmount}
    ), held as (
      update sales_import_rows s set state = 'held', held_reason = 'sales.held.repTotal'
      where s.import_id = ${id} and s.state = 'ready' and ${inRange(r)} and s.user_id in (select user_id from over)
      returning greatest(s.quantity::int, 0)::bigint * s.reward as amount
    )
    select count(*) as n, coalesce(sum(amount), 0) as amount from held`,
  );
  return { rows: num(row?.n), amount: num(row?.amount) };
}

/**
 * Refuses the correction lines of the range that return more units than their rep holds of the
 * product in the challenge (its sales not reverted, and this file's ready sales), counted in file
 * order (decision 044). A rep is never split, so its file's sales are all in the range.
 */
export async function judgeCorrections(tx: DbOrTx, id: number, r: RepRange): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`with c as (
      select row_no, user_id, product_id, challenge_id, quantity::int as quantity,
        sum(greatest(quantity::int, 0)) over (partition by user_id, product_id, challenge_id) as fresh,
        sum(greatest(-quantity::int, 0)) over (partition by user_id, product_id, challenge_id
          order by row_no rows unbounded preceding) as returned
      from sales_import_rows
      where import_id = ${id} and state = 'ready' and ${inRange(r)}
    ), bad as (
      select c.row_no from c
      where c.quantity < 0 and c.returned > c.fresh + coalesce((
        select sum(s.quantity) from sales s
        where s.user_id = c.user_id and s.product_id = c.product_id and s.challenge_id = c.challenge_id
          and s.reverted_at is null), 0)
    ), marked as (
      update sales_import_rows s set state = 'rejected', error = 'sales.row.correctionExceedsSales'
      from bad where s.import_id = ${id} and s.row_no = bad.row_no
      returning 1
    )
    select count(*) as n from marked`,
  );
  return num(row?.n);
}

export interface AppliedChunk {
  groups: EarningGroup[];
  /** Ready rows of the range: those not inserted were imported meanwhile (skipped). */
  ready: number;
  inserted: number;
}

/**
 * Inserts the range's ready rows into `sales` (a line imported meanwhile is skipped by the unique
 * (document, line) key) and adds them to `challenge_earnings`. A correction takes back the reward
 * its units were paid at (the rep's latest sale of the product in the challenge). Returns what was
 * inserted per rep and challenge, sales and corrections apart. The earnings are written by the
 * statement parts challenges lends (challenges.shared.repo.ts), in this one statement.
 */
export async function insertReady(tx: DbOrTx, id: number, r: RepRange): Promise<AppliedChunk> {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`with ready as (
      select document, line, sold_on::date as sold_on, warehouse_id, user_id, product_id, challenge_id,
        quantity::int as quantity, reward
      from sales_import_rows
      where import_id = ${id} and state = 'ready' and ${inRange(r)}
    ), priced as (
      select ready.*, case when quantity > 0 then reward else coalesce((
        select s.reward from sales s
        where s.user_id = ready.user_id and s.product_id = ready.product_id and s.challenge_id = ready.challenge_id
          and s.quantity > 0 and s.reverted_at is null
        order by s.id desc limit 1), reward) end as paid_reward
      from ready
    ), inserted as (
      insert into sales (import_id, document, line, sold_on, warehouse_id, user_id, product_id, challenge_id, quantity, reward, amount)
      select ${id}, document, line, sold_on, warehouse_id, user_id, product_id, challenge_id, quantity, paid_reward,
        quantity * paid_reward
      from priced
      on conflict (document, line) where reverted_at is null do nothing
      returning user_id, challenge_id, quantity, amount
    ), per_rep as (
      select user_id, challenge_id, quantity < 0 as correction, sum(quantity)::bigint as units,
        sum(amount)::bigint as amount, count(*) as lines
      from inserted group by user_id, challenge_id, quantity < 0
    ), net as (
      select challenge_id, user_id, sum(units) as units, sum(amount) as amount from per_rep group by challenge_id, user_id
    ), earned as (
      ${addEarnings(sql`net`)}
    ), given_back as (
      ${giveBackEarnings(sql`net`)}
    )
    select p.user_id, p.challenge_id, c.name as challenge_name, p.correction, p.units, p.amount, p.lines,
      (select count(*) from ready) as ready, (select count(*) from earned) as earned,
      (select count(*) from given_back) as given_back
    from per_rep p join challenges c on c.id = p.challenge_id
    union all
    select null, null, null, null, null, null, null, (select count(*) from ready), null, null
    order by 1, 2, 4`,
  );
  const summary = rows.find((x) => x.user_id === null);
  const found = groups(rows.filter((x) => x.user_id !== null));
  return {
    groups: found,
    ready: num(summary?.ready),
    inserted: found.reduce((n, g) => n + g.lines, 0),
  };
}

/** The range's paid rows leave the staged rows (only refused and held ones stay: the report). */
export async function dropApplied(tx: DbOrTx, id: number, r: RepRange): Promise<void> {
  await tx.execute(sql`delete from sales_import_rows where import_id = ${id} and state = 'ready' and ${inRange(r)}`);
}
