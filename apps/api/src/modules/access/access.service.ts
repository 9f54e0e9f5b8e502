import { can, POLICY, type Role, SCOPED_ROLES } from '@incentive/contracts';
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
 * Who may do what with whom is the role policy's `scope` (packages/contracts/src/policy.ts, SPEC.md
 * section 6), enforced here on the server whatever a request says. "Scoped" roles (a regional
 * manager, a wholesaler) see a user only when they share a (not deleted) warehouse with it.
 */

export const isScoped = (role: Role): boolean => SCOPED_ROLES.includes(role);

/** May the actor see users of this role (lists with GET /api/users?role=…, details)? */
export const mayList = (actor: Actor, role: Role): boolean => POLICY[actor.role].scope.sees.includes(role);
/** May the actor create, edit, delete and send activation links to users of this role? */
export const mayManageRole = (actor: Actor, role: Role): boolean => POLICY[actor.role].scope.manages.includes(role);
/** Root and admin see full card numbers; everyone else the last 4 digits. */
export const seesFullCards = (actor: Actor): boolean => can(actor.role, 'cards.seeFullNumbers');

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
  if (!mayList(actor, target.role)) return false;
  return isScoped(actor.role) ? repo.sharesWarehouse(db, actor.id, target.id) : true;
}

/** May the actor edit, delete or send a set-password link to this user? */
export async function canManageUser(db: DbOrTx, actor: Actor, target: { id: number; role: Role }): Promise<boolean> {
  if (!mayManageRole(actor, target.role)) return false;
  return isScoped(actor.role) ? repo.sharesWarehouse(db, actor.id, target.id) : true;
}
