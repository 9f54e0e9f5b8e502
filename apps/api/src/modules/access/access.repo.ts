import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, userWarehouses, warehouses } from '../../db/schema.ts';

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

/** The (not deleted) warehouses a user belongs to, lowest id first. */
export async function warehouseIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userWarehouses.warehouseId })
    .from(userWarehouses)
    .innerJoin(warehouses, eq(warehouses.id, userWarehouses.warehouseId))
    .where(and(eq(userWarehouses.userId, userId), isNull(warehouses.deletedAt)))
    .orderBy(asc(userWarehouses.warehouseId));
  return rows.map((r) => r.id);
}

/** Do the two users share a (not deleted) warehouse? */
export async function sharesWarehouse(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const mine = db.select({ id: userWarehouses.warehouseId }).from(userWarehouses).where(eq(userWarehouses.userId, a));
  const rows = await db
    .select({ id: userWarehouses.warehouseId })
    .from(userWarehouses)
    .innerJoin(warehouses, eq(warehouses.id, userWarehouses.warehouseId))
    .where(and(eq(userWarehouses.userId, b), inArray(userWarehouses.warehouseId, mine), isNull(warehouses.deletedAt)))
    .limit(1);
  return rows.length > 0;
}
