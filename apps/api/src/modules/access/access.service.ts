import { type Role, SCOPED_ROLES } from '@incentive/contracts';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './access.repo.ts';

/*
 * The lookups and scope rules every feature starts from: who the actor is, which users and
 * warehouses it may reach. Features above call this module's service; it calls no feature.
 */

export type UserRow = repo.UserRow;

/** The signed-in user as the rules see it. */
export interface Actor {
  id: number;
  role: Role;
  /**
   * A scoped actor's warehouses as read with its session (and cached with it, plugins/auth.ts):
   * what readScopeOf answers for reads. Writes read the scope afresh (warehouseScopeOf).
   */
  warehouseIds?: number[] | null;
}

/*
 * Who may do what with whom, per SPEC.md section 6, enforced on the server whatever a request says:
 * - root and admin: everyone and everything (admin manages everyone but root);
 * - provider admin: provider admins, warehouse admins (wholesaler), regional managers and reps, in every warehouse;
 * - regional manager (seller_reg): only its warehouses, and the reps and warehouse admins in them;
 * - wholesaler (warehouse admin): only its warehouses (read only), and the reps in them;
 * - seller: only itself, read only.
 * "Scoped" roles see a user only when they share a (not deleted) warehouse with it.
 */

/** Roles whose users each role may list (GET /api/users?role=…). */
const LISTS: Record<Role, readonly Role[]> = {
  root: ['admin', 'provider_admin', 'wholesaler', 'seller_reg', 'seller'],
  admin: ['admin', 'provider_admin', 'wholesaler', 'seller_reg', 'seller'],
  provider_admin: ['provider_admin', 'wholesaler', 'seller_reg', 'seller'],
  seller_reg: ['wholesaler', 'seller'],
  wholesaler: ['wholesaler', 'seller'],
  seller: [],
};

/** Roles of users each role may create, edit and delete (and send activation links to). */
const MANAGES: Record<Role, readonly Role[]> = {
  root: ['root', 'admin', 'provider_admin', 'wholesaler', 'seller_reg', 'seller'],
  admin: ['admin', 'provider_admin', 'wholesaler', 'seller_reg', 'seller'],
  provider_admin: ['provider_admin', 'wholesaler', 'seller_reg', 'seller'],
  seller_reg: ['wholesaler', 'seller'],
  wholesaler: ['seller'],
  seller: [],
};

/** Roles limited to their own warehouses (SCOPED_ROLES in contracts). */
export const isScoped = (role: Role): boolean => (SCOPED_ROLES as readonly Role[]).includes(role);

export const mayList = (actor: Actor, role: Role): boolean => LISTS[actor.role].includes(role);
export const mayManageRole = (actor: Actor, role: Role): boolean => MANAGES[actor.role].includes(role);
/** Root and admin see full card numbers; everyone else the last 4 digits. */
export const seesFullCards = (actor: Actor): boolean => actor.role === 'root' || actor.role === 'admin';

/** The active (not deactivated) user with this id or e-mail (case-insensitive), if any. */
export const findActiveUserById = repo.findActiveUserById;
export const findActiveUserByEmail = repo.findActiveUserByEmail;

/** The warehouses an actor is limited to, or null when it sees all of them (read now, for writes). */
export async function warehouseScopeOf(db: DbOrTx, actor: Actor): Promise<number[] | null> {
  return isScoped(actor.role) ? repo.warehouseIdsOf(db, actor.id) : null;
}

/**
 * The same for reads: the scope that came with the session when it has one, which saves a query
 * per list request. It is as fresh as the session itself (see plugins/session-cache.ts).
 */
export async function readScopeOf(db: DbOrTx, actor: Actor): Promise<number[] | null> {
  if (!isScoped(actor.role)) return null;
  return actor.warehouseIds ?? repo.warehouseIdsOf(db, actor.id);
}

/** May the actor see this user at all (details, logins, cards)? */
export async function canReadUser(db: DbOrTx, actor: Actor, target: { id: number; role: Role }): Promise<boolean> {
  if (actor.id === target.id) return true;
  if (actor.role === 'root' || actor.role === 'admin') return true;
  if (!mayList(actor, target.role)) return false;
  return isScoped(actor.role) ? repo.sharesWarehouse(db, actor.id, target.id) : true;
}

/** May the actor edit, delete or send a set-password link to this user? */
export async function canManageUser(db: DbOrTx, actor: Actor, target: { id: number; role: Role }): Promise<boolean> {
  if (!mayManageRole(actor, target.role)) return false;
  if (actor.role === 'admin' && target.role === 'root') return false;
  return isScoped(actor.role) ? repo.sharesWarehouse(db, actor.id, target.id) : true;
}
