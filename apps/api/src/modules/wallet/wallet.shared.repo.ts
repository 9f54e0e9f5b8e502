import { type SQL, sql } from 'drizzle-orm';
import { wallets } from '../../db/schema.ts';
import { EARNED_FIELDS } from './money-rules.ts';

/*
 * What the wallet lends to other modules' SQL (decision 052): the money columns their lists sort and
 * sum by, and the lock a transaction takes on members' wallets before it changes their memberships
 * (the wallet's lock order, written once in ledger.repo.ts).
 */

export { lockMemberWallets } from './ledger.repo.ts';

/**
 * SQL expressions (grosze) for sorting and summing lists by money, over a LEFT JOIN of
 * `wallets` on users.id = wallets.user_id (missing rows count as 0). Other modules' list
 * queries embed them from here. The wallets_sort_* indexes (db/schema.ts) are
 * built on exactly these expressions.
 */
export const moneySql = {
  totalAmount: sql<number>`coalesce(${sql.join(
    EARNED_FIELDS.map((f) => wallets[f]),
    sql` + `,
  )}, 0)`,
  amountFromQuiz: sql<number>`coalesce(${wallets.earnedQuiz}, 0)`,
  inWithdrawal: sql<number>`coalesce(${wallets.inWithdrawal}, 0)`,
  withdrawn: sql<number>`coalesce(${wallets.withdrawn}, 0)`,
  available: sql<number>`coalesce(${wallets.available}, 0)`,
};

/** What the user `userId` (an expression of the statement) holds available, in grosze: 0 without a wallet. */
export function availableOf(userId: SQL): SQL<number> {
  return sql<number>`coalesce((select w.available from ${wallets} w where w.user_id = ${userId}), 0)`;
}
