import type { Role, UserSort } from '@incentive/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { userRoleCounts, userSortKeys, users, userWarehouses, wallets } from '../../db/schema.ts';
import { containsPattern, direction } from '../../lib/paging.ts';
import { literalLimit, type Placeholders, preparedStatement } from '../../lib/prepared.ts';
import { moneySql } from '../wallet/wallet.shared.repo.ts';
import { type UserJsonShape, type UserJsonValues, userJson } from './user-json.repo.ts';

/*
 * The user lists (docs/decisions/009-fast-lists.md, 010-lists-as-json.md): one statement per
 * shape returns a page of users as JSON and the list's total. It is composed of the parts below;
 * which parts, and so the SQL text, depend on the shape only (lib/prepared.ts).
 */

export interface UserListFilter {
  role: Role;
  /** Only users in one of these warehouses (a scoped actor's), or null for everyone. */
  scope: number[] | null;
  /** Only users of this warehouse. */
  warehouseId?: number;
  search?: string;
}

export interface UserListPage {
  sort: UserSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  withTotal: boolean;
}

type ListShape = UserJsonShape & {
  sort: UserSort;
  order: 'asc' | 'desc';
  /** Rows a page, written into the SQL (literalLimit). */
  pageSize: number;
  withTotal: boolean;
  search: boolean;
  scoped: boolean;
  warehouse: boolean;
};

type ListValues = UserJsonValues & {
  role: Role;
  /** The search as a LIKE pattern, with `search`. */
  pattern: string | undefined;
  /** The actor's warehouses, with `scoped`. */
  scope: number[] | undefined;
  /** With `warehouse`. */
  warehouseId: number | undefined;
  offset: number;
  /** offset + page size: where each part of a two-part page stops. */
  cap: number;
};

type P = Placeholders<ListValues>;

/** The shape and values of one list request. */
function listArgs(f: UserListFilter, q: UserListPage, whScope: number[] | null) {
  const shape: ListShape = {
    sort: q.sort,
    order: q.order,
    pageSize: q.limit,
    withTotal: q.withTotal,
    search: Boolean(f.search),
    scoped: f.scope !== null,
    warehouse: f.warehouseId !== undefined,
    card: 'masked',
    details: false,
    whScoped: whScope !== null,
    role: f.role,
  };
  const values: ListValues = {
    role: f.role,
    pattern: f.search ? containsPattern(f.search) : undefined,
    scope: f.scope ?? undefined,
    warehouseId: f.warehouseId,
    whScope: whScope ?? undefined,
    offset: q.offset,
    cap: q.offset + q.limit,
  };
  return { shape, values };
}

/** Is the list narrowed (a search, a scope, one warehouse), i.e. few enough rows to sort directly? */
const narrowed = (s: ListShape) => s.search || s.scoped || s.warehouse;

/** The active users of the list's role: the WHERE of the whole-role pages. */
const activeOfRole = (p: P) => and(eq(users.role, p.role), isNull(users.deletedAt));

/**
 * Users of the scope's warehouses and of the one warehouse, as the ids the warehouse index finds
 * first (a scope or one warehouse holds few users; tested row by row along a sort index it would
 * cost a probe per user).
 */
function memberOf(id: SQL.Aliased | AnyPgColumn, s: ListShape, p: P): SQL | undefined {
  const member = (match: SQL) =>
    sql`${id} = any(array(select ${userWarehouses.userId} from ${userWarehouses} where ${match}))`;
  return and(
    s.scoped ? member(sql`${userWarehouses.warehouseId} = any(${p.scope}::int[])`) : undefined,
    s.warehouse ? member(sql`${userWarehouses.warehouseId} = ${p.warehouseId}`) : undefined,
  );
}

/** The money sorts: keys from the wallet (its sort indexes are on these expressions). */
const WALLET_SORTS: Partial<Record<UserSort, SQL>> = {
  total_amount: moneySql.totalAmount,
  amount_from_quiz: moneySql.amountFromQuiz,
  in_withdrawal: moneySql.inWithdrawal,
  withdraw_amount: moneySql.withdrawn,
};

/** The sort key of `users` LEFT JOIN `wallets`. */
function sortKey(sort: UserSort): SQL {
  switch (sort) {
    case 'id':
      return sql`${users.id}`;
    case 'total_amount':
      return moneySql.totalAmount;
    case 'amount_from_quiz':
      return moneySql.amountFromQuiz;
    case 'in_withdrawal':
      return moneySql.inWithdrawal;
    case 'withdraw_amount':
      return moneySql.withdrawn;
    default:
      return userSortKeys(users)[sort];
  }
}

/** A candidate's sort key; money as a lookup per row (joined, the planner hashes every wallet). */
function candidateKey(sort: UserSort): SQL {
  const money = WALLET_SORTS[sort];
  return money
    ? sql`coalesce((select ${money} from ${wallets} where ${wallets.userId} = ${users.id}), 0)`
    : sortKey(sort);
}

/**
 * The candidates of a narrowed list with their sort key, found once and read twice (the page and
 * the total): a search through the trigram index, otherwise the members of the warehouses through
 * theirs. Only that is in its WHERE: with the role there too the planner ANDs the whole role's
 * index into the bitmap. The role, deletion and (for a search) warehouses are checked on its rows
 * (candidateFilter).
 */
function candidatesOf(db: DbOrTx, s: ListShape, p: P) {
  return db.$with('candidates').as(
    db
      .select({
        id: sql<number>`${users.id}`.as('cid'),
        role: sql<string>`${users.role}`.as('crole'),
        deletedAt: sql<Date | null>`${users.deletedAt}`.as('cgone'),
        sk: sql<unknown>`${candidateKey(s.sort)}`.as('csk'),
      })
      .from(users)
      .where(s.search ? sql`${users.searchText} like ${p.pattern}` : memberOf(users.id, s, p)),
  );
}

type Candidates = ReturnType<typeof candidatesOf>;

/** The filter on the rows of the candidates. */
function candidateFilter(c: Candidates, s: ListShape, p: P): SQL | undefined {
  return and(sql`${c.role} = ${p.role}`, sql`${c.deletedAt} is null`, s.search ? memberOf(c.id, s, p) : undefined);
}

/** The number of users in the list: the trigger-kept count of a whole role, else a count of the candidates. */
function totalOf(c: Candidates | undefined, s: ListShape, p: P): SQL {
  if (c) return sql`(select count(*) from ${c} where ${candidateFilter(c, s, p)})`;
  return sql`(select coalesce((select ${userRoleCounts.n} from ${userRoleCounts} where ${userRoleCounts.role} = ${p.role}), 0))`;
}

/*
 * The ordered ids (pid) and sort keys (sk) of one page, in one of three ways. Each stops after the
 * page: the page size is in the SQL, the offset a value.
 */

/** A narrowed list sorts its few candidates. */
function candidatesPage(db: DbOrTx, c: Candidates, s: ListShape, p: P) {
  const dir = direction(s.order);
  return db
    .select({ pid: sql<number>`${c.id}`.as('pid'), sk: sql<unknown>`${c.sk}`.as('sk') })
    .from(c)
    .where(candidateFilter(c, s, p))
    .orderBy(sql`${c.sk} ${dir}`, sql`${c.id} ${dir}`)
    .limit(literalLimit(s.pageSize))
    .offset(p.offset);
}

/**
 * Money of a whole role: two index-driven parts, the users that have money in key order (the
 * wallets' sort indexes) and those without in id order, each stopping at offset + page size
 * (cap), so a first page never sorts the whole role.
 */
function moneyPage(db: DbOrTx, money: SQL, s: ListShape, p: P) {
  const dir = direction(s.order);
  const pid = sql<number>`${users.id}`.as('pid');
  const keyed = db
    .select({ pid, sk: sql<unknown>`${money}`.as('sk') })
    .from(wallets)
    .innerJoin(users, eq(users.id, wallets.userId))
    .where(and(activeOfRole(p), sql`${money} > 0`))
    .orderBy(sql`${money} ${dir}`, sql`${users.id} ${dir}`)
    .limit(p.cap);
  const zero = db
    .select({ pid, sk: sql<unknown>`0::bigint`.as('sk') })
    .from(users)
    .where(
      and(
        activeOfRole(p),
        sql`not exists (select 1 from ${wallets} where ${wallets.userId} = ${users.id} and ${money} > 0)`,
      ),
    )
    .orderBy(sql`${users.id} ${dir}`)
    .limit(p.cap);
  const both = unionAll(keyed, zero).as('k');
  return db
    .select({ pid: both.pid, sk: both.sk })
    .from(both)
    .orderBy(sql`${both.sk} ${dir}`, sql`${both.pid} ${dir}`)
    .limit(literalLimit(s.pageSize))
    .offset(p.offset);
}

/** Any other sort of a whole role walks that sort's index (schema.ts) and stops after the page. */
function indexPage(db: DbOrTx, s: ListShape, p: P) {
  const dir = direction(s.order);
  const key = sortKey(s.sort);
  return db
    .select({ pid: sql<number>`${users.id}`.as('pid'), sk: sql<unknown>`${key}`.as('sk') })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(activeOfRole(p))
    .orderBy(sql`${key} ${dir}`, sql`${users.id} ${dir}`)
    .limit(literalLimit(s.pageSize))
    .offset(p.offset);
}

/**
 * One page of a user list and the list's total: the page's ids first, then their rows, so per-row
 * figures (card date, warehouses) are computed for the page only. `data` is the page as a JSON
 * array of UserListItem, built by PostgreSQL.
 */
function listStatement(db: DbOrTx, s: ListShape, p: P) {
  const dir = direction(s.order);
  const c = narrowed(s) ? candidatesOf(db, s, p) : undefined;
  const money = WALLET_SORTS[s.sort];
  const page = (c ? candidatesPage(db, c, s, p) : money ? moneyPage(db, money, s, p) : indexPage(db, s, p)).as('p');
  return (c ? db.with(c) : db)
    .select({
      total: (s.withTotal ? totalOf(c, s, p) : sql`0`).mapWith(Number),
      data: sql<string>`coalesce(json_agg(${userJson(s, p)} order by ${page.sk} ${dir}, ${page.pid} ${dir}), '[]'::json)::text`,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.pid))
    .leftJoin(wallets, eq(wallets.userId, users.id));
}

const runList = preparedStatement('users.list', listStatement);

/**
 * One page of a user list and the list's total, in one query. `data` is the page as JSON text:
 * mapping and serialising ten rows field by field cost Node more than the whole query costs the
 * database (docs/decisions/010-lists-as-json.md).
 */
export async function listPage(
  db: DbOrTx,
  f: UserListFilter,
  q: UserListPage,
  whScope: number[] | null,
): Promise<{ data: string; total: number }> {
  const { shape, values } = listArgs(f, q, whScope);
  const [row] = await runList(db, shape, values);
  return { data: row?.data ?? '[]', total: row?.total ?? 0 };
}
