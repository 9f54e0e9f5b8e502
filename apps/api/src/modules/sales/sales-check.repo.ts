import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { challengePayingFor } from '../challenges/challenges.shared.repo.ts';
import { CELL_ERRORS } from './sales-row.ts';

/*
 * The check step of a sales import (decision 050): staged rows resolved a chunk of row numbers at a
 * time, each chunk one statement driven by indexes (the staged rows' primary key, the warehouses',
 * reps' and products' unique keys, the challenge of the product on the day, an earlier row of the
 * same document line, the sales' unique (document, line)). No join over an aggregate: the cost of a
 * chunk does not grow with the file.
 */

const num = (v: unknown) => Number(v ?? 0);

/**
 * The last row number of the next chunk of at most `size` staged rows after `after`, or null when
 * none is left. Walks the primary key (import_id, row_no).
 */
export async function nextCheckBound(db: DbOrTx, id: number, after: number, size: number): Promise<number | null> {
  const [row] = await queryRows<{ upto: number | string | null }>(
    db,
    sql`select max(row_no) as upto from (
      select row_no from sales_import_rows where import_id = ${id} and row_no > ${after}
      order by row_no limit ${size}) chunk`,
  );
  return row?.upto === null || row?.upto === undefined ? null : num(row.upto);
}

export interface CheckedChunk {
  checked: number;
  rejected: number;
  skipped: number;
  held: number;
  /** What the rows held for their quantity would pay (grosze). */
  heldAmount: number;
}

/**
 * Resolves the staged rows with row numbers in (from, to]: their warehouse, rep, product, the
 * challenge the product was in on the day and its reward. Each gets its state: rejected with the
 * first reason found (a line repeated in the file first), skipped when the line was imported
 * before, held when it carries more than `maxRowQuantity` units, else ready. Rows refused by their
 * own cells were rejected when staged and are counted here as checked.
 */
export async function checkChunk(
  tx: DbOrTx,
  id: number,
  from: number,
  to: number,
  maxRowQuantity: number,
): Promise<CheckedChunk> {
  const cellErrors = sql`${`{${CELL_ERRORS.join(',')}}`}::text[]`;
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`with marked as (
      update sales_import_rows r set
        (warehouse_id, user_id, product_id, challenge_id, reward, error, state, held_reason) = (
          select x.warehouse_id, x.user_id, x.product_id, x.challenge_id, x.reward, x.error,
            case when x.error is not null then 'rejected' when x.imported then 'skipped'
              when r.quantity::int > ${maxRowQuantity} then 'held' else 'ready' end,
            case when x.error is null and not x.imported and r.quantity::int > ${maxRowQuantity}
              then 'sales.held.quantity' end
          from (
            select w.id as warehouse_id, u.id as user_id, p.id as product_id, ch.challenge_id, ch.reward,
              case
                when exists (select 1 from sales_import_rows e
                  where e.import_id = r.import_id and e.document = r.document and e.line = r.line
                    and e.row_no < r.row_no and (e.error is null or not (e.error = any(${cellErrors}))))
                  then 'sales.row.duplicateInFile'
                when w.id is null then 'sales.row.warehouseUnknown'
                when u.id is null then 'sales.row.repUnknown'
                when u.role <> 'seller' then 'sales.row.regionalManager'
                when uw.user_id is null then 'sales.row.repNotInWarehouse'
                when p.id is null then 'sales.row.productUnknown'
                when ch.challenge_id is null then 'sales.row.noChallenge'
              end as error,
              exists (select 1 from sales s where s.document = r.document and s.line = r.line
                and s.reverted_at is null) as imported
            from (select 1) as one
            left join warehouses w on w.asseco_id = r.warehouse and w.deleted_at is null
            left join users u on lower(u.asseco_id) = lower(r.rep) and u.asseco_id is not null
              and u.deleted_at is null and u.role in ('seller', 'seller_reg')
            left join user_warehouses uw on uw.user_id = u.id and uw.warehouse_id = w.id
            left join products p on p.code = r.product and p.code is not null and p.deleted_at is null
            left join lateral ${challengePayingFor(sql`p.id`, sql`r.sold_on::date`)} ch on true
            -- offset 0: the lookups are evaluated once per row, not once per reference to them.
            offset 0
          ) x
        )
      -- Rows of the range not refused by their cells: the range is checked once (its cursor moves in
      -- the same transaction), and this keeps the plan on the primary key.
      where r.import_id = ${id} and r.row_no > ${from} and r.row_no <= ${to} and r.error is null
      returning r.state, r.quantity::bigint * coalesce(r.reward, 0) as amount
    )
    select
      (select count(*) from sales_import_rows
        where import_id = ${id} and row_no > ${from} and row_no <= ${to} and error is not null) as cell_rejected,
      count(*) as checked,
      count(*) filter (where state = 'rejected') as rejected,
      count(*) filter (where state = 'skipped') as skipped,
      count(*) filter (where state = 'held') as held,
      coalesce(sum(amount) filter (where state = 'held'), 0) as held_amount
    from marked`,
  );
  const cellRejected = num(row?.cell_rejected);
  return {
    checked: num(row?.checked) + cellRejected,
    rejected: num(row?.rejected) + cellRejected,
    skipped: num(row?.skipped),
    held: num(row?.held),
    heldAmount: num(row?.held_amount),
  };
}

/** Rows found imported before are only counted: they leave the staged rows with their chunk. */
export async function dropSkipped(tx: DbOrTx, id: number, from: number, to: number): Promise<void> {
  await tx.execute(sql`delete from sales_import_rows
    where import_id = ${id} and row_no > ${from} and row_no <= ${to} and state = 'skipped'`);
}
