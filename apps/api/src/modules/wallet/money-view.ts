import type { User } from '@incentive/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { wallets } from '../../db/schema.ts';
import { formatGrosze } from '../../lib/money.ts';

/** The money fields of the User entity (SPEC.md section 3), all from the wallet balances. */
export type MoneyView = Pick<
  User,
  | 'wallet'
  | 'money_earned'
  | 'money_withdrawed'
  | 'withdraw_amount'
  | 'total_amount'
  | 'amount_from_quiz'
  | 'money_to_get'
  | 'challenges'
>;

export interface Balances {
  available: number;
  inWithdrawal: number;
  withdrawn: number;
  earnedQuiz: number;
  earnedChallenge: number;
  earnedAdjustment: number;
  updatedAt?: Date | null;
}

export const ZERO_BALANCES: Balances = {
  available: 0,
  inWithdrawal: 0,
  withdrawn: 0,
  earnedQuiz: 0,
  earnedChallenge: 0,
  earnedAdjustment: 0,
};

/**
 * How the spec's fields map onto the balances:
 * - wallet.money: available now; wallet.in_withdrawal: requested, not yet paid;
 * - money_earned: earned and not yet paid out (available + in withdrawal);
 * - money_withdrawed = withdraw_amount: paid out to the card;
 * - total_amount: everything earned (quiz + challenge + adjustments) = money_earned + money_withdrawed;
 * - amount_from_quiz: earned from quizzes.
 */
export function toMoneyView(b: Balances): MoneyView {
  return {
    wallet: {
      money: formatGrosze(b.available),
      in_withdrawal: formatGrosze(b.inWithdrawal),
      updated_at: b.updatedAt?.toISOString() ?? null,
    },
    money_earned: formatGrosze(b.available + b.inWithdrawal),
    money_withdrawed: formatGrosze(b.withdrawn),
    withdraw_amount: formatGrosze(b.withdrawn),
    total_amount: formatGrosze(b.earnedQuiz + b.earnedChallenge + b.earnedAdjustment),
    amount_from_quiz: formatGrosze(b.earnedQuiz),
    // Filled by the quizzes and challenges features.
    money_to_get: formatGrosze(0),
    challenges: [],
  };
}

/** Balances of many users in one query; users without a wallet row have zeros. */
export async function balancesOf(db: DbOrTx, userIds: number[]): Promise<Map<number, Balances>> {
  const out = new Map<number, Balances>();
  if (userIds.length === 0) return out;
  const rows = await db.select().from(wallets).where(inArray(wallets.userId, userIds));
  for (const r of rows) out.set(r.userId, r);
  return out;
}

export async function moneyViewsOf(db: DbOrTx, userIds: number[]): Promise<Map<number, MoneyView>> {
  const balances = await balancesOf(db, userIds);
  return new Map(userIds.map((id) => [id, toMoneyView(balances.get(id) ?? ZERO_BALANCES)]));
}

/**
 * SQL expressions (grosze) for sorting and summing lists by money, over a LEFT JOIN of
 * `wallets` on users.id = wallets.user_id (missing rows count as 0).
 */
export const moneySql = {
  totalAmount: sql<number>`coalesce(${wallets.earnedQuiz} + ${wallets.earnedChallenge} + ${wallets.earnedAdjustment}, 0)`,
  amountFromQuiz: sql<number>`coalesce(${wallets.earnedQuiz}, 0)`,
  inWithdrawal: sql<number>`coalesce(${wallets.inWithdrawal}, 0)`,
  withdrawn: sql<number>`coalesce(${wallets.withdrawn}, 0)`,
  available: sql<number>`coalesce(${wallets.available}, 0)`,
};
