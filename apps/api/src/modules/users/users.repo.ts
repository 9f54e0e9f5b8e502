import { CARD_MASK_PREFIX, type Role, type UserDetails, type UserSort } from '@incentive/contracts';
import { and, count, eq, isNull, notInArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  cards,
  logins,
  passwordTokens,
  sessions,
  userRoleCounts,
  userSortKeys,
  users,
  userWarehouses,
  wallets,
  warehouses,
} from '../../db/schema.ts';
import { containsPattern, direction } from '../../lib/paging.ts';
import { runCached } from '../../lib/prepared.ts';
import { isoSql, jsonObject, plnSql } from '../../lib/sql-json.ts';
import { moneySql } from '../wallet/wallet.service.ts';

export type UserRow = typeof users.$inferSelect;

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

/** Is there an active root account? */
export async function activeRootExists(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'root'), isNull(users.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

export async function insertUser(db: DbOrTx, f: UserFields): Promise<number> {
  const [row] = await db.insert(users).values(f).returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateUser(db: DbOrTx, id: number, f: Partial<UserFields> & { emailConfirmed?: boolean }) {
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

/**
 * A LIMIT written into the SQL text rather than bound (drizzle takes SQL there at run time; its
 * types only admit numbers and placeholders). Only ever a validated page size.
 */
function literalLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > 10_000) throw new Error(`bad page size ${n}`);
  return sql.raw(String(n)) as unknown as number;
}

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

/** Users of warehouses as the ids the warehouse index finds first (a scope or one warehouse holds
 * few users; tested row by row along a sort index it would cost a probe per user). */
function memberOf(id: SQL | typeof users.id, f: UserListFilter): SQL | undefined {
  const member = (match: SQL) =>
    sql`${id} = any(array(select ${userWarehouses.userId} from ${userWarehouses} where ${match}))`;
  return and(
    f.scope
      ? member(sql`${userWarehouses.warehouseId} in (${sql.join(idList('c', f.scope).list, sql`, `)})`)
      : undefined,
    f.warehouseId !== undefined ? member(sql`${userWarehouses.warehouseId} = ${sql.placeholder('wh')}`) : undefined,
  );
}

/** The condition of a whole role's list on `users` (placeholder role). */
function wholeRoleWhere(): SQL {
  return and(eq(users.role, sql.placeholder('role')), isNull(users.deletedAt)) ?? sql`true`;
}

/** Is the list narrowed (a search, a scope, one warehouse), i.e. few enough rows to sort directly? */
const narrowed = (f: UserListFilter) => Boolean(f.search || f.scope || f.warehouseId !== undefined);

/**
 * The candidates of a narrowed list with their sort key, found once per query and read twice (the
 * page and the total): a search through the trigram index, otherwise the members of the
 * warehouses through theirs. Only that is in its WHERE: with the role there too the planner ANDs
 * the whole role's index into the bitmap. The role, deletion and (for a search) warehouses are
 * checked on its rows (candidateFilter).
 */
function candidatesCte(db: DbOrTx, f: UserListFilter, sort: UserSort) {
  return db.$with('candidates').as(
    db
      .select({
        id: sql<number>`${users.id}`.as('cid'),
        role: sql<string>`${users.role}`.as('crole'),
        deletedAt: sql`${users.deletedAt}`.as('cgone'),
        sk: sql`${candidateKey(sort)}`.as('csk'),
      })
      .from(users)
      .where(
        f.search ? sql`${users.searchText} like ${sql.placeholder('pattern')}` : (memberOf(users.id, f) ?? sql`true`),
      ),
  );
}

/** A candidate's sort key; money as a lookup per row (joined, the planner hashes every wallet). */
function candidateKey(sort: UserSort): SQL {
  const money = WALLET_SORTS[sort];
  return money
    ? sql`coalesce((select ${money} from ${wallets} where ${wallets.userId} = ${users.id}), 0)`
    : sortKey(sort);
}

const CANDIDATE = {
  id: sql.raw('"candidates"."cid"'),
  role: sql.raw('"candidates"."crole"'),
  gone: sql.raw('"candidates"."cgone"'),
  sk: sql.raw('"candidates"."csk"'),
};

/** The filter on the rows of candidatesCte. */
function candidateFilter(f: UserListFilter): SQL {
  return (
    and(
      sql`${CANDIDATE.role} = ${sql.placeholder('role')}`,
      sql`${CANDIDATE.gone} is null`,
      f.search ? memberOf(CANDIDATE.id, f) : undefined,
    ) ?? sql`true`
  );
}

/** When the current (newest) card was added. */
const cardUpdatedAtSql = () => sql`(select max(${cards.createdAt}) from ${cards} where ${cards.userId} = ${users.id})`;

/** A user's (not deleted) warehouses as a JSON array of {id, name}, lowest id first; with `scope`, only those in it. */
function warehousesSql(whScope: number[] | null): SQL {
  const inScope = whScope ? sql`and ${warehouses.id} in (${sql.join(idList('v', whScope).list, sql`, `)})` : sql``;
  return sql`(select coalesce(json_agg(json_build_object('id', ${warehouses.id}, 'name', ${warehouses.name}) order by ${warehouses.id}), '[]'::json) from ${userWarehouses} inner join ${warehouses} on ${warehouses.id} = ${userWarehouses.warehouseId} where ${userWarehouses.userId} = ${users.id} and ${warehouses.deletedAt} is null ${inScope})`;
}

/** The number of users in the list: the trigger-kept count for a whole role, else a count. */
function totalSql(f: UserListFilter): SQL {
  if (narrowed(f)) return sql`(select count(*) from "candidates" where ${candidateFilter(f)})`;
  return sql`(select coalesce((select ${userRoleCounts.n} from ${userRoleCounts} where ${userRoleCounts.role} = ${sql.placeholder('role')}), 0))`;
}

function sortKey(sort: UserSort): SQL {
  const k = userSortKeys(users);
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
      return k[sort];
  }
}

export interface UserJsonOptions {
  /** Only these warehouses are listed on the user (a scoped actor's), or null for all. */
  whScope: number[] | null;
  /** The card number in full (root and admin on a details page) or masked. */
  card: 'masked' | 'full';
  /** Add the details page's fields (phone, activated, created_at). */
  details?: boolean;
  /** Every row has this role (a list): the SQL is cut to it (no warehouse-admin ids for reps). */
  role?: Role;
}

/**
 * The user of the current `users` row (LEFT JOINed with its `wallets` row) as the JSON of the
 * contracts' UserListItem, or UserDetails with `details`: the one definition of how a user
 * looks on the wire. The money fields map onto the wallet's balances (docs/decisions/004):
 * - wallet.money: available now; wallet.in_withdrawal: requested, not yet paid;
 * - money_earned: earned and not yet paid out (available + in withdrawal);
 * - money_withdrawed = withdraw_amount: paid out to the card;
 * - total_amount: everything earned (quiz + challenge + adjustments) = money_earned + money_withdrawed;
 * - amount_from_quiz: earned from quizzes.
 */
function userJson(o: UserJsonOptions): SQL {
  const balance = (column: typeof wallets.available) => sql`coalesce(${column}, 0)`;
  const whList = warehousesSql(o.whScope);
  const cardNumber =
    o.card === 'full' ? sql`${users.cardNumber}` : sql`${CARD_MASK_PREFIX}::text || right(${users.cardNumber}, 4)`;
  return jsonObject({
    id: sql`${users.id}`,
    name: sql`${users.name}`,
    surname: sql`${users.surname}`,
    email: sql`${users.email}`,
    role: sql`${users.role}`,
    asseco_id: sql`${users.assecoId}`,
    card: sql`case when ${users.cardNumber} is null then null else ${jsonObject({
      number: cardNumber,
      updated_at: isoSql(sql`coalesce(${cardUpdatedAtSql()}, ${users.createdAt})`),
    })} end`,
    wallet: jsonObject({
      money: plnSql(balance(wallets.available)),
      in_withdrawal: plnSql(balance(wallets.inWithdrawal)),
      updated_at: isoSql(wallets.updatedAt),
    }),
    money_earned: plnSql(sql`${balance(wallets.available)} + ${balance(wallets.inWithdrawal)}`),
    money_withdrawed: plnSql(moneySql.withdrawn),
    withdraw_amount: plnSql(moneySql.withdrawn),
    total_amount: plnSql(moneySql.totalAmount),
    amount_from_quiz: plnSql(moneySql.amountFromQuiz),
    // Filled by the quizzes and challenges features.
    money_to_get: plnSql(sql`0`),
    last_login_at: isoSql(users.lastLoginAt),
    login_counter_weekly: sql`${users.recentLogins}`,
    challenges: sql`'[]'::json`,
    wholesaler_ids: wholesalerIds(o.role, whList),
    warehouses: whList,
    // The same expressions the lists sort by.
    is_active: userSortKeys(users).active,
    complete_profile: userSortKeys(users).complete_profile,
    ...(o.details
      ? {
          phone: sql`${users.phone}`,
          activated: sql`${users.activatedAt} is not null`,
          created_at: isoSql(users.createdAt),
        }
      : {}),
  });
}

/** wholesaler_ids: a warehouse admin's warehouses (the ids of `whList`), [] for everyone else. */
function wholesalerIds(role: Role | undefined, whList: SQL): SQL {
  const ids = sql`(select coalesce(json_agg(w -> 'id'), '[]'::json) from json_array_elements(${whList}) as w)`;
  if (role === undefined) return sql`case when ${users.role} = 'wholesaler' then ${ids} else '[]'::json end`;
  return role === 'wholesaler' ? ids : sql`'[]'::json`;
}

function userJsonValues(o: UserJsonOptions): Values {
  return o.whScope ? idList('v', o.whScope).values : {};
}

const userJsonKey = (o: UserJsonOptions) =>
  `${o.card}:${o.details ? 'd' : ''}:${o.whScope?.length ?? '-'}:${o.role ?? '*'}`;

/** One user as UserDetails (see userJson), deactivated or not; undefined if there is no such id. */
export async function selectUserDetails(
  db: DbOrTx,
  id: number,
  o: Omit<UserJsonOptions, 'details'>,
): Promise<UserDetails | undefined> {
  const options = { ...o, details: true };
  const [row] = await runCached(
    db,
    `users.one:${userJsonKey(options)}`,
    () =>
      db
        .select({ user: userJson(options) })
        .from(users)
        .leftJoin(wallets, eq(wallets.userId, users.id))
        .where(eq(users.id, sql.placeholder('id'))),
    { ...userJsonValues(options), id },
  );
  if (!row) return undefined;
  // node-postgres and PGlite both hand json columns over parsed.
  return (typeof row.user === 'string' ? JSON.parse(row.user) : row.user) as UserDetails;
}

const WALLET_SORTS: Partial<Record<UserSort, SQL>> = {
  total_amount: moneySql.totalAmount,
  amount_from_quiz: moneySql.amountFromQuiz,
  in_withdrawal: moneySql.inWithdrawal,
  withdraw_amount: moneySql.withdrawn,
};

/**
 * The ordered ids (pid) and sort keys (sk) of one page of `limit` rows (placeholders offset, cap).
 * The page size is written into the SQL (one statement per size): with it a parameter, the one
 * plan per statement cannot know a page is 10 rows and sorts the whole role instead.
 * - Sorts on the users row (recent logins included: users.recent_logins) walk that sort's index
 *   and stop after the page.
 * - A narrowed list (search, scope, warehouse) sorts its few candidates (candidatesCte).
 * - Money of a whole role: two index-driven parts, the users that have money in key order (the
 *   wallets' sort indexes) and those without in id order, each stopping at offset + limit rows
 *   (cap), so a first page never sorts the whole role.
 */
function pageIds(db: DbOrTx, f: UserListFilter, sort: UserSort, order: 'asc' | 'desc', pageSize: number) {
  const dir = direction(order);
  const where = wholeRoleWhere();
  const limit = literalLimit(pageSize);
  const offset = sql.placeholder('offset');
  const cap = sql.placeholder('cap');
  if (narrowed(f)) {
    return db
      .select({ pid: sql<number>`${CANDIDATE.id}`.as('pid'), sk: sql<number>`${CANDIDATE.sk}`.as('sk') })
      .from(sql`"candidates"`)
      .where(candidateFilter(f))
      .orderBy(sql`${CANDIDATE.sk} ${dir}`, sql`${CANDIDATE.id} ${dir}`)
      .limit(limit)
      .offset(offset)
      .as('p');
  }
  const money = WALLET_SORTS[sort];
  if (money) {
    const pid = sql<number>`${users.id}`.as('pid');
    const zero = db
      .select({ pid, sk: sql<number>`0::bigint`.as('sk') })
      .from(users)
      .where(
        and(where, sql`not exists (select 1 from ${wallets} where ${wallets.userId} = ${users.id} and ${money} > 0)`),
      )
      .orderBy(sql`${users.id} ${dir}`)
      .limit(cap);
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
  o: UserJsonOptions,
  pageSize: number,
) {
  const dir = direction(order);
  const page = pageIds(db, f, sort, order, pageSize);
  return (narrowed(f) ? db.with(candidatesCte(db, f, sort)) : db)
    .select({
      total: (withTotal ? totalSql(f) : sql`0`).mapWith(Number),
      data: sql<string>`coalesce(json_agg(${userJson(o)} order by ${page.sk} ${dir}, ${page.pid} ${dir}), '[]'::json)::text`,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.pid))
    .leftJoin(wallets, eq(wallets.userId, users.id));
}

/**
 * One page of a user list and the list's total, in one query: the page's ids first (pageIds),
 * then their rows, so per-row figures (recent logins, card date, warehouses) are computed for the
 * page only. `data` is the page as a JSON array of UserListItem, built by PostgreSQL: mapping and
 * serialising ten rows field by field cost Node more than the whole query costs the database
 * (docs/decisions/010-lists-as-json.md).
 */
export async function listPage(
  db: DbOrTx,
  f: UserListFilter,
  q: { sort: UserSort; order: 'asc' | 'desc'; limit: number; offset: number; withTotal: boolean },
  whScope: number[] | null,
): Promise<{ data: string; total: number }> {
  const o: UserJsonOptions = { whScope, card: 'masked', role: f.role };
  const key = `users.list:${q.sort}:${q.order}:${filterShape(f)}:${q.withTotal ? 't' : ''}:${userJsonKey(o)}:${q.limit}`;
  const [row] = await runCached(db, key, () => listQuery(db, f, q.sort, q.order, q.withTotal, o, q.limit), {
    ...filterValues(f),
    ...userJsonValues(o),
    offset: q.offset,
    cap: q.limit + q.offset,
  });
  return { data: row?.data ?? '[]', total: row?.total ?? 0 };
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
