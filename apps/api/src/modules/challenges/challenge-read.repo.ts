import type { ChallengeStatus } from '@incentive/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { containsPattern, direction } from '../../lib/paging.ts';
import { isoSql, plnSql } from '../../lib/sql-json.ts';
import { inScope } from './challenge-scope.repo.ts';

/*
 * The back office reads challenges here: the table (and the selector's 1000), one challenge with
 * its products. Dates are Warsaw days compared with `today`, computed in JS (challenge-dates.ts).
 * Figures count the caller's scope (challenge-scope.ts). Tables are named plainly: every query
 * aliases them (c, cp, p, i, e, s).
 */

/** What reps may open: published, its date come, not deleted (as the articles module's liveSql, on alias a). */
export const liveArticle = sql`a.deleted_at is null and a.published_at is not null and a.published_at <= now()`;

export type ChallengeSort = 'start_at' | 'end_at' | 'name' | 'id' | 'created_at';

export interface ChallengeListFilter {
  today: string;
  scope: number[] | null;
  search?: string;
  status?: ChallengeStatus;
}

export interface ChallengeRow {
  id: number;
  name: string;
  start_at: string;
  end_at: string;
  created_at: string;
  image_hash: string | null;
  image_width: number | null;
  image_height: number | null;
  products_count: number;
  reps_count: number;
  units: number;
  money_paid: string;
}

export interface ChallengeDetailsRow extends ChallengeRow {
  intro: string;
  updated_at: string;
  has_sales: boolean;
}

export interface ChallengeProductRow {
  id: number;
  name: string;
  description: string;
  code: string | null;
  image_hash: string | null;
  image_width: number | null;
  image_height: number | null;
  article_id: number | null;
  chosen_article_id: number | null;
  reward: string;
  units: number;
  money_paid: string;
  created_at: string;
}

function statusSql(status: ChallengeStatus | undefined, today: string): SQL {
  switch (status) {
    case 'upcoming':
      return sql` and c.start_on > ${today}::date`;
    case 'running':
      return sql` and c.start_on <= ${today}::date and c.end_on >= ${today}::date`;
    case 'ended':
      return sql` and c.end_on < ${today}::date`;
    default:
      return sql``;
  }
}

/** Matches challenges_name_trgm_idx (lower(name), live challenges). */
const searchSql = (search: string | undefined) =>
  search ? sql` and lower(c.name) like ${containsPattern(search)}` : sql``;

const whereSql = (f: ChallengeListFilter) =>
  sql`c.deleted_at is null${searchSql(f.search)}${statusSql(f.status, f.today)}`;

/** Allow-listed sort columns, ties by id in the same direction: each pair is a partial index's order. */
function orderSql(sort: ChallengeSort, order: 'asc' | 'desc'): SQL {
  const dir = direction(order);
  const column = {
    start_at: 'c.start_on',
    end_at: 'c.end_on',
    name: 'c.name_key',
    id: 'c.id',
    created_at: 'c.created_at',
  }[sort];
  return sort === 'id' ? sql`c.id ${dir}` : sql`${sql.raw(column)} ${dir}, c.id ${dir}`;
}

/** The columns of a list row; its figures are read for the rows of the page only. */
const rowColumns = (): SQL =>
  sql`c.id, c.name, c.start_on::text as start_at, c.end_on::text as end_at,
    ${isoSql(sql`c.created_at`)} as created_at,
    i.hash as image_hash, i.width as image_width, i.height as image_height,
    (select count(*)::int from challenge_products cp where cp.challenge_id = c.id) as products_count,
    f.reps_count, f.units, ${plnSql(sql`f.amount`)} as money_paid`;

/** reps_count, units and amount of challenge `c` over the earnings within scope. */
function figuresJoin(scope: number[] | null): SQL {
  return sql`cross join lateral (select count(*) filter (where e.amount > 0)::int as reps_count,
      coalesce(sum(e.units), 0)::int as units, coalesce(sum(e.amount), 0) as amount
    from challenge_earnings e where e.challenge_id = c.id${inScope(sql`e.user_id`, scope)}) f`;
}

/** The list statement itself (exported for the query-plan test). */
export function challengePageSql(
  f: ChallengeListFilter,
  sort: ChallengeSort,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): SQL {
  return sql`select ${rowColumns()}
    from challenges c
    left join images i on i.hash = c.image_hash
    ${figuresJoin(f.scope)}
    where ${whereSql(f)}
    order by ${orderSql(sort, order)}
    limit ${limit} offset ${offset}`;
}

/** One page of the table and the number of matches, sent together (as the article lists). */
export async function challengePage(
  db: DbOrTx,
  f: ChallengeListFilter,
  sort: ChallengeSort,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const [rows, [total]] = await Promise.all([
    queryRows<ChallengeRow>(db, challengePageSql(f, sort, order, limit, offset)),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from challenges c where ${whereSql(f)}`),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A live challenge with its figures (within scope), or undefined. */
export async function findChallenge(db: DbOrTx, id: number, scope: number[] | null) {
  const [row] = await queryRows<ChallengeDetailsRow>(
    db,
    sql`select ${rowColumns()}, c.intro, ${isoSql(sql`c.updated_at`)} as updated_at,
        exists (select 1 from sales s where s.challenge_id = c.id and s.reverted_at is null) as has_sales
      from challenges c
      left join images i on i.hash = c.image_hash
      ${figuresJoin(scope)}
      where c.id = ${id} and c.deleted_at is null`,
  );
  return row;
}

/**
 * The products of a challenge in the form's order: the chosen article when it is still live, else
 * the product's newest live one (`newestArticle`, from the products module); units and money from
 * the sales not reverted of the reps within scope.
 */
export async function challengeProducts(
  db: DbOrTx,
  challengeId: number,
  scope: number[] | null,
  newestArticle: (productId: SQL) => SQL,
) {
  return queryRows<ChallengeProductRow>(
    db,
    sql`select p.id, p.name, p.description, p.code,
        i.hash as image_hash, i.width as image_width, i.height as image_height,
        coalesce((select a.id from articles a where a.id = cp.article_id and ${liveArticle}),
          ${newestArticle(sql`p.id`)}) as article_id,
        cp.article_id as chosen_article_id,
        ${plnSql(sql`cp.reward`)} as reward,
        s.units, ${plnSql(sql`s.amount`)} as money_paid,
        ${isoSql(sql`cp.created_at`)} as created_at
      from challenge_products cp
      join products p on p.id = cp.product_id
      left join images i on i.hash = p.image_hash
      cross join lateral (select coalesce(sum(s.quantity), 0)::int as units, coalesce(sum(s.amount), 0) as amount
        from sales s where s.challenge_id = cp.challenge_id and s.product_id = cp.product_id
          and s.reverted_at is null${inScope(sql`s.user_id`, scope)}) s
      where cp.challenge_id = ${challengeId}
      order by cp.position, p.id`,
  );
}
