import type { Role, UserSort } from '@incentive/contracts';
import { and, count, eq, inArray, isNull, notInArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  cards,
  logins,
  passwordTokens,
  sessions,
  userRoleCounts,
  userSearchText,
  userSortKeys,
  users,
  userWarehouses,
  wallets,
  warehouses,
} from '../../db/schema.ts';
import { containsPattern, direction } from '../../lib/paging.ts';
import { runCached } from '../../lib/prepared.ts';
import { moneySql } from '../wallet/money-view.ts';

export type UserRow = typeof users.$inferSelect;

export async function findActiveUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** The active user, row-locked for the rest of the transaction. */
export async function lockActiveUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

export async function findActiveUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Is the e-mail used by another account, deactivated ones included (the unique index covers them all)? */
export async function emailTaken(db: DbOrTx, email: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? sql`${users.id} <> ${exceptId}` : undefined),
    )
    .limit(1);
  return rows.length > 0;
}

/** Is the asseco id used by another active user (case-insensitively)? */
export async function assecoIdTaken(db: DbOrTx, assecoId: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.assecoId}) = ${assecoId.toLowerCase()}`,
        isNull(users.deletedAt),
        exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whose current card is this number (active users other than `exceptId`)? */
export async function cardHolder(db: DbOrTx, number: string, exceptId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.cardNumber, number), isNull(users.deletedAt), sql`${users.id} <> ${exceptId}`))
    .limit(1);
  return row?.id;
}

export interface UserFields {
  email: string;
  name: string;
  surname: string | null;
  role: Role;
  assecoId: string | null;
  phone: string | null;
}

export async function insertUser(db: DbOrTx, f: UserFields): Promise<number> {
  const [row] = await db.insert(users).values(f).returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateUser(db: DbOrTx, id: number, f: Partial<UserFields>) {
  await db
    .update(users)
    .set({ ...f, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Deactivates: the row, its history and money stay; it can no longer sign in or use a link. */
export async function deactivateUser(db: DbOrTx, id: number) {
  const now = new Date();
  await db.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, id));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, id), isNull(passwordTokens.usedAt)));
}

export async function setCardNumber(db: DbOrTx, id: number, number: string) {
  await db.update(users).set({ cardNumber: number, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Warehouse links of a user (deleted warehouses included: they are history). */
export async function linkedWarehouseIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userWarehouses.warehouseId })
    .from(userWarehouses)
    .where(eq(userWarehouses.userId, userId));
  return rows.map((r) => r.id);
}

/** Makes `ids` exactly the user's warehouses. */
export async function replaceWarehouses(db: DbOrTx, userId: number, ids: number[]) {
  await db
    .delete(userWarehouses)
    .where(
      and(eq(userWarehouses.userId, userId), ids.length ? notInArray(userWarehouses.warehouseId, ids) : undefined),
    );
  if (ids.length) {
    await db
      .insert(userWarehouses)
      .values(ids.map((warehouseId) => ({ userId, warehouseId })))
      .onConflictDoNothing();
  }
}

/* ---------- lists ---------- */

/*
 * The list queries are built once per shape (sort, order, which filters, how many ids) with
 * placeholders, prepared, and then run with each request's values: building a query of this
 * size costs more than running it, and PostgreSQL plans each shape once per connection.
 */

export interface UserListFilter {
  role: Role;
  /** Only users in one of these warehouses (a scoped actor's), or null for everyone. */
  scope: number[] | null;
  /** Only users of this warehouse. */
  warehouseId?: number;
  search?: string;
}

type Values = Record<string, string | number>;

/** Placeholders p0…pn for a list of ids, with their values. */
function idList(prefix: string, ids: number[]): { list: Placeholder[]; values: Values } {
  return {
    list: ids.map((_, i) => sql.placeholder(`${prefix}${i}`)),
    values: Object.fromEntries(ids.map((id, i) => [`${prefix}${i}`, id])),
  };
}

function filterShape(f: UserListFilter): string {
  return `${f.search ? 's' : ''}${f.scope ? `c${f.scope.length}` : ''}${f.warehouseId !== undefined ? 'w' : ''}`;
}

function filterValues(f: UserListFilter): Values {
  return {
    role: f.role,
    ...(f.search ? { pattern: containsPattern(f.search) } : {}),
    ...(f.scope ? idList('c', f.scope).values : {}),
    ...(f.warehouseId !== undefined ? { wh: f.warehouseId } : {}),
  };
}

const found = alias(users, 'found');

/** The filter's condition on `users`, with placeholders (see filterValues). */
function whereOf(f: UserListFilter): SQL {
  // Members of warehouses as the ids the warehouse index finds first (a scope or one warehouse
  // holds few users; tested row by row along a sort index it would cost a probe per user).
  const member = (match: SQL) =>
    sql`${users.id} = any(array(select ${userWarehouses.userId} from ${userWarehouses} where ${match}))`;
  const where = and(
    eq(users.role, sql.placeholder('role')),
    isNull(users.deletedAt),
    f.scope
      ? member(sql`${userWarehouses.warehouseId} in (${sql.join(idList('c', f.scope).list, sql`, `)})`)
      : undefined,
    f.warehouseId !== undefined ? member(sql`${userWarehouses.warehouseId} = ${sql.placeholder('wh')}`) : undefined,
    // The search as the ids the trigram index finds first. Written inline, the planner may instead
    // walk a sort index testing every row (it guesses matches are spread evenly; names are not).
    f.search
      ? sql`${users.id} = any(array(select ${found.id} from ${users} as "found" where ${userSearchText(found)} like ${sql.placeholder('pattern')}))`
      : undefined,
  );
  return where ?? sql`true`;
}

const SINCE = sql`${sql.placeholder('since')}::timestamptz`;

/** Logins since `since` (14 days back): the spec's login_counter_weekly. */
const loginCountSql = () =>
  sql<number>`(select count(*)::int from ${logins} where ${logins.userId} = ${users.id} and ${logins.createdAt} >= ${SINCE})`;

/** When the current (newest) card was added. */
const cardUpdatedAtSql = () => sql`(select max(${cards.createdAt}) from ${cards} where ${cards.userId} = ${users.id})`;

export interface WarehouseRef {
  id: number;
  name: string;
}

/** A user's (not deleted) warehouses as a JSON array, lowest id first; with `scope`, only those in it. */
function warehousesSql(whScope: number[] | null): SQL<WarehouseRef[]> {
  const inScope = whScope ? sql`and ${warehouses.id} in (${sql.join(idList('v', whScope).list, sql`, `)})` : sql``;
  return sql`(select coalesce(json_agg(json_build_object('id', ${warehouses.id}, 'name', ${warehouses.name}) order by ${warehouses.id}), '[]'::json) from ${userWarehouses} inner join ${warehouses} on ${warehouses.id} = ${userWarehouses.warehouseId} where ${userWarehouses.userId} = ${users.id} and ${warehouses.deletedAt} is null ${inScope})`.mapWith(
    toWarehouseRefs,
  );
}

/** The JSON of warehousesSql, whether the driver parsed it already or not. */
function toWarehouseRefs(value: unknown): WarehouseRef[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.map((w: { id: unknown; name: unknown }) => ({ id: Number(w.id), name: String(w.name) }));
}

/** The number of users in the list: the trigger-kept count for a whole role, else a count. */
function totalSql(f: UserListFilter): SQL {
  if (!f.scope && f.warehouseId === undefined && !f.search) {
    return sql`(select coalesce((select ${userRoleCounts.n} from ${userRoleCounts} where ${userRoleCounts.role} = ${sql.placeholder('role')}), 0))`;
  }
  return sql`(select count(*) from ${users} where ${whereOf(f)})`;
}

export async function countUsers(db: DbOrTx, f: UserListFilter): Promise<number> {
  const [row] = await runCached(
    db,
    `users.count:${filterShape(f)}`,
    () => db.select({ n: sql`${totalSql(f)}`.mapWith(Number) }).from(sql`(select 1) as one`),
    filterValues(f),
  );
  return row?.n ?? 0;
}

function sortKey(sort: UserSort): SQL {
  const k = userSortKeys(users);
  switch (sort) {
    case 'id':
      return sql`${users.id}`;
    case 'login_counter_weekly':
      return loginCountSql();
    case 'total_amount':
      return moneySql.totalAmount;
    case 'amount_from_quiz':
      return moneySql.amountFromQuiz;
    case 'in_withdrawal':
      return moneySql.inWithdrawal;
    case 'withdraw_amount':
      return moneySql.withdrawn;
    default:
      return k[sort];
  }
}

/** What a user row of a list or a details page is made of. */
function viewFields(whScope: number[] | null) {
  return {
    user: {
      id: users.id,
      email: users.email,
      name: users.name,
      surname: users.surname,
      role: users.role,
      assecoId: users.assecoId,
      phone: users.phone,
      cardNumber: users.cardNumber,
      activatedAt: users.activatedAt,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    },
    wallet: wallets,
    loginCount: loginCountSql().mapWith(Number),
    cardUpdatedAt: cardUpdatedAtSql().mapWith(users.createdAt),
    warehouses: warehousesSql(whScope),
  };
}

function selectUsersQuery(db: DbOrTx, count: number, whScope: number[] | null) {
  return db
    .select(viewFields(whScope))
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(
      inArray(
        users.id,
        idList(
          'i',
          Array.from({ length: count }, () => 0),
        ).list,
      ),
    );
}

export type UserView = Awaited<ReturnType<typeof selectUsersQuery>>[number];

/** Users by id with their wallet, recent login count, card date and warehouses, in one query. */
export async function selectUsers(
  db: DbOrTx,
  ids: number[],
  since: Date,
  whScope: number[] | null,
): Promise<UserView[]> {
  if (ids.length === 0) return [];
  return runCached(
    db,
    `users.select:${ids.length}:${whScope?.length ?? '-'}`,
    () => selectUsersQuery(db, ids.length, whScope),
    { ...idList('i', ids).values, ...(whScope ? idList('v', whScope).values : {}), since: since.toISOString() },
  );
}

const WALLET_SORTS: Partial<Record<UserSort, SQL>> = {
  total_amount: moneySql.totalAmount,
  amount_from_quiz: moneySql.amountFromQuiz,
  in_withdrawal: moneySql.inWithdrawal,
  withdraw_amount: moneySql.withdrawn,
};

/**
 * The ordered ids (pid) and sort keys (sk) of one page (placeholders limit, offset, cap).
 * - Sorts on the users row walk that sort's index and stop after the page.
 * - Money and recent logins of a whole role (no search, warehouse or scope, which leave few rows
 *   to sort directly): two index-driven parts, the users that have a key in key order (the wallets'
 *   sort indexes; the recent logins by date) and those whose key is 0 in id order, each stopping at
 *   offset + limit rows (cap), so a first page never sorts the whole role.
 */
function pageIds(db: DbOrTx, f: UserListFilter, sort: UserSort, order: 'asc' | 'desc') {
  const dir = direction(order);
  const where = whereOf(f);
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const cap = sql.placeholder('cap');
  const wholeRole = !f.search && !f.scope && f.warehouseId === undefined;
  const money = WALLET_SORTS[sort];
  if (wholeRole && (money || sort === 'login_counter_weekly')) {
    const pid = sql<number>`${users.id}`.as('pid');
    const hasKey = money
      ? sql`exists (select 1 from ${wallets} where ${wallets.userId} = ${users.id} and ${money} > 0)`
      : sql`exists (select 1 from ${logins} where ${logins.userId} = ${users.id} and ${logins.createdAt} >= ${SINCE})`;
    const zero = db
      .select({ pid, sk: sql<number>`0::bigint`.as('sk') })
      .from(users)
      .where(and(where, sql`not ${hasKey}`))
      .orderBy(sql`${users.id} ${dir}`)
      .limit(cap);
    if (money) {
      const keyed = db
        .select({ pid, sk: sql<number>`${money}`.as('sk') })
        .from(wallets)
        .innerJoin(users, eq(users.id, wallets.userId))
        .where(and(where, sql`${money} > 0`))
        .orderBy(sql`${money} ${dir}`, sql`${users.id} ${dir}`)
        .limit(cap);
      const both = unionAll(keyed, zero).as('k');
      return db
        .select({ pid: both.pid, sk: both.sk })
        .from(both)
        .orderBy(sql`${both.sk} ${dir}`, sql`${both.pid} ${dir}`)
        .limit(limit)
        .offset(offset)
        .as('p');
    }
    // Count the recent logins first (a range of the date index), then keep the users of the list.
    const counts = db
      .select({ userId: logins.userId, n: sql<number>`count(*)`.as('n') })
      .from(logins)
      .where(sql`${logins.createdAt} >= ${SINCE}`)
      .groupBy(logins.userId)
      .as('c');
    const keyed = db
      .select({ pid, sk: sql<number>`${counts.n}`.as('sk') })
      .from(counts)
      .innerJoin(users, eq(users.id, counts.userId))
      .where(where)
      .orderBy(sql`${counts.n} ${dir}`, sql`${users.id} ${dir}`)
      .limit(cap);
    const both = unionAll(keyed, zero).as('k');
    return db
      .select({ pid: both.pid, sk: both.sk })
      .from(both)
      .orderBy(sql`${both.sk} ${dir}`, sql`${both.pid} ${dir}`)
      .limit(limit)
      .offset(offset)
      .as('p');
  }
  const key = sortKey(sort);
  return db
    .select({ pid: sql<number>`${users.id}`.as('pid'), sk: sql<number>`${key}`.as('sk') })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(where)
    .orderBy(sql`${key} ${dir}`, sql`${users.id} ${dir}`)
    .limit(limit)
    .offset(offset)
    .as('p');
}

function listQuery(
  db: DbOrTx,
  f: UserListFilter,
  sort: UserSort,
  order: 'asc' | 'desc',
  withTotal: boolean,
  whScope: number[] | null,
) {
  const dir = direction(order);
  const page = pageIds(db, f, sort, order);
  return db
    .select({ ...viewFields(whScope), total: (withTotal ? totalSql(f) : sql`0`).mapWith(Number) })
    .from(page)
    .innerJoin(users, eq(users.id, page.pid))
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .orderBy(sql`${page.sk} ${dir}`, sql`${page.pid} ${dir}`);
}

/**
 * One page of a user list and the list's total, in one query: the page's ids first (pageIds),
 * then their rows, so per-row figures (recent logins, card date, warehouses) are computed for the
 * page only. `total` is undefined when the page is empty (past the end): count separately then.
 */
export async function listPage(
  db: DbOrTx,
  f: UserListFilter,
  q: { sort: UserSort; order: 'asc' | 'desc'; limit: number; offset: number; withTotal: boolean },
  since: Date,
  whScope: number[] | null,
): Promise<{ rows: UserView[]; total: number | undefined }> {
  const key = `users.list:${q.sort}:${q.order}:${filterShape(f)}:${q.withTotal ? 't' : ''}:${whScope?.length ?? '-'}`;
  const rows = await runCached(db, key, () => listQuery(db, f, q.sort, q.order, q.withTotal, whScope), {
    ...filterValues(f),
    ...(whScope ? idList('v', whScope).values : {}),
    since: since.toISOString(),
    limit: q.limit,
    offset: q.offset,
    cap: q.limit + q.offset,
  });
  return { rows, total: rows[0]?.total };
}

/* ---------- logins ---------- */

export async function countLogins(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(logins).where(eq(logins.userId, userId));
  return Number(row?.n ?? 0);
}

export async function loginPage(
  db: DbOrTx,
  userId: number,
  sort: 'id' | 'created_at',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const dir = direction(order);
  const key = sort === 'id' ? logins.id : logins.createdAt;
  return db
    .select({ id: logins.id, createdAt: logins.createdAt })
    .from(logins)
    .where(eq(logins.userId, userId))
    .orderBy(sql`${key} ${dir}`, sql`${logins.id} ${dir}`)
    .limit(limit)
    .offset(offset);
}
