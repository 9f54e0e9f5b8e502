import { type SQL, sql } from 'drizzle-orm';
import { wallets } from '../../db/schema.ts';
import { EARNED_FIELDS, LEDGER_KINDS, type LedgerKind, MOVES } from './money-rules.ts';

/*
 * What the wallet lends to other modules' SQL (decision 052): the money columns their lists sort and
 * sum by, and the lock a transaction takes on members' wallets before it changes their memberships
 * (the wallet's lock order, written once in ledger.repo.ts).
 */

export { lockMemberWallets } from './ledger.repo.ts';
export type { LedgerKind } from './money-rules.ts';

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

/**
 * How an entry of each kind changes what its rep earned (the money rules' EARNED_FIELDS moves, summed):
 * +1 a reward, −1 a correction or reversal, 0 money that only moves (withdrawals, settlements).
 */
export const EARNED_SIGN: Readonly<Record<LedgerKind, number>> = Object.fromEntries(
  LEDGER_KINDS.map((k) => [k, EARNED_FIELDS.reduce((s, f) => s + (MOVES[k][f] ?? 0), 0)]),
) as Record<LedgerKind, number>;

/** The kinds that change what a rep earned (EARNED_SIGN ≠ 0). */
export const EARNING_LEDGER_KINDS: readonly LedgerKind[] = LEDGER_KINDS.filter((k) => EARNED_SIGN[k] !== 0);

/** SQL: the change an entry (its kind and amount expressions) makes to what its rep earned, in grosze. */
export function earnedDeltaSql(kind: SQL, amount: SQL): SQL<number> {
  // Constants of the money rules, written into the statement (not parameters): the plan sees plain numbers.
  const cases = EARNING_LEDGER_KINDS.map((k) => sql.raw(`when '${k}' then ${EARNED_SIGN[k]}`));
  return sql<number>`(case ${kind} ${sql.join(cases, sql` `)} else 0 end) * ${amount}`;
}
