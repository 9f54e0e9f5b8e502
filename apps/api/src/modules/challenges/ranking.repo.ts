import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { containsPattern, direction } from '../../lib/paging.ts';
import { plnSql } from '../../lib/sql-json.ts';
import { inScope, intArray } from './challenge-scope.repo.ts';

/*
 * A challenge's ranking (challenges.view): the reps with a result (amount > 0) within the caller's
 * scope, optionally of one warehouse, ranked by amount (ties share a place: rank()). The search
 * narrows the rows shown, not the places (challenge_earnings_rank_idx reads the challenge in order).
 */

export interface RankingFilter {
  challengeId: number;
  scope: number[] | null;
  warehouseId: number | null;
  search?: string;
}

export interface RankingRowDb {
  place: number;
  user_id: number;
  name: string;
  surname: string | null;
  asseco_id: string | null;
  warehouses: { id: number; name: string }[];
  units: number;
  amount: string;
}

const rankedSql = (f: RankingFilter) =>
  sql`select e.user_id, e.units, e.amount, rank() over (order by e.amount desc)::int as place
    from challenge_earnings e
    where e.challenge_id = ${f.challengeId} and e.amount > 0${inScope(sql`e.user_id`, f.scope)}
      ${
        f.warehouseId === null
          ? sql``
          : sql`and exists (select 1 from user_warehouses uw where uw.user_id = e.user_id and uw.warehouse_id = ${f.warehouseId})`
      }`;

const searchSql = (search: string | undefined) =>
  search
    ? sql`where lower(u.name || ' ' || coalesce(u.surname, '') || ' ' || coalesce(u.asseco_id, '')) like ${containsPattern(search)}`
    : sql``;

/** The user's (not deleted) warehouses, only those within the caller's scope. */
function warehousesSql(scope: number[] | null): SQL {
  const within = scope === null ? sql`` : sql` and w.id = any(${intArray(scope)})`;
  return sql`(select coalesce(json_agg(json_build_object('id', w.id, 'name', w.name) order by w.id), '[]'::json)
    from user_warehouses uw join warehouses w on w.id = uw.warehouse_id
    where uw.user_id = u.id and w.deleted_at is null${within})`;
}

function orderSql(sort: 'place' | 'name', order: 'asc' | 'desc'): SQL {
  const dir = direction(order);
  return sort === 'place'
    ? sql`r.place ${dir}, u.surname_key ${dir}, u.name_key ${dir}, u.id ${dir}`
    : sql`u.surname_key ${dir}, u.name_key ${dir}, u.id ${dir}`;
}

/** Rows of the ranking in the asked order; limit null = every row (the export reads chunks). */
export async function rankingRows(
  db: DbOrTx,
  f: RankingFilter,
  sort: 'place' | 'name',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<RankingRowDb[]> {
  return queryRows<RankingRowDb>(
    db,
    sql`select r.place, u.id as user_id, u.name, u.surname, u.asseco_id, ${warehousesSql(f.scope)} as warehouses,
        r.units, ${plnSql(sql`r.amount`)} as amount
      from (${rankedSql(f)}) r
      join users u on u.id = r.user_id
      ${searchSql(f.search)}
      order by ${orderSql(sort, order)}
      limit ${limit} offset ${offset}`,
  );
}

export async function rankingCount(db: DbOrTx, f: RankingFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${rankedSql(f)}) r join users u on u.id = r.user_id ${searchSql(f.search)}`,
  );
  return row?.n ?? 0;
}
