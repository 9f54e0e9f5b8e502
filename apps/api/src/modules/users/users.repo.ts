import type { Role, UserSort } from '@incentive/contracts';
import { and, asc, count, eq, gte, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
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

export interface UserListFilter {
  role: Role;
  /** Only users in one of these warehouses (a scoped actor's), or null for everyone. */
  scope: number[] | null;
  /** Only users of this warehouse. */
  warehouseId?: number;
  search?: string;
}

function inWarehouses(ids: number[] | number): SQL {
  const match = Array.isArray(ids) ? inArray(userWarehouses.warehouseId, ids) : eq(userWarehouses.warehouseId, ids);
  return sql`exists (select 1 from ${userWarehouses} where ${userWarehouses.userId} = ${users.id} and ${match})`;
}

function whereOf(f: UserListFilter): SQL {
  const where = and(
    eq(users.role, f.role),
    isNull(users.deletedAt),
    f.scope ? inWarehouses(f.scope) : undefined,
    f.warehouseId !== undefined ? inWarehouses(f.warehouseId) : undefined,
    f.search ? sql`${userSearchText(users)} like ${containsPattern(f.search)}` : undefined,
  );
  return where ?? sql`true`;
}

/** Logins since `since` (14 days back): the spec's login_counter_weekly. */
function loginCountSql(since: Date): SQL<number> {
  return sql<number>`(select count(*)::int from ${logins} where ${logins.userId} = ${users.id} and ${logins.createdAt} >= ${since.toISOString()}::timestamptz)`;
}

/** When the current (newest) card was added. */
const cardUpdatedAtSql = () => sql`(select max(${cards.createdAt}) from ${cards} where ${cards.userId} = ${users.id})`;

function sortKey(sort: UserSort, since: Date): SQL {
  const k = userSortKeys(users);
  switch (sort) {
    case 'id':
      return sql`${users.id}`;
    case 'login_counter_weekly':
      return loginCountSql(since);
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

export async function countUsers(db: DbOrTx, f: UserListFilter): Promise<number> {
  if (!f.scope && f.warehouseId === undefined && !f.search) {
    // A whole role: the trigger-kept count, not a pass over thousands of rows.
    const [row] = await db.select({ n: userRoleCounts.n }).from(userRoleCounts).where(eq(userRoleCounts.role, f.role));
    return Number(row?.n ?? 0);
  }
  const [row] = await db.select({ n: count() }).from(users).where(whereOf(f));
  return Number(row?.n ?? 0);
}

/** What a user row of a list or a details page is made of (warehouses come separately). */
function viewFields(since: Date) {
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
    loginCount: loginCountSql(since).mapWith(Number),
    cardUpdatedAt: cardUpdatedAtSql().mapWith(users.createdAt),
  };
}

/** Users by id with their wallet, recent login count and card date, in one query. */
function selectUsersQuery(db: DbOrTx, ids: number[], since: Date) {
  return db
    .select(viewFields(since))
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(inArray(users.id, ids));
}

export type UserView = Awaited<ReturnType<typeof selectUsersQuery>>[number];

export async function selectUsers(db: DbOrTx, ids: number[], since: Date): Promise<UserView[]> {
  return ids.length === 0 ? [] : selectUsersQuery(db, ids, since);
}

const WALLET_SORTS: Partial<Record<UserSort, SQL>> = {
  total_amount: moneySql.totalAmount,
  amount_from_quiz: moneySql.amountFromQuiz,
  in_withdrawal: moneySql.inWithdrawal,
  withdraw_amount: moneySql.withdrawn,
};

/**
 * The page's ids for sorts whose key lives outside the users row and is 0 when missing (money,
 * recent logins). Two index-driven parts: the users that have a key, in key order (the wallets'
 * sort indexes; the recent logins by date), and those with 0, in id order; each part stops at
 * offset + limit rows, so a first page never sorts the whole role.
 */
function outsideKeyPageSql(
  f: UserListFilter,
  sort: UserSort,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
  since: Date,
): SQL | undefined {
  const dir = direction(order);
  const cap = limit + offset;
  const where = whereOf(f);
  let keyed: SQL;
  let zero: SQL;
  const money = WALLET_SORTS[sort];
  if (money) {
    keyed = sql`select ${users.id} as pid, ${money} as sk from ${wallets} inner join ${users} on ${users.id} = ${wallets.userId} where ${where} and ${money} > 0 order by ${money} ${dir}, ${users.id} ${dir} limit ${cap}`;
    zero = sql`select ${users.id} as pid, 0::bigint as sk from ${users} where ${where} and not exists (select 1 from ${wallets} where ${wallets.userId} = ${users.id} and ${money} > 0) order by ${users.id} ${dir} limit ${cap}`;
  } else if (sort === 'login_counter_weekly') {
    const recent = sql`${logins.createdAt} >= ${since.toISOString()}::timestamptz`;
    // Count the recent logins first (a range of the date index), then keep the users of the list.
    const counts = sql`select ${logins.userId} as user_id, count(*) as n from ${logins} where ${recent} group by ${logins.userId}`;
    keyed = sql`select c.user_id as pid, c.n as sk from (${counts}) as c inner join ${users} on ${users.id} = c.user_id where ${where} order by c.n ${dir}, c.user_id ${dir} limit ${cap}`;
    zero = sql`select ${users.id} as pid, 0::bigint as sk from ${users} where ${where} and not exists (select 1 from ${logins} where ${logins.userId} = ${users.id} and ${recent}) order by ${users.id} ${dir} limit ${cap}`;
  } else {
    return undefined;
  }
  return sql`select k.pid from ((${keyed}) union all (${zero})) as k order by k.sk ${dir}, k.pid ${dir} limit ${limit} offset ${offset}`;
}

/**
 * One page of a user list. For the columns of users, one query: the inner part finds the page's
 * ids by walking a sort index, the outer one reads those rows, so per-row figures are computed
 * for the page only. For money and login counts, the ids come first (see outsideKeyPageSql).
 */
export async function listPage(
  db: DbOrTx,
  f: UserListFilter,
  sort: UserSort,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
  since: Date,
): Promise<UserView[]> {
  const split = outsideKeyPageSql(f, sort, order, limit, offset, since);
  if (split) {
    const result = (await db.execute(split)) as unknown as { rows: { pid: number | string }[] };
    const ids = result.rows.map((r) => Number(r.pid));
    const views = new Map((await selectUsers(db, ids, since)).map((v) => [v.user.id, v]));
    return ids.flatMap((id) => views.get(id) ?? []);
  }
  const dir = direction(order);
  const key = sortKey(sort, since);
  const page = db
    .select({ pid: sql<number>`${users.id}`.as('pid'), sk: sql`${key}`.as('sk') })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(whereOf(f))
    .orderBy(sql`${key} ${dir}`, sql`${users.id} ${dir}`)
    .limit(limit)
    .offset(offset)
    .as('p');
  return db
    .select(viewFields(since))
    .from(page)
    .innerJoin(users, eq(users.id, page.pid))
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .orderBy(sql`${page.sk} ${dir}`, sql`${page.pid} ${dir}`);
}

/** The (not deleted) warehouses of many users at once; with `scope`, only those in it. */
export async function warehousesOfUsers(
  db: DbOrTx,
  userIds: number[],
  scope: number[] | null,
): Promise<Map<number, { id: number; name: string }[]>> {
  const out = new Map<number, { id: number; name: string }[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: userWarehouses.userId, id: warehouses.id, name: warehouses.name })
    .from(userWarehouses)
    .innerJoin(warehouses, eq(warehouses.id, userWarehouses.warehouseId))
    .where(
      and(
        inArray(userWarehouses.userId, userIds),
        isNull(warehouses.deletedAt),
        scope ? inArray(warehouses.id, scope) : undefined,
      ),
    )
    .orderBy(asc(warehouses.id));
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), { id: r.id, name: r.name }]);
  return out;
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

/** Logins since `since` (the spec's login_counter_weekly covers 14 days). */
export async function recentLoginCount(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(logins)
    .where(and(eq(logins.userId, userId), gte(logins.createdAt, since)));
  return row?.n ?? 0;
}
