import { sql } from 'drizzle-orm';
import { wallets } from '../../db/schema.ts';

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
