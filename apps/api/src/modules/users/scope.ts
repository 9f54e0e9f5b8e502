import type { Role } from '@incentive/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userWarehouses } from '../../db/schema.ts';

/**
 * Who may manage whom (send links, edit, delete), per SPEC.md section 6:
 * - root manages everyone; admin everyone but root;
 * - provider admin: provider admins, warehouse admins, regional managers and reps;
 * - regional manager and wholesaler: reps (and, for a regional manager, warehouse admins)
 *   that share one of their warehouses;
 * - a seller manages nobody.
 */
export async function canManageUser(
  db: DbOrTx,
  actor: { id: number; role: Role },
  target: { id: number; role: Role },
): Promise<boolean> {
  switch (actor.role) {
    case 'root':
      return true;
    case 'admin':
      return target.role !== 'root';
    case 'provider_admin':
      return ['provider_admin', 'wholesaler', 'seller_reg', 'seller'].includes(target.role);
    case 'seller_reg':
    case 'wholesaler': {
      const manageable: Role[] = actor.role === 'seller_reg' ? ['seller', 'wholesaler'] : ['seller'];
      if (!manageable.includes(target.role)) return false;
      return sharesWarehouse(db, actor.id, target.id);
    }
    default:
      return false;
  }
}

async function sharesWarehouse(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const mine = db.select({ id: userWarehouses.warehouseId }).from(userWarehouses).where(eq(userWarehouses.userId, a));
  const rows = await db
    .select({ id: userWarehouses.warehouseId })
    .from(userWarehouses)
    .where(and(eq(userWarehouses.userId, b), inArray(userWarehouses.warehouseId, mine)))
    .limit(1);
  return rows.length > 0;
}
