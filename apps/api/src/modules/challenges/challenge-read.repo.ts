import type { ChallengeStatus } from '@incentive/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { containsPattern, direction } from '../../lib/paging.ts';
import { literalLimit, type Placeholders, preparedStatement } from '../../lib/prepared.ts';
import { isoSql, plnSql } from '../../lib/sql-json.ts';
import { newestArticleIdOf } from '../products/products.shared.repo.ts';
import { inScope, intArray } from './challenge-scope.repo.ts';

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

function statusSql(status: ChallengeStatus | null | undefined, today: unknown): SQL {
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

/** Allow-listed sort keys; ties by id in the same direction: each pair is a partial index's order. */
const SORT_KEY: Record<ChallengeSort, string> = {
  start_at: 'c.start_on',
  end_at: 'c.end_on',
  name: 'c.name_key',
  id: 'c.id',
  created_at: 'c.created_at',
};

function orderSql(sort: ChallengeSort, order: 'asc' | 'desc'): SQL {
  const dir = direction(order);
  return sort === 'id' ? sql`c.id ${dir}` : sql`${sql.raw(SORT_KEY[sort])} ${dir}, c.id ${dir}`;
}

/** The columns of a list row; its figures are read for the rows of the page only. */
const rowColumns = (): SQL =>
  sql`c.id, c.name, c.start_on::text as start_at, c.end_on::text as end_at,
    ${isoSql(sql`c.created_at`)} as created_at,
    i.hash as image_hash, i.width as image_width, i.height as image_height,
    (select count(*)::int from challenge_products cp where cp.challenge_id = c.id) as products_count,
    coalesce(f.reps_count, 0)::int as reps_count, coalesce(f.units, 0)::int as units,
    ${plnSql(sql`coalesce(f.amount, 0)`)} as money_paid`;

/**
 * reps_count, units and amount of challenge `c` over the earnings within scope (f), `scope` being
 * an int[] expression or null for every rep. Over every rep they are challenge_totals' row (none
 * before the first sale), kept by triggers (decision 032): summing the earnings cost a pass over
 * each challenge's thousands of reps per request. A scope's reps are summed here.
 */
function figuresJoin(scope: SQL | null): SQL {
  if (scope === null) return sql`left join challenge_totals f on f.challenge_id = c.id`;
  return sql`cross join lateral (select count(*) filter (where e.amount > 0)::int as reps_count,
      coalesce(sum(e.units), 0)::int as units, coalesce(sum(e.amount), 0) as amount
    from challenge_earnings e where e.challenge_id = c.id and exists (select 1 from user_warehouses uw
      where uw.user_id = e.user_id and uw.warehouse_id = any(${scope}))) f`;
}

/*
 * A page is one prepared statement per shape (lib/prepared.ts, decision 031): the rows, their
 * figures and the list's total (an uncorrelated subquery, run once). The values are placeholders
 * (or bound values, for the query-plan test).
 */
type PageShape = {
  sort: ChallengeSort;
  order: 'asc' | 'desc';
  pageSize: number;
  status: ChallengeStatus | null;
  search: boolean;
  scoped: boolean;
};
type PageValues = { today: string; pattern: string | undefined; scope: number[] | undefined; offset: number };
type PageArgs = { [K in keyof PageValues]: unknown };

/** Matches challenges_name_trgm_idx (lower(name), live challenges). */
const pageWhere = (s: PageShape, v: PageArgs) =>
  sql`c.deleted_at is null${s.search ? sql` and lower(c.name) like ${v.pattern}` : sql``}${statusSql(s.status, v.today)}`;

/**
 * The page with its sort key (sk) and total; `scope` an int[] expression when scoped. The page's
 * ids are found first (by the sort's index), then its rows are read by primary key with their
 * image and figures: in the LIMITed query itself the rows skipped by OFFSET would be projected
 * too, and the generic plan, costed for an unknown offset, would lose to one planned on every call.
 */
function pageSql(s: PageShape, v: PageArgs, scope: SQL | null): SQL {
  const where = pageWhere(s, v);
  return sql`select ${rowColumns()}, pg.sk, (select count(*)::int from challenges c where ${where}) as total
    from (select c.id, ${sql.raw(SORT_KEY[s.sort])} as sk from challenges c
      where ${where}
      order by ${orderSql(s.sort, s.order)}
      limit ${literalLimit(s.pageSize)} offset ${v.offset}) pg
    join challenges c on c.id = pg.id
    left join images i on i.hash = c.image_hash
    ${figuresJoin(s.scoped ? scope : null)}`;
}

function shapeOf(f: ChallengeListFilter, sort: ChallengeSort, order: 'asc' | 'desc', limit: number): PageShape {
  return {
    sort,
    order,
    pageSize: limit,
    status: f.status ?? null,
    search: Boolean(f.search),
    scoped: f.scope !== null,
  };
}

/** The list statement with its values bound (exported for the query-plan test). */
export function challengePageSql(
  f: ChallengeListFilter,
  sort: ChallengeSort,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): SQL {
  const pattern = f.search ? containsPattern(f.search) : undefined;
  const scope = f.scope === null ? null : intArray(f.scope);
  return pageSql(shapeOf(f, sort, order, limit), { today: f.today, pattern, scope, offset }, scope);
}

type PageRow = ChallengeRow & { total: number };
const col = <T>(name: keyof PageRow) => sql<T>`${sql.raw(`p.${name}`)}`;

/** The page sorted outside by its sort key and id (the ids' order is lost in the joins). */
const runPage = preparedStatement('challenges.page', (db: DbOrTx, s: PageShape, p: Placeholders<PageValues>) => {
  const dir = direction(s.order);
  return db
    .select({
      id: col<number>('id'),
      name: col<string>('name'),
      start_at: col<string>('start_at'),
      end_at: col<string>('end_at'),
      created_at: col<string>('created_at'),
      image_hash: col<string | null>('image_hash'),
      image_width: col<number | null>('image_width'),
      image_height: col<number | null>('image_height'),
      products_count: col<number>('products_count'),
      reps_count: col<number>('reps_count'),
      units: col<number>('units'),
      money_paid: col<string>('money_paid'),
      total: col<number>('total'),
    })
    .from(sql`(${pageSql(s, p, sql`${p.scope}::int[]`)}) p`)
    .orderBy(sql`p.sk ${dir}`, sql`p.id ${dir}`);
});

/** One page of the table and the number of matches, in one statement. */
export async function challengePage(
  db: DbOrTx,
  f: ChallengeListFilter,
  sort: ChallengeSort,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<{ rows: ChallengeRow[]; total: number }> {
  const values: PageValues = {
    today: f.today,
    pattern: f.search ? containsPattern(f.search) : undefined,
    scope: f.scope ?? undefined,
    offset,
  };
  const rows = await runPage(db, shapeOf(f, sort, order, limit), values);
  const first = rows[0];
  if (first) return { rows: rows.map(({ total: _, ...r }) => r), total: first.total };
  if (offset === 0) return { rows: [], total: 0 };
  // A page past the end has no row to carry the total.
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from challenges c where ${pageWhere(shapeOf(f, sort, order, limit), values)}`,
  );
  return { rows: [], total: count?.n ?? 0 };
}

/** A live challenge with its figures (within scope), or undefined. */
export async function findChallenge(db: DbOrTx, id: number, scope: number[] | null) {
  const [row] = await queryRows<ChallengeDetailsRow>(
    db,
    sql`select ${rowColumns()}, c.intro, ${isoSql(sql`c.updated_at`)} as updated_at,
        exists (select 1 from sales s where s.challenge_id = c.id and s.reverted_at is null) as has_sales
      from challenges c
      left join images i on i.hash = c.image_hash
      ${figuresJoin(scope === null ? null : intArray(scope))}
      where c.id = ${id} and c.deleted_at is null`,
  );
  return row;
}

/**
 * The products of a challenge in the form's order: the chosen article when it is still live, else
 * the product's newest live one (`newestArticleIdOf`, from the products module); units and money from
 * the sales not reverted of the reps within scope.
 */
export async function challengeProducts(db: DbOrTx, challengeId: number, scope: number[] | null) {
  return queryRows<ChallengeProductRow>(
    db,
    sql`select p.id, p.name, p.description, p.code,
        i.hash as image_hash, i.width as image_width, i.height as image_height,
        coalesce((select a.id from articles a where a.id = cp.article_id and ${liveArticle}),
          ${newestArticleIdOf(sql`p.id`)}) as article_id,
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
