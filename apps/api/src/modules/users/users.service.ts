import type { Role, User } from '@incentive/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { moneyViewsOf, toMoneyView, ZERO_BALANCES } from '../wallet/money-view.ts';
import { findActiveUserById, recentLoginCount, warehousesOfUser } from './users.repo.ts';

export const LOGIN_COUNTER_DAYS = 14;

/** The User entity of SPEC.md section 3 for one user. */
export async function getUserView(db: DbOrTx, id: number): Promise<User> {
  const row = await findActiveUserById(db, id);
  if (!row) throw notFound('auth.userNotFound');
  const since = new Date(Date.now() - LOGIN_COUNTER_DAYS * 24 * 3600 * 1000);
  const [whs, loginCount, money] = await Promise.all([
    warehousesOfUser(db, id),
    recentLoginCount(db, id, since),
    moneyViewsOf(db, [id]),
  ]);
  const role = row.role as Role;
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    role,
    asseco_id: row.assecoId,
    card: null,
    ...(money.get(id) ?? toMoneyView(ZERO_BALANCES)),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    login_counter_weekly: loginCount,
    wholesaler_ids: role === 'wholesaler' ? whs.map((w) => w.id) : [],
    warehouses: whs,
  };
}
