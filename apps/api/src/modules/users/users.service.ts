import type { Role, User } from '@incentive/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { formatGrosze } from '../../lib/money.ts';
import { findActiveUserById, recentLoginCount, warehousesOfUser } from './users.repo.ts';

export const LOGIN_COUNTER_DAYS = 14;

/** The User entity of SPEC.md section 3 for one user. Money fields are filled by the wallet feature. */
export async function getUserView(db: DbOrTx, id: number): Promise<User> {
  const row = await findActiveUserById(db, id);
  if (!row) throw notFound('auth.userNotFound');
  const since = new Date(Date.now() - LOGIN_COUNTER_DAYS * 24 * 3600 * 1000);
  const [whs, loginCount] = await Promise.all([warehousesOfUser(db, id), recentLoginCount(db, id, since)]);
  const role = row.role as Role;
  const zero = formatGrosze(0);
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    role,
    asseco_id: row.assecoId,
    card: null,
    wallet: { money: zero, in_withdrawal: zero },
    money_earned: zero,
    money_withdrawed: zero,
    withdraw_amount: zero,
    total_amount: zero,
    amount_from_quiz: zero,
    money_to_get: zero,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    login_counter_weekly: loginCount,
    challenges: [],
    wholesaler_ids: role === 'wholesaler' ? whs.map((w) => w.id) : [],
    warehouses: whs,
  };
}
