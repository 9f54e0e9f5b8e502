import { and, asc, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { logins, users, userWarehouses, warehouses } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findActiveUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
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

export async function warehousesOfUser(db: DbOrTx, userId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(userWarehouses)
    .innerJoin(warehouses, eq(warehouses.id, userWarehouses.warehouseId))
    .where(and(eq(userWarehouses.userId, userId), isNull(warehouses.deletedAt)))
    .orderBy(asc(warehouses.id));
}

/** Logins in the last 14 days: the spec calls it login_counter_weekly. */
export async function recentLoginCount(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(logins)
    .where(and(eq(logins.userId, userId), gte(logins.createdAt, since)));
  return row?.n ?? 0;
}
