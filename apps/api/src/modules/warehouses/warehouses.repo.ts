import type { WarehouseListQuery } from '@incentive/contracts';
import { and, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, userWarehouses, wallets, warehouseSearchText, warehouses } from '../../db/schema.ts';
import { containsPattern, direction } from '../../lib/paging.ts';
import { literalLimit, type Placeholders, preparedStatement } from '../../lib/prepared.ts';
import { plnSql } from '../../lib/sql-json.ts';
import { lockMemberWallets, moneySql } from '../wallet/wallet.shared.repo.ts';

export type WarehouseRow = typeof warehouses.$inferSelect;

export interface WarehouseStats {
  adminsCount: number;
  usersCount: number;
  activesCount: number;
  /** Grosze earned in total by the warehouse's reps. */
  amount: bigint;
  adminsIds: number[];
}

export const ZERO_STATS: WarehouseStats = { adminsCount: 0, usersCount: 0, activesCount: 0, amount: 0n, adminsIds: [] };

export interface WarehouseFilter {
  /** Only these warehouses (a scoped actor's); null for all. */
  scope: number[] | null;
  search?: string;
}

function whereOf(f: WarehouseFilter): SQL | undefined {
  return and(
    isNull(warehouses.deletedAt),
    f.scope ? inArray(warehouses.id, f.scope) : undefined,
    f.search ? sql`${warehouseSearchText(warehouses)} like ${containsPattern(f.search)}` : undefined,
  );
}

/**
 * Per-warehouse figures over active users: warehouse admins (wholesalers), reps (sellers), reps
 * who ever signed in, and what the reps earned in total (from their wallets).
 */
function statsQuery(db: DbOrTx, warehouseIds: number[] | null) {
  return db
    .select({
      warehouseId: userWarehouses.warehouseId,
      adminsCount: sql<number>`(count(*) filter (where ${users.role} = 'wholesaler'))::int`.as('admins_count'),
      usersCount: sql<number>`(count(*) filter (where ${users.role} = 'seller'))::int`.as('users_count'),
      activesCount:
        sql<number>`(count(*) filter (where ${users.role} = 'seller' and ${users.lastLoginAt} is not null))::int`.as(
          'actives_count',
        ),
      amount:
        sql<string>`(coalesce(sum(${moneySql.totalAmount}) filter (where ${users.role} = 'seller'), 0))::bigint`.as(
          'amount',
        ),
      adminsIds: sql<
        number[]
      >`coalesce(array_agg(${users.id} order by ${users.id}) filter (where ${users.role} = 'wholesaler'), '{}')`.as(
        'admins_ids',
      ),
    })
    .from(userWarehouses)
    .innerJoin(users, and(eq(users.id, userWarehouses.userId), isNull(users.deletedAt)))
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(warehouseIds ? inArray(userWarehouses.warehouseId, warehouseIds) : undefined)
    .groupBy(userWarehouses.warehouseId);
}

type StatsRow = { adminsCount: number; usersCount: number; activesCount: number; amount: unknown; adminsIds: unknown };

function toStats(r: StatsRow | null | undefined): WarehouseStats {
  if (!r) return ZERO_STATS;
  return {
    adminsCount: Number(r.adminsCount ?? 0),
    usersCount: Number(r.usersCount ?? 0),
    activesCount: Number(r.activesCount ?? 0),
    amount: BigInt(String(r.amount ?? 0)),
    adminsIds: Array.isArray(r.adminsIds) ? r.adminsIds.map(Number) : [],
  };
}

export async function statsOf(db: DbOrTx, ids: number[]): Promise<Map<number, WarehouseStats>> {
  const out = new Map<number, WarehouseStats>();
  if (ids.length === 0) return out;
  for (const r of await statsQuery(db, ids)) out.set(r.warehouseId, toStats(r));
  return out;
}

const STAT_SORTS = ['admins_count', 'users_count', 'actives_count', 'amount'] as const;
type StatSort = (typeof STAT_SORTS)[number];
const isStatSort = (s: string): s is StatSort => (STAT_SORTS as readonly string[]).includes(s);

/** One page of warehouses in the list order (ties by id); figures come separately, see statsOf. */
export async function listPage(
  db: DbOrTx,
  f: WarehouseFilter,
  q: Pick<WarehouseListQuery, 'sort' | 'order'>,
  limit: number,
  offset: number,
): Promise<WarehouseRow[]> {
  const dir = direction(q.order);
  const where = whereOf(f);
  const sort = q.sort;
  if (isStatSort(sort)) {
    // Sorting by a figure needs it for every warehouse in the filter: one grouped pass.
    const s = statsQuery(db, f.scope).as('s');
    const key = {
      admins_count: sql`coalesce(${s.adminsCount}, 0)`,
      users_count: sql`coalesce(${s.usersCount}, 0)`,
      actives_count: sql`coalesce(${s.activesCount}, 0)`,
      amount: sql`coalesce(${s.amount}, 0)`,
    }[sort];
    const rows = await db
      .select({ w: warehouses })
      .from(warehouses)
      .leftJoin(s, eq(s.warehouseId, warehouses.id))
      .where(where)
      .orderBy(sql`${key} ${dir}`, sql`${warehouses.id} ${dir}`)
      .limit(limit)
      .offset(offset);
    return rows.map((r) => r.w);
  }
  // Names and addresses in the Polish alphabet (their stored keys, docs/decisions/017).
  const key = {
    id: sql`${warehouses.id}`,
    asseco_id: sql`${warehouses.assecoId}`,
    name: sql`${warehouses.nameKey}`,
    address: sql`${warehouses.addressKey}`,
  }[sort];
  return db
    .select()
    .from(warehouses)
    .where(where)
    .orderBy(sql`${key} ${dir}`, sql`${warehouses.id} ${dir}`)
    .limit(limit)
    .offset(offset);
}

type PageShape = {
  sort: 'id' | 'asseco_id' | 'name' | 'address';
  order: 'asc' | 'desc';
  pageSize: number;
  scoped: boolean;
  search: boolean;
};
type PageValues = { scope: number[] | undefined; pattern: string | undefined; offset: number };

/** A column of the page's warehouse, qualified: Drizzle writes a one-table query's columns unqualified. */
const wh = (column: string) => sql.raw(`"warehouses"."${column}"`);

/**
 * One warehouse of the page as the JSON of the contracts' Warehouse, with its figures read from
 * its memberships alone: an index-only scan of user_warehouses_warehouse_member_idx, whose rows
 * carry their user's role, active flag and first sign-in (kept by triggers, decision 036) and what
 * the user earned (decision 042). In the target list of a LIMITed query, PostgreSQL computes it for
 * the page's rows only. The fields and formats are those of the service's toWarehouse, which reads
 * users and wallets themselves (the tests compare the two, and the copies with their sources).
 */
const warehouseJson = sql`(select json_build_object(
  'id', ${wh('id')}, 'asseco_id', ${wh('asseco_id')}, 'name', ${wh('name')}, 'address', ${wh('address')},
  'nip', ${wh('nip')}, 'email', ${wh('email')},
  'admins_count', count(*) filter (where uw.member_role = 'wholesaler'),
  'users_count', count(*) filter (where uw.member_role = 'seller'),
  'actives_count', count(*) filter (where uw.member_role = 'seller' and uw.member_signed_in),
  'amount', ${plnSql(sql`coalesce(sum(uw.member_earned) filter (where uw.member_role = 'seller'), 0)`)},
  'admins_ids', coalesce(json_agg(uw.user_id order by uw.user_id) filter (where uw.member_role = 'wholesaler'), '[]'::json)
) from ${userWarehouses} uw where uw.warehouse_id = ${wh('id')} and uw.member_active)`;

function pageWhere(s: PageShape, p: Placeholders<PageValues>): SQL | undefined {
  return and(
    isNull(warehouses.deletedAt),
    s.scoped ? sql`${warehouses.id} = any(${p.scope}::int[])` : undefined,
    s.search ? sql`${warehouseSearchText(warehouses)} like ${p.pattern}` : undefined,
  );
}

/**
 * A page in an order by the warehouse's own columns as one JSON array and the list's total: one
 * prepared statement, an aggregate (so a page past the end is an empty array that still carries
 * the total). The page's ids are found first, then each row's JSON is built for them only: in the
 * LIMITed query itself the rows skipped by OFFSET would be projected too, figures included, and
 * the generic plan, costed for an unknown offset, would lose to a plan made on every call.
 */
const runPage = preparedStatement('warehouses.page', (db: DbOrTx, s: PageShape, p: Placeholders<PageValues>) => {
  const dir = direction(s.order);
  const key = {
    id: sql`${warehouses.id}`,
    asseco_id: sql`${warehouses.assecoId}`,
    name: sql`${warehouses.nameKey}`,
    address: sql`${warehouses.addressKey}`,
  }[s.sort];
  const page = db
    .select({ sk: sql`${key}`.as('sk'), id: sql<number>`${warehouses.id}`.as('wid') })
    .from(warehouses)
    .where(pageWhere(s, p))
    .orderBy(sql`${key} ${dir}`, sql`${warehouses.id} ${dir}`)
    .limit(literalLimit(s.pageSize))
    .offset(p.offset)
    .as('p');
  return db
    .select({
      // Uncorrelated: one pass for the whole statement (the inner FROM is its own).
      total: sql<number>`(select count(*)::int from ${warehouses} where ${pageWhere(s, p)})`.mapWith(Number),
      // Each row by its primary key (joined, the generic plan hashes every warehouse).
      data: sql<string>`coalesce(json_agg((select ${warehouseJson} from ${warehouses} where ${wh('id')} = ${page.id})
        order by ${page.sk} ${dir}, ${page.id} ${dir}), '[]'::json)::text`,
    })
    .from(page);
});

/**
 * A page of warehouses sorted by their own columns with their figures as JSON text, and the
 * list's total; undefined for a sort by a figure (listPage and statsOf do those).
 */
export async function pageWithStats(
  db: DbOrTx,
  f: WarehouseFilter,
  q: Pick<WarehouseListQuery, 'sort' | 'order'>,
  limit: number,
  offset: number,
): Promise<{ data: string; total: number } | undefined> {
  const sort = q.sort;
  if (isStatSort(sort)) return undefined;
  const [row] = await runPage(
    db,
    { sort, order: q.order, pageSize: limit, scoped: f.scope !== null, search: f.search !== undefined },
    {
      scope: f.scope ?? undefined,
      pattern: f.search === undefined ? undefined : containsPattern(f.search),
      offset,
    },
  );
  return { data: row?.data ?? '[]', total: row?.total ?? 0 };
}

export async function countWarehouses(db: DbOrTx, f: WarehouseFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(warehouses).where(whereOf(f));
  return Number(row?.n ?? 0);
}

export async function findActive(db: DbOrTx, id: number): Promise<WarehouseRow | undefined> {
  const [row] = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.id, id), isNull(warehouses.deletedAt)))
    .limit(1);
  return row;
}

/** Locks the active warehouse for the rest of the transaction (delete waits for assignments and vice versa). */
export async function lockActive(db: DbOrTx, id: number): Promise<WarehouseRow | undefined> {
  const [row] = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.id, id), isNull(warehouses.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

/**
 * Of the given ids, those that are active warehouses (and in `scope` when given), share-locked so
 * none can be deleted before the transaction that assigns users to them ends.
 */
export async function lockAssignable(db: DbOrTx, ids: number[], scope: number[] | null): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(
      and(inArray(warehouses.id, ids), isNull(warehouses.deletedAt), scope ? inArray(warehouses.id, scope) : undefined),
    )
    .for('share');
  return rows.map((r) => r.id);
}

export async function assecoIdTaken(db: DbOrTx, assecoId: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(
      and(
        sql`lower(${warehouses.assecoId}) = ${assecoId.toLowerCase()}`,
        isNull(warehouses.deletedAt),
        exceptId ? sql`${warehouses.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export interface WarehouseFields {
  assecoId: string;
  name: string;
  address: string;
  nip: string | null;
  email: string | null;
}

export async function insertWarehouse(db: DbOrTx, f: WarehouseFields): Promise<number> {
  const [row] = await db.insert(warehouses).values(f).returning({ id: warehouses.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateWarehouse(db: DbOrTx, id: number, f: WarehouseFields) {
  await db
    .update(warehouses)
    .set({ ...f, updatedAt: new Date() })
    .where(eq(warehouses.id, id));
}

export async function markDeleted(db: DbOrTx, id: number) {
  await db.update(warehouses).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(warehouses.id, id));
}

/**
 * Of the given ids, the active warehouse admins (wholesalers); with `scope`, only those already in
 * one of those warehouses.
 */
export async function eligibleAdmins(db: DbOrTx, ids: number[], scope: number[] | null): Promise<number[]> {
  if (ids.length === 0) return [];
  const inScope = scope
    ? sql`exists (select 1 from ${userWarehouses} where ${userWarehouses.userId} = ${users.id} and ${inArray(userWarehouses.warehouseId, scope)})`
    : undefined;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'wholesaler'), isNull(users.deletedAt), inScope));
  return rows.map((r) => r.id);
}

/** Makes exactly `adminIds` the active warehouse admins of the warehouse; other users' links stay. */
export async function setAdmins(db: DbOrTx, warehouseId: number, adminIds: number[]) {
  const activeAdmins = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'wholesaler'), isNull(users.deletedAt)));
  const linked = await db
    .select({ id: userWarehouses.userId })
    .from(userWarehouses)
    .where(and(eq(userWarehouses.warehouseId, warehouseId), inArray(userWarehouses.userId, activeAdmins)));
  // Their wallets first (decision 042); none is created, as warehouse admins are never paid.
  await lockMemberWallets(db, [...linked.map((r) => r.id), ...adminIds], { create: false });
  await db
    .delete(userWarehouses)
    .where(
      and(
        eq(userWarehouses.warehouseId, warehouseId),
        inArray(userWarehouses.userId, activeAdmins),
        adminIds.length ? notInArray(userWarehouses.userId, adminIds) : undefined,
      ),
    );
  if (adminIds.length) {
    await db
      .insert(userWarehouses)
      .values(adminIds.map((userId) => ({ userId, warehouseId })))
      .onConflictDoNothing();
  }
}

/** Active sales reps assigned to the warehouse. */
export async function activeRepCount(db: DbOrTx, warehouseId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userWarehouses)
    .innerJoin(users, eq(users.id, userWarehouses.userId))
    .where(and(eq(userWarehouses.warehouseId, warehouseId), eq(users.role, 'seller'), isNull(users.deletedAt)));
  return Number(row?.n ?? 0);
}

/** Grosze still held (available or in withdrawal) by any rep ever assigned to the warehouse, deactivated ones too. */
export async function moneyHeld(db: DbOrTx, warehouseId: number): Promise<bigint> {
  const [row] = await db
    .select({ n: sql<string>`(coalesce(sum(${moneySql.available} + ${moneySql.inWithdrawal}), 0))::bigint` })
    .from(userWarehouses)
    .innerJoin(users, eq(users.id, userWarehouses.userId))
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(and(eq(userWarehouses.warehouseId, warehouseId), eq(users.role, 'seller')));
  return BigInt(String(row?.n ?? 0));
}

/**
 * Makes `ids` exactly the user's warehouses, holding the user's wallet first (decision 042). An
 * edit takes that lock earlier, before the users row, and it is then held already; it stays here
 * so that no caller can replace memberships without it.
 */
export async function replaceUserWarehouses(db: DbOrTx, userId: number, ids: number[]) {
  await lockMemberWallets(db, [userId], { create: ids.length > 0 });
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
