import { type SQL, sql } from 'drizzle-orm';
import { userWarehouses } from '../../db/schema.ts';

/*
 * The figures of the back office (list, details, ranking) count the reps the caller may see: every
 * one for admins (scope null), else those sharing one of the caller's warehouses (access.service's
 * readScopeOf gives them, not deleted).
 */

/** An int[] bound as one parameter (a plain array in drizzle's sql`` would be spread into a list). */
export const intArray = (ids: number[]): SQL => sql`${sql.param(ids)}::int[]`;

/** True when the user `userId` (an SQL column) is a member of one of the warehouses `ids`. */
export function memberOfAny(userId: SQL | unknown, ids: number[]): SQL {
  return sql`exists (select 1 from ${userWarehouses} uw where uw.user_id = ${userId} and uw.warehouse_id = any(${intArray(ids)}))`;
}

/** `and <user within scope>`, or nothing for an unscoped caller. */
export function inScope(userId: SQL | unknown, scope: number[] | null): SQL {
  return scope === null ? sql`` : sql` and ${memberOfAny(userId, scope)}`;
}
