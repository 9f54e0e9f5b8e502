import type { Role, User } from '@incentive/contracts';

/** root is treated as admin everywhere. */
const roleOf = (me: Pick<User, 'role'>): Role => (me.role === 'root' ? 'admin' : me.role);
const oneOf = (me: Pick<User, 'role'>, roles: readonly Role[]) => roles.includes(roleOf(me));

/**
 * What the back-office screens show to whom (SPEC.md sections 2 and 6). The server enforces
 * scope whatever the screen shows; these only keep actions a role cannot take out of sight.
 */
export const can = {
  /** The registered (regional manager) tab: not for a regional manager, nor a wholesaler. */
  seeRegisteredTab: (me: Pick<User, 'role'>) => oneOf(me, ['admin', 'provider_admin']),
  seeRepTabs: (me: Pick<User, 'role'>) => oneOf(me, ['admin', 'provider_admin', 'seller_reg']),
  /** Add and delete warehouses: root and admin (SPEC.md section 6). */
  createWarehouse: (me: Pick<User, 'role'>) => oneOf(me, ['admin']),
  deleteWarehouse: (me: Pick<User, 'role'>) => oneOf(me, ['admin']),
  /** Edit a warehouse: admin, and a regional manager its own; never a wholesaler. */
  editWarehouse: (me: Pick<User, 'role'>) => oneOf(me, ['admin', 'seller_reg']),
  /** The edit (and delete) icons of the sales rep table: root and admin only. */
  editRepFromTable: (me: Pick<User, 'role'>) => oneOf(me, ['admin']),
  createRep: (me: Pick<User, 'role'>) => oneOf(me, ['admin', 'provider_admin', 'seller_reg', 'wholesaler']),
  createRegionalManager: (me: Pick<User, 'role'>) => oneOf(me, ['admin', 'provider_admin']),
  /** The edit button of a rep's user-info tab: anyone who manages reps. */
  editRep: (me: Pick<User, 'role'>) => oneOf(me, ['admin', 'provider_admin', 'seller_reg', 'wholesaler']),
  deleteRep: (me: Pick<User, 'role'>) => oneOf(me, ['admin']),
  /** Manual credits and debits, and the rep's full ledger: root and admin (the server agrees). */
  adjustBalance: (me: Pick<User, 'role'>) => oneOf(me, ['admin']),
  /** Add a warehouse admin on the admins tab (hidden for a wholesaler). */
  createAdmin: (me: Pick<User, 'role'>) => oneOf(me, ['admin', 'provider_admin', 'seller_reg']),
  /** Create plain admins (neither box ticked). */
  createPlainAdmin: (me: Pick<User, 'role'>) => oneOf(me, ['admin']),
  createProviderAdmin: (me: Pick<User, 'role'>) => oneOf(me, ['admin', 'provider_admin']),
  /** The admin table's edit and delete icons: provider admin, admin and regional manager. */
  editAdmin: (me: Pick<User, 'role'>) => oneOf(me, ['admin', 'provider_admin', 'seller_reg']),
  /** The add-card button: root, admin, provider admin. */
  addCard: (me: Pick<User, 'role'>) => oneOf(me, ['admin', 'provider_admin']),
};

/** Where a form's close button (and a failed details load) leads: a wholesaler's warehouse, else the dashboard. */
export function backOfficeHome(me: Pick<User, 'role' | 'wholesaler_ids'>): string {
  if (me.role === 'wholesaler' && me.wholesaler_ids[0] !== undefined)
    return `/warehouse/details/${me.wholesaler_ids[0]}`;
  return '/dashboard';
}

/** A route's numeric id, or null when it is not a positive integer. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}
