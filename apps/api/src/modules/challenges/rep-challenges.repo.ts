import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { isoSql, plnSql } from '../../lib/sql-json.ts';
import { newestArticleIdOf } from '../products/products.shared.repo.ts';
import { liveArticle } from './challenge-read.repo.ts';

/*
 * The rep's challenge page (challenges.own): each challenge with its products, what the rep earned
 * in it and its place among the reps of its warehouse and of its region (docs/decisions/026), in
 * one statement. A place counts the reps of the group with a result (amount > 0): ties share a
 * place, which is 1 + the number of reps with strictly more.
 */

export interface RepProductJson {
  id: number;
  name: string;
  description: string;
  image_hash: string | null;
  image_width: number | null;
  image_height: number | null;
  article_id: number | null;
  reward: string;
  units: number;
  money_get: string;
}

export interface RepChallengeRow {
  id: number;
  name: string;
  intro: string;
  start_at: string;
  end_at: string;
  image_hash: string | null;
  image_width: number | null;
  image_height: number | null;
  units: number;
  money_get: string;
  rank_warehouse: { place: number; of: number } | null;
  rank_region: { place: number; of: number } | null;
  products: RepProductJson[];
}

/** Which challenges: the running and recently ended ones (the list), or one started challenge. */
export type RepChallengeFilter = { list: true; today: string; since: string } | { id: number; today: string };

/**
 * The group's place of the rep `me` (its amount `mine`): null without a result. `members` selects
 * the user ids of the group; the rep itself always belongs to it.
 */
function placeSql(members: SQL): SQL {
  return sql`(select case when me.amount > 0 then json_build_object(
      'place', 1 + count(*) filter (where g.amount > me.amount), 'of', count(*)) end
    from challenge_earnings g
    where g.challenge_id = c.id and g.amount > 0 and (g.user_id = me.user_id or g.user_id in (${members})))`;
}

/** The rep's (not deleted) warehouses. */
const ownWarehouses = (userId: number) =>
  sql`select uw.warehouse_id from user_warehouses uw join warehouses w on w.id = uw.warehouse_id
    where uw.user_id = ${userId} and w.deleted_at is null`;

/** Its region: the warehouses of the regional managers sharing a warehouse with it, and its own. */
const regionWarehouses = (userId: number) =>
  sql`${ownWarehouses(userId)}
    union
    select mw.warehouse_id from user_warehouses rw
      join users m on m.id = rw.user_id and m.role = 'seller_reg' and m.deleted_at is null
      join user_warehouses mw on mw.user_id = m.id
      join warehouses w on w.id = mw.warehouse_id and w.deleted_at is null
    where rw.warehouse_id in (${ownWarehouses(userId)})`;

const membersOf = (warehouseIds: SQL) =>
  sql`select m.user_id from user_warehouses m where m.warehouse_id in (${warehouseIds})`;

/** A product's article: the chosen one while live, else the product's newest live one (products' rule). */
export async function repChallenges(db: DbOrTx, userId: number, f: RepChallengeFilter): Promise<RepChallengeRow[]> {
  const which =
    'list' in f
      ? sql`c.start_on <= ${f.today}::date and c.end_on >= ${f.since}::date`
      : sql`c.id = ${f.id} and c.start_on <= ${f.today}::date`;
  return queryRows<RepChallengeRow>(
    db,
    sql`select c.id, c.name, c.intro, c.start_on::text as start_at, c.end_on::text as end_at,
        i.hash as image_hash, i.width as image_width, i.height as image_height,
        coalesce(me.units, 0)::int as units, ${plnSql(sql`coalesce(me.amount, 0)`)} as money_get,
        ${placeSql(membersOf(ownWarehouses(userId)))} as rank_warehouse,
        ${placeSql(membersOf(regionWarehouses(userId)))} as rank_region,
        (select coalesce(json_agg(json_build_object(
            'id', p.id, 'name', p.name, 'description', p.description,
            'image_hash', pi.hash, 'image_width', pi.width, 'image_height', pi.height,
            'article_id', coalesce((select a.id from articles a where a.id = cp.article_id and ${liveArticle}),
              ${newestArticleIdOf(sql`p.id`)}),
            'reward', ${plnSql(sql`cp.reward`)},
            'units', ps.units, 'money_get', ${plnSql(sql`ps.amount`)}) order by cp.position, p.id), '[]'::json)
          from challenge_products cp
          join products p on p.id = cp.product_id
          left join images pi on pi.hash = p.image_hash
          cross join lateral (select coalesce(sum(s.quantity), 0)::int as units, coalesce(sum(s.amount), 0) as amount
            from sales s where s.challenge_id = c.id and s.product_id = p.id and s.user_id = ${userId}
              and s.reverted_at is null) ps
          where cp.challenge_id = c.id) as products
      from challenges c
      left join images i on i.hash = c.image_hash
      left join lateral (select ${userId}::int as user_id, e.units, e.amount from challenge_earnings e
        where e.challenge_id = c.id and e.user_id = ${userId}) me0 on true
      cross join lateral (select ${userId}::int as user_id, me0.units, coalesce(me0.amount, 0) as amount) me
      where c.deleted_at is null and ${which}
      order by (c.end_on >= ${f.today}::date) desc, c.end_on desc, c.id desc`,
  );
}

/** When sales results were last applied (sales_imports_applied_idx), or null before any. */
export async function lastImportAt(db: DbOrTx): Promise<string | null> {
  const [row] = await queryRows<{ at: string | null }>(
    db,
    sql`select ${isoSql(sql`max(applied_at)`)} as at from sales_imports where status = 'applied'`,
  );
  return row?.at ?? null;
}
