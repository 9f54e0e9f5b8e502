import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { direction } from '../../lib/paging.ts';

/*
 * Held rows of an import (decision 050): rows the check or the rep total held for an admin's
 * decision. They stay in sales_import_rows (state 'held') with what the check resolved.
 */

const num = (v: unknown) => Number(v ?? 0);

export interface HeldRow {
  row_no: number;
  document: string;
  line: string;
  sold_on: string;
  warehouse: string;
  user_id: number;
  rep_asseco: string;
  rep_name: string;
  product_id: number;
  product_code: string;
  product_name: string;
  challenge_id: number;
  challenge_name: string;
  quantity: number;
  amount: number;
  held_reason: string;
}

/** A page of the held rows in file order (the index (import_id, state, …) finds them). */
export async function heldPage(
  db: DbOrTx,
  id: number,
  q: { order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: HeldRow[]; total: number }> {
  const rows = await queryRows<HeldRow>(
    db,
    sql`select r.row_no, r.document, r.line, r.sold_on, r.warehouse, r.user_id, coalesce(u.asseco_id, r.rep) as rep_asseco,
        nullif(btrim(u.name || ' ' || coalesce(u.surname, '')), '') as rep_name,
        r.product_id, coalesce(p.code, r.product) as product_code, p.name as product_name,
        r.challenge_id, c.name as challenge_name, r.quantity::int as quantity,
        r.quantity::bigint * r.reward as amount, r.held_reason
      from sales_import_rows r
      join users u on u.id = r.user_id
      join products p on p.id = r.product_id
      join challenges c on c.id = r.challenge_id
      where r.import_id = ${id} and r.state = 'held'
      order by r.row_no ${direction(q.order)} limit ${q.limit} offset ${q.offset}`,
  );
  const [count] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from sales_import_rows where import_id = ${id} and state = 'held'`,
  );
  return {
    rows: rows.map((r) => ({
      ...r,
      row_no: num(r.row_no),
      user_id: num(r.user_id),
      product_id: num(r.product_id),
      challenge_id: num(r.challenge_id),
      quantity: num(r.quantity),
      amount: num(r.amount),
      rep_name: r.rep_name ?? '',
      product_name: r.product_name ?? '',
      challenge_name: r.challenge_name ?? '',
    })),
    total: num(count?.n),
  };
}

const chosen = (rows: readonly number[] | null): SQL =>
  rows === null ? sql`true` : sql`row_no = any(${`{${rows.map((n) => Math.trunc(n)).join(',')}}`}::int[])`;

export interface ChosenRep {
  user_id: number;
  rows: number;
  /** What the chosen rows' sales would pay (grosze). */
  amount: number;
  /** What this import has already credited the rep (its sales not reverted, grosze). */
  credited: number;
  /** The rep's first chosen row number. */
  first: number;
}

/**
 * Makes the chosen held rows ready to be paid (in the caller's transaction), per rep with what the
 * import already credited it: the caller refuses the lot when a rep would pass the cap.
 */
export async function readyChosen(tx: DbOrTx, id: number, rows: readonly number[] | null): Promise<ChosenRep[]> {
  const found = await queryRows<Record<string, unknown>>(
    tx,
    sql`with picked as (
      update sales_import_rows set state = 'ready', held_reason = null
      where import_id = ${id} and state = 'held' and ${chosen(rows)}
      returning row_no, user_id, greatest(quantity::int, 0)::bigint * reward as amount
    ), per_rep as (
      select user_id, count(*) as n, sum(amount) as amount, min(row_no) as first from picked group by user_id
    )
    select p.user_id, p.n, p.amount, p.first, coalesce((select sum(s.amount) from sales s
        where s.import_id = ${id} and s.user_id = p.user_id and s.amount > 0 and s.reverted_at is null), 0) as credited
    from per_rep p order by p.user_id`,
  );
  return found.map((r) => ({
    user_id: num(r.user_id),
    rows: num(r.n),
    amount: num(r.amount),
    credited: num(r.credited),
    first: num(r.first),
  }));
}

/** Refuses the chosen held rows: they join the import's report ('sales.row.heldRejected'). */
export async function rejectChosen(
  tx: DbOrTx,
  id: number,
  rows: readonly number[] | null,
): Promise<{ rows: number; amount: number }> {
  const [row] = await queryRows<{ n: number | string; amount: number | string }>(
    tx,
    sql`with refused as (
      update sales_import_rows set state = 'rejected', held_reason = null, error = 'sales.row.heldRejected'
      where import_id = ${id} and state = 'held' and ${chosen(rows)}
      returning greatest(quantity::int, 0)::bigint * reward as amount
    ) select count(*) as n, coalesce(sum(amount), 0) as amount from refused`,
  );
  return { rows: num(row?.n), amount: num(row?.amount) };
}

/** A decision on held rows: the import's figures (reps counted anew from its sales). */
export async function addDecision(
  tx: DbOrTx,
  id: number,
  c: {
    held: number;
    heldAmount: number;
    accepted: number;
    skipped: number;
    rejected: number;
    amount: number;
    amountCorrected: number;
  },
): Promise<void> {
  await tx.execute(sql`update sales_imports set
      rows_held = rows_held - ${c.held}, amount_held = amount_held - ${c.heldAmount},
      rows_accepted = rows_accepted + ${c.accepted}, rows_skipped = rows_skipped + ${c.skipped},
      rows_rejected = rows_rejected + ${c.rejected}, amount = amount + ${c.amount},
      amount_corrected = amount_corrected + ${c.amountCorrected},
      reps_count = (select count(distinct user_id) from sales where import_id = ${id})
    where id = ${id}`);
}
